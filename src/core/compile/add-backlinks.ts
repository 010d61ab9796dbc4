import { classifyPath, isArticleKind } from "../knowledge/knowledge-layout";
import { parseNote } from "../notes/parse-note";
import { relativeArticlePath } from "./check-article-path";
import type { ArticleUpdate, CompileProposal, NewArticle } from "./compile-types";

/** The notes a piece of Markdown links to, as the linter sees links (embeds and links in code do not count). */
const linksIn = (markdown: string): string[] =>
  parseNote(markdown)
    .links.filter((l) => (l.kind === "wikilink" || l.kind === "markdown") && l.path !== "")
    .map((l) => l.path.replace(/\.md$/i, ""));

/** Every knowledge-relative article a new article links to: body links, relationships, connected concepts. */
function targetsOf(a: NewArticle): Set<string> {
  return new Set([...linksIn(a.body), ...a.similarHigh.map((r) => r.target), ...a.similarMid.map((r) => r.target), ...a.connects]);
}

/** Every knowledge-relative article an update makes its article link to. */
function targetsOfUpdate(u: ArticleUpdate): Set<string> {
  return new Set([
    ...(u.set.similarHigh ?? []).map((r) => r.target),
    ...(u.set.similarMid ?? []).map((r) => r.target),
    ...u.sections.flatMap((s) => linksIn(s.text)),
  ]);
}

/**
 * Keeps links two-way (the linter's missing-backlink check): an existing article a new article links to gets a
 * backlink under Related Concepts, and a new article an updated article now links to links back to it. Backlink-only
 * updates do not make the log a source and leave `updated` alone (so no relationship stamp goes stale for them).
 */
export function addBacklinks(proposal: CompileProposal, existingPath: (rel: string) => string | null, knowledgeFolder: string): CompileProposal {
  const created = proposal.created.map((a) => ({ ...a, backlinks: [...(a.backlinks ?? [])] }));
  const updated = proposal.updated.map((u) => ({ ...u, backlinks: [...(u.backlinks ?? [])], fromLog: u.fromLog ?? true }));
  const createdByRel = new Map(created.map((a) => [relativeArticlePath(a.path, knowledgeFolder), a]));
  for (const a of created) {
    const self = relativeArticlePath(a.path, knowledgeFolder);
    for (const t of targetsOf(a)) {
      if (t === self) continue;
      const other = createdByRel.get(t);
      if (other) {
        if (!targetsOf(other).has(self) && !other.backlinks.includes(self)) other.backlinks.push(self);
        continue;
      }
      const path = existingPath(t);
      const kind = path ? classifyPath(path, knowledgeFolder) : null;
      if (!path || !isArticleKind(kind)) continue;
      let u = updated.find((x) => x.path === path);
      if (!u) {
        u = { path, set: {}, sections: [], corroborate: false, backlinks: [], fromLog: false };
        updated.push(u);
      }
      if (!u.backlinks.includes(self)) u.backlinks.push(self);
    }
  }
  for (const u of updated) {
    const self = relativeArticlePath(u.path, knowledgeFolder);
    for (const t of targetsOfUpdate(u)) {
      const a = createdByRel.get(t);
      if (a && !targetsOf(a).has(self) && !a.backlinks.includes(self)) a.backlinks.push(self);
    }
  }
  return { ...proposal, created, updated };
}
