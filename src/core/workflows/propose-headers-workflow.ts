import { readCkpHeader } from "../ckp/read-ckp-header";
import { setHeaderFields } from "../ckp/write-ckp-header";
import type { UndoRecord } from "../compile/write-compile";
import { draftHeader, type DraftRelation, type HeaderFields } from "../headers/draft-header";
import { buildRefineRequest, estimateRefine, parseRefineReply, refineBatches, type RefineEstimate, type RefineItem } from "../headers/refine-headers";
import { matchDailyNote } from "../knowledge/daily-notes";
import { classifyPath, reportFolderOf } from "../knowledge/knowledge-layout";
import { costAt } from "../llm/cost";
import { addUsage, type TokenUsage } from "../llm/language-model";
import { parseNote } from "../notes/parse-note";
import { baseName } from "../route/article-doc";
import { localDate } from "../util/local-date";
import type { KcHost, ModelUnavailable } from "../ports/host";
import { writeHeadersReviewed } from "./reviewed-writes";
import { headerChangeRefusal } from "../knowledge/write-rules";

/** One note's proposed header: its text now and with the header, the fields set, and where relationships came from. */
export interface HeaderProposal {
  path: string;
  before: string;
  after: string;
  fields: HeaderFields;
  relations: DraftRelation[];
  /** The offline draft, or the draft with the model's TLDR and answers_when. */
  by: "draft" | "model";
}

/** A note no header was proposed for, and why. */
export interface HeaderSkip {
  path: string;
  reason: string;
}

/** What the optional model pass did. */
export type HeaderModelPass =
  | { status: "off" }
  | { status: "declined"; estimate: RefineEstimate }
  | { status: "unavailable"; error: ModelUnavailable }
  | { status: "done"; estimate: RefineEstimate; model: string; refined: number; failed: string[]; usage: TokenUsage; usd: number };

/** Which notes to propose headers for, and how. */
export interface HeaderRequest {
  /** Vault paths (with or without .md) or links. */
  paths: string[];
  /** Also up to this many notes of the vault that have no TLDR and no answers_when yet. */
  allMissing?: number;
  /** Improve the drafts' TLDR and answers_when with the host's compile model (after confirmSpend). */
  model?: boolean;
  /** Propose only: no review, no write. */
  dryRun?: boolean;
}

/** What the person is asked: the spend before a model pass, and the review of the proposals (the paths to write). */
export interface HeaderPorts {
  confirmSpend?(estimate: RefineEstimate, modelId: string): Promise<boolean>;
  review?(proposals: readonly HeaderProposal[], pass: HeaderModelPass): Promise<ReadonlySet<string> | null>;
}

/** How a header run ended: the proposals and skips, the model pass, and what was written (one undoable unit). */
export interface HeaderRun {
  proposals: HeaderProposal[];
  skipped: HeaderSkip[];
  pass: HeaderModelPass;
  /** The undo record of the write; null when nothing was written (dry run, nothing accepted, or refused). */
  written: UndoRecord | null;
  writeError: string | null;
}

/**
 * Proposes CKP headers for existing notes, the same in every host: an offline draft for each chosen note (TLDR from
 * its opening, answers_when from its headings, relationships from its links and lexical neighbours, stamped with the
 * month), optionally improved by the compile model after the spend is confirmed, then reviewed, and the accepted
 * notes written as one undoable write that changes frontmatter only.
 */
export async function proposeNoteHeaders(
  host: KcHost,
  request: HeaderRequest,
  ports: HeaderPorts = {},
  options: { signal?: AbortSignal } = {},
): Promise<HeaderRun> {
  const skipped: HeaderSkip[] = [];
  const paths: string[] = [];
  for (const name of request.paths) {
    const path = await findNote(host, name);
    if (path === null) skipped.push({ path: name, reason: "no such note" });
    else if (!paths.includes(path)) paths.push(path);
  }
  if (request.allMissing) for (const p of notesWithoutHeaders(host, request.allMissing, paths)) paths.push(p);
  const proposals: HeaderProposal[] = [];
  for (const path of paths) {
    const r = await draftProposal(host, path);
    if ("reason" in r) skipped.push(r);
    else proposals.push(r);
  }
  const pass = request.model && proposals.length > 0 ? await refineWithModel(host, proposals, ports, options.signal) : { status: "off" as const };
  const run: HeaderRun = { proposals, skipped, pass, written: null, writeError: null };
  if (request.dryRun || proposals.length === 0 || !ports.review) return run;
  const accepted = await ports.review(proposals, pass);
  const chosen = proposals.filter((p) => accepted?.has(p.path));
  if (chosen.length === 0) return run;
  const w = await writeHeadersReviewed(host, chosen);
  return w.ok ? { ...run, written: w.value } : { ...run, writeError: w.error };
}

/** Up to `max` notes of the index without a TLDR and answers_when of their own, in path order, leaving out `taken`. */
export function notesWithoutHeaders(host: Pick<KcHost, "index" | "rules">, max: number, taken: readonly string[] = []): string[] {
  const rules = host.rules();
  const out: string[] = [];
  const docs = [...host.index().all()].sort((a, b) => (a.path < b.path ? -1 : 1));
  for (const d of docs) {
    if (out.length >= max) break;
    if (d.hasTldr || d.header.answersWhen.length > 0 || taken.includes(d.path) || !d.hasBody) continue;
    if (isJournal(d.path, rules) || ownFile(d.path, host)) continue;
    out.push(d.path);
  }
  return out;
}

/** True for a daily note by the settings, or a note named by its date (a journal the settings do not describe). */
function isJournal(path: string, rules: ReturnType<KcHost["rules"]>): boolean {
  return matchDailyNote(path, rules) !== null || /^\d{4}-\d{2}-\d{2}\b/.test(baseName(path));
}

