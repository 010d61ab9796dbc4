import { Document } from "yaml";
import { formatRelation } from "../ckp/parse-relation";
import { setHeaderFields } from "../ckp/write-ckp-header";
import { parseNote } from "../notes/parse-note";
import { err, ok, type Result } from "../result";
import { findSection, normaliseHeading, splitSections } from "./article-sections";
import { applyLintFix } from "../lint/apply-lint-fix";
import { shrinkProblem } from "./check-patch";
import type { ArticleUpdate, CompilePlan, CompileProposal, FileChange, NewArticle, ProposedRelation } from "./compile-types";

const linkOf = (path: string): string => path.replace(/\.md$/i, "");
/** Relationships as written: every one the model kept or added was judged at this compile, so it carries this month (seed 002: the stamp is when the relationship was last validated). */
const rels = (list: ProposedRelation[], month: string): string[] => list.map((r) => formatRelation(r.target, month));

/** The full text of a new article: our YAML header (CKP fields, source link, stamps) and the body with a Sources section. */
export function renderNewArticle(a: NewArticle, plan: CompilePlan): string {
  const source = `[[${linkOf(plan.logPath)}]]`;
  const fm: Record<string, unknown> = { title: a.title };
  if (a.aliases.length > 0) fm.aliases = a.aliases;
  if (a.tags.length > 0) fm.tags = a.tags;
  fm.sources = [source];
  fm.created = plan.today;
  fm.updated = plan.today;
  fm.tldr = a.tldr;
  if (a.answersWhen.length > 0) fm.answers_when = a.answersWhen;
  if (a.similarHigh.length > 0) fm.similar_high = rels(a.similarHigh, plan.month);
  if (a.similarMid.length > 0) fm.similar_mid = rels(a.similarMid, plan.month);
  if (a.kind === "connection") fm.connects = a.connects.map((c) => `[[${c}]]`);
  fm.corroborations = 1;
  fm.validated = plan.month;
  const yaml = new Document(fm).toString({ lineWidth: 0 });
  const body = addSourceLine(withBacklinks(`${a.body.trim()}\n`, a.backlinks ?? []), plan);
  return `---\n${yaml}---\n${body}`;
}

/** Adds `- [[x]]` under Related Concepts for each article that does not yet appear as a link in the text. */
function withBacklinks(text: string, rels: string[]): string {
  let out = text;
  for (const rel of rels) {
    if (new RegExp(`\\[\\[${rel.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(\\.md)?[\\]|#]`).test(out)) continue;
    const r = applyLintFix(out, { kind: "add-backlink", path: "", target: rel });
    if (r.ok) out = r.value;
  }
  return out;
}

/** Appends `- [[log]] - Compiled <day>` to the Sources section (made when missing), unless the log is already listed there. */
function addSourceLine(text: string, plan: CompilePlan): string {
  const line = `- [[${linkOf(plan.logPath)}]] - Compiled ${plan.today}`;
  const sources = findSection(splitSections(text), "Sources");
  if (!sources) return `${text.replace(/\s+$/, "")}\n\n## Sources\n${line}\n`;
  if (sources.content.includes(`[[${linkOf(plan.logPath)}`)) return text;
  return text.slice(0, sources.contentStart) + appendTo(sources.content, line, sources.end === text.length) + text.slice(sources.end);
}

/** A section's content with text added at its end: list items join a list, anything else starts a paragraph. */
function appendTo(content: string, added: string, last: boolean): string {
  const kept = content.replace(/\s+$/, "");
  const lastLine = kept.slice(kept.lastIndexOf("\n") + 1);
  const joinsList = /^\s*([-*+]|\d+\.)\s/.test(added) && /^\s*([-*+]|\d+\.)\s/.test(lastLine);
  const sep = kept === "" ? "" : joinsList ? "\n" : "\n\n";
  return `${kept}${sep}${added.trim()}\n${last ? "" : "\n"}`;
}

/**
 * Applies an update to an article's current text: section patches only where the section still reads exactly as the
 * model saw it (else an error naming the section, and nothing changes), the log added as a source, header fields set
 * through the frontmatter writer (body bytes outside the patched sections untouched).
 */
