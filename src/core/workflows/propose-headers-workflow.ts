import { readCkpHeader } from "../ckp/read-ckp-header";
import { setHeaderFields } from "../ckp/write-ckp-header";
import type { UndoRecord } from "../compile/write-compile";
import { draftHeader, draftStub, rankLinks, readNote, type Draft, type DraftRelation, type HeaderFields } from "../headers/draft-header";
import { HeaderVault, type LoadedNotes } from "../headers/header-vault";
import { buildRefineRequest, estimateRefine, parseRefineReply, refineBatches, type RefineEstimate, type RefineItem } from "../headers/refine-headers";
import { costAt } from "../llm/cost";
import { addUsage, type TokenUsage } from "../llm/language-model";
import { parseNote } from "../notes/parse-note";
import { ownString } from "../util/own-string";
import { baseName } from "../route/article-doc";
import { localDate } from "../util/local-date";
import type { KcHost, ModelUnavailable } from "../ports/host";
import { writeHeadersReviewed } from "./reviewed-writes";
import { headerChangeRefusal } from "../knowledge/write-rules";
import { isMarkdownPath } from "../util/markdown-path";

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
  /** The vault's template folders (the Templates core plugin's and Templater's settings): their notes are never proposed. */
  templateFolders?: string[];
  /** Notes the host has already read and parsed (see LoadedNotes). */
  loaded?: LoadedNotes;
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
 * Proposes CKP headers for existing notes, the same in every host: an offline draft for each chosen note that may have
 * one (never a template, drawing, board, canvas or generated report: those are skipped with the reason), the TLDRs
 * made distinct across the run, optionally improved by the compile model after the spend is confirmed, then reviewed
 * note by note, and the accepted notes written as one undoable write that changes frontmatter only.
 */
export async function proposeNoteHeaders(
  host: KcHost,
  request: HeaderRequest,
  ports: HeaderPorts = {},
  options: { signal?: AbortSignal } = {},
): Promise<HeaderRun> {
  const vault = new HeaderVault(host, { folders: request.templateFolders ?? [] }, request.loaded);
  const skipped: HeaderSkip[] = [];
  const paths: string[] = [];
  for (const name of request.paths) {
    const path = await findNote(host, name);
    if (path === null) skipped.push({ path: name, reason: "no such note" });
    else if (!paths.includes(path)) paths.push(path);
  }
  if (request.allMissing) for (const p of await vault.notesThatGainMost(request.allMissing, paths)) paths.push(p);
  const proposals: HeaderProposal[] = [];
  // Each proposal's TLDR made distinct as it is drafted (a draft is not kept for a pass after all of them); the notes
  // left without anything to propose are listed after the other skips.
  const taken = takenTldrs(host);
  // The YYYY-MM stamp of every relationship the run proposes.
  const month = localDate(host.now()).slice(0, 7);
  const withoutTldr: HeaderSkip[] = [];
  for (const path of paths) {
    const r = await draftProposal(host, vault, path, month);
    if ("reason" in r) skipped.push(r);
    else {
      const p = distinctTldr(host, r.proposal, r.draft, taken);
      if ("after" in p) proposals.push(p);
      else withoutTldr.push(p);
    }
  }
  skipped.push(...withoutTldr);
  const pass = request.model && proposals.length > 0 ? await refineWithModel(host, proposals, ports, options.signal) : { status: "off" as const };
  const run: HeaderRun = { proposals, skipped, pass, written: null, writeError: null };
  if (request.dryRun || proposals.length === 0 || !ports.review) return run;
  const accepted = await ports.review(proposals, pass);
  const chosen = proposals.filter((p) => accepted?.has(p.path));
  if (chosen.length === 0) return run;
  const w = await writeHeadersReviewed(host, chosen);
  return w.ok ? { ...run, written: w.value } : { ...run, writeError: w.error };
}

/** Up to `max` notes of the index that may have a header and have none, those that gain most first (HeaderVault). */
export function notesWithoutHeaders(host: KcHost, max: number, taken: readonly string[] = [], templateFolders: string[] = []): Promise<string[]> {
  return new HeaderVault(host, { folders: templateFolders }).notesThatGainMost(max, taken);
}

