import { relativeArticlePath } from "./check-article-path";
import type { CompileProposal, NewArticle, ProposedRelation } from "./compile-types";

/** Finds an existing article by path or name: `byPath` for "concepts/x", `byName` for a title or alias. */
export interface ExistingArticles {
  byPath: (rel: string) => string | null;
  byName: (name: string) => string | null;
  /** True when a link path names any note of the vault (body links may point outside the knowledge base). */
  resolves?: (linkpath: string) => boolean;
}

/** A title or alias as compared: lowercase letters and digits, single spaces. */
export function nameKey(name: string): string {
  return name
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/**
 * Prefers updating over creating (seed 003): a new article whose path, title or an alias names an existing article
 * becomes an update of that article that counts the re-discovery (corroborations + 1) and adds the log as a source.
 * References to the dropped path elsewhere in the proposal are pointed at the existing article.
 */
export function dedupeProposal(proposal: CompileProposal, existing: ExistingArticles, knowledgeFolder: string): CompileProposal {
  const renamed = new Map<string, string>();
  const created: NewArticle[] = [];
  const updated = proposal.updated.map((u) => ({ ...u }));
  const notes = [...proposal.notes];
  for (const a of proposal.created) {
    const rel = relativeArticlePath(a.path, knowledgeFolder);
    const match = existing.byPath(rel) ?? [a.title, ...a.aliases].map((n) => existing.byName(nameKey(n))).find((p) => p !== null) ?? null;
    if (!match) {
      created.push(a);
      continue;
    }
    const matchRel = relativeArticlePath(match, knowledgeFolder);
    renamed.set(rel, matchRel);
    notes.push(`"${a.title}" (${rel}) is already in the knowledge base as ${matchRel}: counted as a corroboration of it, with this log as a new source`);
    const prior = updated.find((u) => u.path === match);
    if (prior) prior.corroborate = true;
    else updated.push({ path: match, set: {}, sections: [], corroborate: true });
  }
  if (renamed.size === 0) return { ...proposal, created, updated, notes };
  const fix = (r: ProposedRelation): ProposedRelation => ({ ...r, target: renamed.get(r.target) ?? r.target });
  const fixText = (t: string): string => t.replace(/\[\[([^\]|#^]+)/g, (all, p: string) => (renamed.has(p.trim()) ? `[[${renamed.get(p.trim())}` : all));
  return {
    ...proposal,
    notes,
    created: created.map((a) => ({
      ...a,
      body: fixText(a.body),
      connects: a.connects.map((c) => renamed.get(c) ?? c),
      similarHigh: a.similarHigh.map(fix),
      similarMid: a.similarMid.map(fix),
    })),
    updated: updated.map((u) => ({
      ...u,
      set: {
        ...u.set,
        ...(u.set.similarHigh ? { similarHigh: u.set.similarHigh.map(fix) } : {}),
        ...(u.set.similarMid ? { similarMid: u.set.similarMid.map(fix) } : {}),
      },
      sections: u.sections.map((s) => ({ ...s, text: fixText(s.text) })),
    })),
  };
}