/** True for the knowledge folder's own files (index.md, log.md, lint reports), which never get a header. */
function ownFile(path: string, host: Pick<KcHost, "rules">): boolean {
  const rules = host.rules();
  const kind = classifyPath(path, rules.knowledgeFolder, reportFolderOf(rules));
  return kind === "index" || kind === "log" || kind === "report";
}

/** The offline proposal for one note, or why there is none. */
async function draftProposal(host: KcHost, path: string): Promise<HeaderProposal | HeaderSkip> {
  const text = await host.store.read(path).catch(() => null);
  if (text === null) return { path, reason: "could not be read" };
  if (ownFile(path, host)) return { path, reason: "is a file of the knowledge folder itself" };
  const gate = headerChangeRefusal({ path, before: text, after: text }, host.rules());
  if (gate) return { path, reason: gate };
  const parsed = parseNote(text);
  if (parsed.frontmatterError) return { path, reason: "its frontmatter is not valid YAML; fix it first" };
  const header = readCkpHeader(parsed.frontmatter);
  const rules = host.rules();
  const linked = parsed.links
    .filter((l) => (l.kind === "wikilink" || l.kind === "markdown") && l.path !== "")
    .map((l) => host.resolve(l.path, path))
    .filter((p): p is string => p !== null && p.toLowerCase().endsWith(".md") && p !== path && !isJournal(p, rules));
  const doc = host.index().get(path);
  const query = [header.title ?? baseName(path), ...parsed.headings.map((h) => h.text), doc?.tldr ?? ""].join(" ");
  const hits = host
    .index()
    .query(query, 8)
    .filter((h) => h.doc.path !== path && !isJournal(h.doc.path, rules) && !ownFile(h.doc.path, host));
  const best = hits[0]?.score ?? 0;
  const neighbours = hits
    .filter((h) => h.score >= best * 0.5)
    .slice(0, 3)
    .map((h) => h.doc.path);
  const { fields, relations } = draftHeader({ path, text, parsed, header, linked, neighbours, month: localDate(host.now()).slice(0, 7) });
  if (Object.keys(fields).length === 0) return { path, reason: "already has a CKP header (tldr, answers_when and relationships)" };
  return withFields(host, { path, before: text, after: text, fields, relations, by: "draft" });
}

/** The proposal with its text recomputed from its fields, checked against the header write rule. */
function withFields(host: Pick<KcHost, "rules">, p: HeaderProposal): HeaderProposal | HeaderSkip {
  const after = setHeaderFields(p.before, { ...p.fields });
  if (!after.ok) return { path: p.path, reason: after.error };
  const refused = headerChangeRefusal({ path: p.path, before: p.before, after: after.value }, host.rules());
  return refused ? { path: p.path, reason: refused } : { ...p, after: after.value };
}

/** The model pass: the most it can cost is confirmed first; each batch's TLDR and answers_when replace the draft's. */
async function refineWithModel(host: KcHost, proposals: HeaderProposal[], ports: HeaderPorts, signal?: AbortSignal): Promise<HeaderModelPass> {
  const priced = await host.models.get("compile", { feature: "headers" });
  if (!priced.ok) return { status: "unavailable", error: priced.error };
  const items: RefineItem[] = proposals
    .filter((p) => p.fields.tldr !== undefined || p.fields.answers_when !== undefined)
    .map((p) => {
      const parsed = parseNote(p.before);
      return {
        path: p.path,
        title: readCkpHeader(parsed.frontmatter).title ?? baseName(p.path),
        opening: p.before.slice(parsed.bodyStartOffset),
        tldr: p.fields.tldr ?? null,
        answersWhen: p.fields.answers_when ?? [],
      };
    });
  // A model without a known price is never estimated at another model's price: its cost shows as unknown.
  const estimate = estimateRefine(items, priced.value.price);
  if (ports.confirmSpend && !(await ports.confirmSpend(estimate, priced.value.id))) return { status: "declined", estimate };
  const usage: TokenUsage = { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 };
  const failed: string[] = [];
  let refined = 0;
  for (const batch of refineBatches(items)) {
    const r = await priced.value.model.complete({ ...buildRefineRequest(batch), ...(signal ? { signal } : {}) });
    if (!r.ok) {
      failed.push(r.error.message);
      if (r.error.kind === "aborted" || r.error.kind === "no-key" || r.error.kind === "auth") break;
      continue;
    }
    addUsage(usage, r.value.usage);
    for (const [path, better] of parseRefineReply(r.value.text, batch)) {
      const i = proposals.findIndex((p) => p.path === path);
      const p = proposals[i]!;
      const fields: HeaderFields = { ...p.fields };
      if (fields.tldr !== undefined) fields.tldr = better.tldr;
      if (fields.answers_when !== undefined && better.answersWhen.length > 0) fields.answers_when = better.answersWhen;
      const next = withFields(host, { ...p, fields, by: "model" });
      if ("after" in next) {
        proposals[i] = next;
        refined++;
      }
    }
  }
  return { status: "done", estimate, model: priced.value.id, refined, failed, usage, usd: costAt(usage, priced.value.price) };
}

/** The note a name means: a vault path (with or without .md) or a link resolved from the vault root; null when none. */
async function findNote(host: KcHost, name: string): Promise<string | null> {
  const clean = name.replace(/\\/g, "/").replace(/^\.?\//, "");
  for (const p of [clean, `${clean}.md`]) if (p.toLowerCase().endsWith(".md") && (await host.store.exists(p))) return p;
  return host.resolve(clean.replace(/\.md$/i, ""), "");
}