/** The offline proposal for one note with its draft, or why there is none. */
async function draftProposal(host: KcHost, vault: HeaderVault, path: string, month: string): Promise<{ proposal: HeaderProposal; draft: Draft } | HeaderSkip> {
  const text = await vault.read(path);
  if (text === null) return { path, reason: "could not be read" };
  const gate = headerChangeRefusal({ path, before: text, after: text }, host.rules());
  if (gate) return { path, reason: gate };
  const why = await vault.skipReason(path);
  if (why) return { path, reason: why };
  const parsed = (await vault.parsed(path))!;
  if (parsed.frontmatterError) return { path, reason: "its frontmatter is not valid YAML; fix it first" };
  const header = readCkpHeader(parsed.frontmatter);
  const index = host.index();
  if (!hasTextFrom(text, parsed.bodyStartOffset)) {
    const from: { p: string; n: number; tokens: number }[] = [];
    for (const [p, n] of await vault.backlinks(path))
      if (vault.mayRelateNow(p) ?? (await vault.mayRelate(p))) from.push({ p, n, tokens: index.get(p)?.tokens ?? 0 });
    if (from.length === 0) return { path, reason: "is empty, and no note links to it" };
    from.sort((a, b) => b.n - a.n || a.tokens - b.tokens || (a.p < b.p ? -1 : 1));
    return finish(host, path, text, draftStub({ path, header, linkedFrom: from.map((f) => f.p), month }));
  }
  const kept = vault.keptReading(path, text);
  const reading = readNote(path, text, parsed, header, (t) => index.idf(t), index.maxIdf(), kept);
  if (reading.paragraphs.length === 0 && parsed.headings.length === 0) return { path, reason: "has no text to draft a header from" };
  const near: string[] = [];
  for (const n of vault.postings().neighbours(path, reading.key, 20))
    if (near.length < 8 && !vault.isJournal(n.path) && (vault.mayRelateNow(n.path) ?? (await vault.mayRelate(n.path)))) near.push(n.path);
  const linked: string[] = [];
  for (const p of await vault.linksOf(path)) if (vault.mayRelateNow(p) ?? (await vault.mayRelate(p))) linked.push(p);
  const back = new Set<string>();
  for (const p of linked) if ((await vault.linksOf(p)).includes(path)) back.add(p);
  HEADING_LINE.lastIndex = parsed.bodyStartOffset;
  const heading = HEADING_LINE.exec(text);
  const openingEnd = heading ? heading.index - parsed.bodyStartOffset : 800;
  const opening = parsed.links.filter((l) => l.start.offset < parsed.bodyStartOffset + openingEnd).map((l) => host.resolve(l.path, path));
  const draft = draftHeader({
    path,
    parsed,
    header,
    reading,
    linked: rankLinks(
      linked,
      (p) => back.has(p),
      opening.filter((p): p is string => p !== null),
      near,
    ),
    neighbours: near.slice(0, 3),
    month,
    isStockHeading: (h) => vault.isStockHeading(h),
  });
  // What drafting read of the text alone, for a later run: kept when anything of it is new.
  if (kept === undefined || reading.sentences.added) vault.keepReading(path, text, reading);
  return finish(host, path, text, draft);
}

/** A heading's line start (read from a note's body on, not from a copy of the body). */
const HEADING_LINE = /\n#{1,6}\s/g;
const NOT_SPACE = /\S/g;

/** Whether `text` holds anything but white space from `start` on (its body, without a copy of it). */
function hasTextFrom(text: string, start: number): boolean {
  NOT_SPACE.lastIndex = start;
  return NOT_SPACE.test(text);
}

/** The proposal a draft makes, or why there is none. */
function finish(host: KcHost, path: string, text: string, draft: Draft): { proposal: HeaderProposal; draft: Draft } | HeaderSkip {
  if (Object.keys(draft.fields).length === 0) return { path, reason: "already has a CKP header (tldr, answers_when and relationships)" };
  const proposal = withFields(host, { path, before: text, after: text, fields: draft.fields, relations: draft.relations, by: "draft" });
  return "after" in proposal ? { proposal, draft } : proposal;
}

/** A TLDR as distinctTldr compares it: lowercase words. */
function tldrKey(t: string): string {
  return t.toLowerCase().replace(/\W+/g, " ").trim();
}

/** The TLDRs the vault's notes already carry (tldrKey). */
function takenTldrs(host: KcHost): Set<string> {
  const taken = new Set<string>();
  for (const d of host.index().all()) if (d.hasTldr) taken.add(tldrKey(d.tldr));
  return taken;
}

/**
 * Gives a proposal a TLDR no other note has (one the vault's notes already carry, or an earlier proposal's, both in
 * `taken`, which it adds its own to): the next of its own candidates, else none (two clippings of the same page say the
 * same first sentence). Why there is no proposal when nothing is left, or its text cannot be written.
 */
function distinctTldr(host: KcHost, p: HeaderProposal, draft: Draft, taken: Set<string>): HeaderProposal | HeaderSkip {
  if (p.fields.tldr === undefined) return p;
  const own = tldrKey(p.fields.tldr);
  if (!taken.has(own)) {
    taken.add(own);
    return p;
  }
  const other = draft.otherTldrs.find((t) => !taken.has(tldrKey(t)));
  const fields: HeaderFields = { ...p.fields };
  if (other === undefined) delete fields.tldr;
  else {
    fields.tldr = other;
    taken.add(tldrKey(other));
  }
  if (Object.keys(fields).length === 0) return { path: p.path, reason: "its only TLDR is another note's" };
  return withFields(host, { ...p, fields });
}

/** The proposal with its text recomputed from its fields, checked against the header write rule. */
function withFields(host: Pick<KcHost, "rules">, p: HeaderProposal): HeaderProposal | HeaderSkip {
  const after = setHeaderFields(p.before, { ...p.fields });
  if (!after.ok) return { path: p.path, reason: after.error };
  // The check reads a copy: reading the new text itself would make V8 flatten it in place, and every proposal of a run
  // would then hold a whole copy of its note (~8 MB over 2,449 notes, copied by the collector) instead of its new
  // frontmatter and a view of the old text's body.
  const refused = headerChangeRefusal({ path: p.path, before: p.before, after: ownString(after.value) }, host.rules());
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
      // The model's TLDR for a note without one, whether or not an offline draft was found; never over the person's own.
      if (fields.tldr !== undefined || host.index().get(p.path)?.hasTldr !== true) fields.tldr = better.tldr;
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
  for (const p of [clean, `${clean}.md`]) if (isMarkdownPath(p) && (await host.store.exists(p))) return p;
  return host.resolve(clean.replace(/\.md$/i, ""), "");
}
