/**
 * Resolves link paths to vault files by Obsidian's rules (as `metadataCache.getFirstLinkpathDest` does in Obsidian
 * 1.13): names are case-insensitive and `.md` is optional for notes; any link path that is an exact vault path wins
 * (`[[Note]]` is the root's `Note.md` even when a `Note.md` sits beside the source); then a path resolves relative to
 * the source note's folder (`./`, `../`, or a plain relative path), then as a path suffix; a bare name resolves to
 * the file with that name in the source note's folder, else the shortest path (ties broken alphabetically).
 * Markdown link destinations arrive URL-decoded and resolve the same way, vault-wide. Attachments resolve by their
 * full file name. Aliases never resolve a link. Adding or removing a file touches only its own map entries.
 */
export class LinkResolver {
  private readonly byPath = new Map<string, string>();
  private readonly byName = new Map<string, string[]>();

  /** Registers a file (note or attachment). */
  add(path: string): void {
    const lower = path.toLowerCase();
    if (this.byPath.has(lower)) return;
    this.byPath.set(lower, path);
    const key = nameKey(path);
    const list = this.byName.get(key);
    if (list) list.push(path);
    else this.byName.set(key, [path]);
  }

  /** Forgets a file. */
  remove(path: string): void {
    const lower = path.toLowerCase();
    const actual = this.byPath.get(lower);
    if (actual === undefined) return;
    this.byPath.delete(lower);
    const key = nameKey(actual);
    const list = this.byName.get(key)?.filter((p) => p !== actual) ?? [];
    if (list.length === 0) this.byName.delete(key);
    else this.byName.set(key, list);
  }

  /** True when the exact path (any case) is a file. */
  has(path: string): boolean {
    return this.byPath.has(path.toLowerCase());
  }

  /** The actual path of a file given any case, or undefined. */
  actual(path: string): string | undefined {
    return this.byPath.get(path.toLowerCase());
  }

  /** Lowercase name keys of all files (for "which broken links may now resolve"). */
  static keyOf(linkpath: string): string {
    return nameKey(linkpath.trim());
  }

  /** Resolves a link path written in sourcePath to a file path, or null. An empty link path is the source itself. */
  resolve(linkpath: string, sourcePath: string): string | null {
    let lp = linkpath.trim().replace(/\\/g, "/");
    if (lp === "") return this.actual(sourcePath) ?? null;
    const rooted = lp.startsWith("/");
    lp = lp.replace(/^\/+/, "");
    const folder = parentOf(sourcePath);
    const hasPath = lp.includes("/");
    const direct = this.lookup(lp);
    if (direct) return direct;
    if (!rooted && hasPath) {
      const rel = joinPath(folder, lp);
      if (rel !== null) {
        const hit = this.lookup(rel);
        if (hit) return hit;
      }
    }
    const candidates = this.byName.get(nameKey(lp));
    if (!candidates) return null;
    const suffix = "/" + lp.toLowerCase().replace(/^(\.\.?\/)+/, "");
    const matching = hasPath
      ? candidates.filter((c) => ("/" + c.toLowerCase()).endsWith(suffix) || ("/" + c.toLowerCase()).endsWith(suffix + ".md"))
      : candidates;
    if (matching.length === 0) return null;
    const sameFolder = matching.find((c) => parentOf(c) === folder);
    if (sameFolder) return sameFolder;
    return [...matching].sort((a, b) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0))[0]!;
  }

  private lookup(path: string): string | undefined {
    const lower = path.toLowerCase();
    return this.byPath.get(lower + ".md") ?? this.byPath.get(lower);
  }
}

function nameKey(path: string): string {
  const file = path.slice(path.lastIndexOf("/") + 1).toLowerCase();
  return file.endsWith(".md") ? file.slice(0, -3) : file;
}

function parentOf(path: string): string {
  const i = path.lastIndexOf("/");
  return i === -1 ? "" : path.slice(0, i);
}

function joinPath(folder: string, rel: string): string | null {
  const parts = folder === "" ? [] : folder.split("/");
  for (const seg of rel.split("/")) {
    if (seg === "" || seg === ".") continue;
    if (seg === "..") {
      if (parts.length === 0) return null;
      parts.pop();
    } else parts.push(seg);
  }
  return parts.join("/");
}