export function applyUpdate(current: string, update: ArticleUpdate, plan: CompilePlan): Result<string, string> {
  const shown = plan.shown.find((s) => s.path === update.path);
  let text = current;
  const sections = splitSections(current);
  const patches = update.sections.map((p) => {
    const now = findSection(sections, p.heading);
    const seen = shown?.sections.find((s) => normaliseHeading(s.heading) === normaliseHeading(p.heading));
    return { p, now, seen };
  });
  for (const { p, now, seen } of patches) {
    if (!now) return err(`the section "${p.heading}" is no longer in the article`);
    if (!seen || seen.content !== now.content) return err(`the section "${p.heading}" changed since the proposal was made`);
  }
  const changedField = fieldChangedSinceSeen(current, update, shown?.seenFields);
  if (changedField) return err(`the header field "${changedField}" changed since the proposal was made`);
  for (const { p, now } of [...patches].sort((a, b) => b.now!.start - a.now!.start)) {
    const s = now!;
    const last = s.end === text.length;
    const content = p.action === "replace" ? `${p.text.trim()}\n${last ? "" : "\n"}` : appendTo(s.content, p.text, last);
    text = text.slice(0, s.contentStart) + content + text.slice(s.end);
  }
  text = withBacklinks(text, update.backlinks ?? []);
  if (update.fromLog === false && update.sections.length === 0 && Object.keys(update.set).length === 0 && !update.corroborate) return ok(text);
  text = addSourceLine(text, plan);
  const fm = parseNote(text).frontmatter ?? {};
  const source = `[[${linkOf(plan.logPath)}]]`;
  const oldSources: unknown[] = Array.isArray(fm.sources) ? (fm.sources as unknown[]) : typeof fm.sources === "string" ? [fm.sources] : [];
  const listed = oldSources.some(
    (s) =>
      typeof s === "string" &&
      s
        .replace(/^\[\[|\]\]$/g, "")
        .replace(/\.md$/i, "")
        .split("|")[0] === linkOf(plan.logPath),
  );
  const fields: Record<string, unknown> = { updated: plan.today };
  if (!listed) fields.sources = [...oldSources, source];
  const set = update.set;
  if (set.tldr !== undefined) fields.tldr = set.tldr;
  if (set.answersWhen !== undefined) fields.answers_when = set.answersWhen;
  if (set.aliases !== undefined) fields.aliases = set.aliases;
  if (set.tags !== undefined) fields.tags = set.tags;
  if (set.similarHigh !== undefined) fields.similar_high = set.similarHigh.length > 0 ? rels(set.similarHigh, plan.month) : undefined;
  if (set.similarMid !== undefined) fields.similar_mid = set.similarMid.length > 0 ? rels(set.similarMid, plan.month) : undefined;
  if (set.similarHigh !== undefined || set.similarMid !== undefined) fields.validated = plan.month;
  if (update.corroborate) fields.corroborations = (typeof fm.corroborations === "number" ? fm.corroborations : 1) + 1;
  const written = setHeaderFields(text, fields);
  if (!written.ok) return err(written.error);
  const shrunk = shrinkProblem(current, written.value);
  return shrunk ? err(shrunk) : ok(written.value);
}

const FIELD_KEYS: Record<keyof ArticleUpdate["set"], string> = {
  tldr: "tldr",
  answersWhen: "answers_when",
  aliases: "aliases",
  tags: "tags",
  similarHigh: "similar_high",
  similarMid: "similar_mid",
};

/**
 * Three-way check of the header fields an update sets: the value the model saw against the value now. The first
 * field a person changed meanwhile is returned (the update must then not overwrite it); null when none changed.
 */
function fieldChangedSinceSeen(current: string, update: ArticleUpdate, seen: Record<string, unknown> | null | undefined): string | null {
  if (seen === undefined) return null;
  const keys = (Object.keys(update.set) as (keyof ArticleUpdate["set"])[]).map((k) => FIELD_KEYS[k]);
  if (keys.length === 0) return null;
  const now = parseNote(current).frontmatter ?? {};
  const before = seen ?? {};
  return keys.find((k) => JSON.stringify(now[k] ?? null) !== JSON.stringify(before[k] ?? null)) ?? null;
}

/** One line per change of an update, for the review. */
export function describeUpdate(u: ArticleUpdate, plan: CompilePlan): string[] {
  const out: string[] = [];
  const s = u.set;
  if (s.tldr !== undefined) out.push("sets tldr");
  if (s.answersWhen !== undefined) out.push("sets answers_when");
  if (s.aliases !== undefined) out.push("sets aliases");
  if (s.tags !== undefined) out.push("sets tags");
  if (s.similarHigh !== undefined) out.push(`sets similar_high (${s.similarHigh.length})`);
  if (s.similarMid !== undefined) out.push(`sets similar_mid (${s.similarMid.length})`);
  for (const p of u.sections) out.push(`${p.action === "append" ? "appends to" : "replaces"} section "${p.heading}"`);
  if (u.corroborate) out.push("counts a corroboration (re-discovered by this log)");
  for (const b of u.backlinks ?? []) out.push(`adds a backlink to ${b} under Related Concepts`);
  if (u.fromLog !== false || u.sections.length > 0 || Object.keys(s).length > 0 || u.corroborate) out.push(`adds source ${linkOf(plan.logPath)}`);
  return out;
}

/**
 * The files a proposal would write, with their text before and after as of now (for the review's diffs). An update
 * that cannot apply even now is left out and reported in `problems`.
 */
export function buildChanges(
  proposal: CompileProposal,
  plan: CompilePlan,
  textOf: (path: string) => string | undefined,
): { changes: FileChange[]; problems: string[] } {
  const changes: FileChange[] = [];
  const problems: string[] = [];
  for (const a of proposal.created) {
    changes.push({ path: a.path, kind: "create", before: null, after: renderNewArticle(a, plan), update: null, summary: [`new ${a.kind}: ${a.title}`] });
  }
  for (const u of proposal.updated) {
    const before = textOf(u.path);
    if (before === undefined) {
      problems.push(`${u.path} no longer exists; its update was dropped`);
      continue;
    }
    const after = applyUpdate(before, u, plan);
    if (!after.ok) problems.push(`${u.path}: ${after.error}; its update was dropped`);
    else changes.push({ path: u.path, kind: "update", before, after: after.value, update: u, summary: describeUpdate(u, plan) });
  }
  return { changes, problems };
}
