import { describe, expect, it } from "vitest";
import { TFile } from "../fakes/obsidian-stub";
import { ObsidianVaultView } from "../../src/obsidian/obsidian-vault-view";

const pos = (offset: number) => ({ line: offset, col: 0, offset });

/** A vault of `n` articles and an index note linking every one, as Obsidian's metadata cache describes them. */
function indexVault(n: number) {
  const files = new Map<string, TFile>();
  const add = (path: string) => files.set(path, new TFile(path));
  const articles = Array.from({ length: n }, (_, i) => `knowledge/concepts/a-${(i * 7919) % n}.md`);
  articles.forEach(add);
  add("knowledge/index.md");
  const links = articles.map((p, i) => ({
    link: p.slice(p.lastIndexOf("/") + 1, -3),
    original: "[[x]]",
    position: { start: pos(10 * i + 5), end: pos(10 * i + 9) },
  }));
  const app = {
    vault: { getMarkdownFiles: () => [...files.values()], getAbstractFileByPath: (p: string) => files.get(p) ?? null },
    metadataCache: {
      getFileCache: (f: TFile) => (f.path === "knowledge/index.md" ? { links } : {}),
      resolvedLinks: { "knowledge/index.md": Object.fromEntries(articles.map((p) => [p, 1])) } as Record<string, Record<string, number>>,
      unresolvedLinks: {} as Record<string, Record<string, number>>,
      getFirstLinkpathDest: () => null,
    },
  };
  return { view: new ObsidianVaultView(app as never), articles, links };
}

const count = (steps: Generator<void, void, void>) => {
  let n = 0;
  while (!steps.next().done) n++;
  return n;
};

describe("ObsidianVaultView in steps (the first lint of a large vault)", () => {
  it("prepares a note linking 10,000 others a few hundred links a step, then answers as without preparing", () => {
    const { view, links } = indexVault(10_000);
    const plain = indexVault(10_000).view;
    view.useResolvedLinks = plain.useResolvedLinks = true;
    expect(count(view.prepare("knowledge/index.md"))).toBeGreaterThan(30);
    expect(view.note("knowledge/index.md")).toEqual(plain.note("knowledge/index.md"));
    for (const l of links.slice(0, 50)) expect(view.resolve(l.link, "knowledge/index.md")).toBe(plain.resolve(l.link, "knowledge/index.md"));
    // Prepared once: nothing left to do the second time.
    expect(count(view.prepare("knowledge/index.md"))).toBe(0);
  });

  it("sorts 10,000 note paths in steps, exactly as notePaths() sorts them at once", () => {
    const { view } = indexVault(10_000);
    const plain = indexVault(10_000).view;
    expect(count(view.preparePaths())).toBeGreaterThan(10);
    expect(view.notePaths()).toEqual(plain.notePaths());
  });
});
