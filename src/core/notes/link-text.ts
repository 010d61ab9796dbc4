/** The parts of a link target as Obsidian looks them up. */
export interface LinkParts {
  path: string;
  subpath: string;
  display?: string;
}

/** Splits `path#sub#sub` into the link path and its subpath, kept as written from the first `#` on. */
export function splitSubpath(target: string): { path: string; subpath: string } {
  const hash = target.indexOf("#");
  if (hash === -1) return { path: target.trim(), subpath: "" };
  return { path: target.slice(0, hash).trim(), subpath: target.slice(hash).trim() };
}

/** Parses the inside of `[[...]]`: target, subpath and display text (an escaped `\|` in tables separates too). */
export function parseWikilinkInner(inner: string): LinkParts {
  const bar = inner.indexOf("|");
  if (bar === -1) return splitSubpath(inner);
  const target = bar > 0 && inner.charCodeAt(bar - 1) === 92 /* \ */ ? inner.slice(0, bar - 1) : inner.slice(0, bar);
  return { ...splitSubpath(target), display: inner.slice(bar + 1) };
}

/** Parses a markdown link destination: null for URLs (`scheme:`, `//`), else the URL-decoded path and subpath. */
export function parseMarkdownTarget(raw: string, display: string): LinkParts | null {
  if (raw === "" || isUrl(raw)) return null;
  let decoded = raw;
  if (raw.includes("%")) {
    try {
      decoded = decodeURIComponent(raw);
    } catch {
      decoded = raw;
    }
  }
  return { ...splitSubpath(decoded), display };
}

/** True for `scheme:...` (http:, mailto:, obsidian:, file:) and protocol-relative `//host` destinations. */
export function isUrl(raw: string): boolean {
  if (raw.startsWith("//")) return true;
  const c0 = raw.charCodeAt(0) | 32;
  if (c0 < 97 || c0 > 122) return false;
  for (let i = 1; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c === 58 /* : */) return true;
    const l = c | 32;
    if (!((l >= 97 && l <= 122) || (c >= 48 && c <= 57) || c === 43 || c === 46 || c === 45)) return false;
  }
  return false;
}
