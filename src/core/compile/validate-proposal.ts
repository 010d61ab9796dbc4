import { isStamp } from "../ckp/parse-relation";
import { trimSlashes } from "../knowledge/knowledge-layout";
import { parseNote } from "../notes/parse-note";
import { err, ok, type Result } from "../result";
import { normaliseHeading } from "./article-sections";
import { checkNewArticlePath, relativeArticlePath } from "./check-article-path";
import { sectionPatchProblems } from "./check-patch";
import type { ArticleUpdate, CompilePlan, CompileProposal, HeaderUpdate, NewArticle, ProposedRelation, SectionPatch } from "./compile-types";

/** What validation needs besides the plan: which knowledge-relative link paths name existing articles. */
export interface ValidationContext {
  /** Vault path of the existing article a knowledge-relative path ("concepts/x") names, or null. */
  existing: (rel: string) => string | null;
  /** True when a body link names a note outside the knowledge base that exists (relationships must be articles). */
  resolves?: (linkpath: string) => boolean;
}

const CAPS = { similar_high: 3, similar_mid: 5 } as const;

/** Bounds on one reply: far above any honest proposal for one daily log, far below what could flood the vault. */
export const REPLY_LIMITS = { chars: 300_000, newArticles: 25, updates: 25, bodyChars: 40_000 } as const;
type Raw = Record<string, unknown>;

/**
 * Parses and checks a model reply against the plan before anyone sees it. Every problem is listed (for the one
 * retry and for the person); nothing in an invalid reply is used. Paths of new articles that already exist are
 * accepted here and turned into updates by dedupe.
 */
export function validateProposal(reply: string, plan: CompilePlan, ctx: ValidationContext): Result<CompileProposal, string[]> {
  if (reply.length > REPLY_LIMITS.chars)
    return err([`The reply is ${Math.round(reply.length / 1000)} kB, over the ${REPLY_LIMITS.chars / 1000} kB a proposal may have; it was not used.`]);
  const parsed = parseJson(reply);
  if (!parsed.ok) return err([parsed.error]);
  const root = parsed.value;
  for (const [key, cap] of [
    ["new_articles", REPLY_LIMITS.newArticles],
    ["updates", REPLY_LIMITS.updates],
  ] as const) {
    const list = root[key];
    if (Array.isArray(list) && list.length > cap)
      return err([`The reply proposes ${list.length} ${key === "updates" ? "updates" : "new articles"}; at most ${cap} are accepted from one daily log.`]);
  }
  const problems: string[] = [];
  const folder = trimSlashes(plan.knowledgeFolder);
  const vaultPath = (rel: string): string => `${folder ? `${folder}/` : ""}${rel}.md`;
  const rawNew = arrayField(root, "new_articles", "the reply", problems);
  const rawUpdates = arrayField(root, "updates", "the reply", problems);
  const summary = typeof root.summary === "string" ? root.summary.trim() : "";

  // New paths first, so relationships may point at articles created in the same reply.
  const newRel = new Set<string>();
  const paths = rawNew.map((a, i) => {
    const p = checkNewArticlePath(isObject(a) ? a.path : undefined, folder);
    if (!p.ok) {
      problems.push(`new article ${i + 1}: ${p.error}`);
      return null;
    }
    if (newRel.has(p.value.rel)) problems.push(`new article ${i + 1}: ${p.value.rel} is proposed twice`);
    newRel.add(p.value.rel);
    return p.value;
  });
  const knows = (rel: string): boolean => newRel.has(rel) || ctx.existing(rel) !== null;
  const bodyKnows = (rel: string, raw: string): boolean => knows(rel) || (ctx.resolves?.(raw) ?? false);

  const created: NewArticle[] = [];
  rawNew.forEach((a, i) => {
    const p = paths[i];
    if (!isObject(a) || !p) {
      if (!isObject(a)) problems.push(`new article ${i + 1} is not an object`);
      return;
    }
    const at = `new article ${p.rel}`;
    const title = text(a, "title", at, problems, true);
    const tldr = text(a, "tldr", at, problems, true);
    const body = text(a, "body", at, problems, true);
    if (body.length > REPLY_LIMITS.bodyChars) problems.push(`${at}: the body has ${body.length} characters; at most ${REPLY_LIMITS.bodyChars} are accepted`);
    if (/^\s*---/.test(body)) problems.push(`${at}: body starts with a frontmatter block; give header fields as fields and the body without one`);
    checkBodyLinks(body, at, plan, bodyKnows, problems);
    const connects = strings(a, "connects", at, problems).map((c) => relativeArticlePath(c, folder));
    if (p.kind === "connection") {
      if (connects.length < 2) problems.push(`${at}: a connection article must list 2 or more concepts in "connects"`);
      for (const c of connects) if (!knows(c)) problems.push(`${at}: connects "${c}", which is not an article of the knowledge base nor created in this reply`);
    }
    created.push({
      path: vaultPath(p.rel),
      kind: p.kind,
      title,
      tldr,
      body,
      aliases: strings(a, "aliases", at, problems),
      tags: strings(a, "tags", at, problems)
        .map((t) => t.replace(/^#/, "").trim())
        .filter(Boolean),
      answersWhen: strings(a, "answers_when", at, problems),
      similarHigh: relations(a, "similar_high", at, p.rel, plan.month, folder, knows, problems),
      similarMid: relations(a, "similar_mid", at, p.rel, plan.month, folder, knows, problems),
      connects,
    });
  });

  const shownByRel = new Map(plan.shown.map((s) => [relativeArticlePath(s.path, folder), s]));
  const updated: ArticleUpdate[] = [];
  const updatedRel = new Set<string>();
  rawUpdates.forEach((u, i) => {
    if (!isObject(u) || typeof u.path !== "string") {
      problems.push(`update ${i + 1} has no path`);
      return;
    }
    const rel = relativeArticlePath(u.path, folder);
    const at = `update of ${rel}`;
    const shown = shownByRel.get(rel);
    if (!shown) {
      problems.push(`${at}: only the articles listed in the prompt may be updated, and ${JSON.stringify(u.path)} is not one of them`);
      return;
    }
    if (updatedRel.has(rel)) problems.push(`${at}: the article is updated twice; merge the updates`);
    updatedRel.add(rel);
    const set: HeaderUpdate = {};
    if ("tldr" in u) set.tldr = text(u, "tldr", at, problems, true);
    if ("answers_when" in u) set.answersWhen = strings(u, "answers_when", at, problems);
    if ("aliases" in u) set.aliases = strings(u, "aliases", at, problems);
    if ("tags" in u) set.tags = strings(u, "tags", at, problems);
    if ("similar_high" in u) set.similarHigh = relations(u, "similar_high", at, rel, plan.month, folder, knows, problems);
    if ("similar_mid" in u) set.similarMid = relations(u, "similar_mid", at, rel, plan.month, folder, knows, problems);
    const sections = arrayField(u, "sections", at, problems).flatMap((s, j) => {
      if (!isObject(s)) {
        problems.push(`${at}: section patch ${j + 1} is not an object`);
        return [];
      }
      const heading = text(s, "heading", at, problems, true);
      const action: SectionPatch["action"] | null = s.action === "append" || s.action === "replace" ? s.action : null;
      const body = text(s, "text", at, problems, action === "append");
      if (!action) problems.push(`${at}: section "${heading}" has action ${JSON.stringify(s.action)}; use "append" or "replace"`);
      const want = normaliseHeading(heading);
      if (shown.hiddenSections.some((h) => normaliseHeading(h) === want)) problems.push(`${at}: section "${heading}" was not shown, so it may not be patched`);
      else if (!shown.sections.some((h) => normaliseHeading(h.heading) === want))
        problems.push(`${at}: there is no section "${heading}" (shown sections: ${shown.sections.map((h) => h.heading).join("; ") || "none"})`);
      checkBodyLinks(body, at, plan, bodyKnows, problems);
      return action ? [{ heading, action, text: body }] : [];
    });
    problems.push(...sectionPatchProblems(sections, at));
    updated.push({ path: shown.path, set, sections, corroborate: false });
  });

  if (problems.length > 0) return err(problems);
  return ok({ summary, created, updated, notes: [] });
}

function parseJson(reply: string): Result<Raw, string> {
  const t = reply.trim().replace(/^```(?:json)?\s*|\s*```$/g, "");
  if (t === "") return err("The reply is empty: no proposal was returned.");
  try {
    const v = JSON.parse(t) as unknown;
    return isObject(v) ? ok(v) : err("The reply is not a JSON object with new_articles and updates.");
  } catch (e) {
    return err(`The reply is not valid JSON (${e instanceof Error ? e.message : String(e)}).`);
  }
}

function isObject(v: unknown): v is Raw {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function arrayField(o: Raw, key: string, at: string, problems: string[]): unknown[] {
  const v = o[key];
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) {
    problems.push(`${at}: "${key}" must be a list`);
    return [];
  }
  return v;
}

function text(o: Raw, key: string, at: string, problems: string[], required: boolean): string {
  const v = o[key];
  if (typeof v === "string" && v.trim() !== "") return v.trim();
  if (required || (v !== undefined && typeof v !== "string")) problems.push(`${at}: "${key}" must be non-empty text`);
  return "";
}

function strings(o: Raw, key: string, at: string, problems: string[]): string[] {
  const v = o[key];
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v) || v.some((x) => typeof x !== "string")) {
    problems.push(`${at}: "${key}" must be a list of text`);
    return [];
  }
  return (v as string[]).map((s) => s.trim()).filter((s) => s !== "");
}

function relations(
  o: Raw,
  key: keyof typeof CAPS,
  at: string,
  self: string,
  month: string,
  folder: string,
  knows: (rel: string) => boolean,
  problems: string[],
): ProposedRelation[] {
  const list = arrayField(o, key, at, problems);
  if (list.length > CAPS[key]) problems.push(`${at}: ${key} has ${list.length} entries; the cap is ${CAPS[key]}`);
  const out: ProposedRelation[] = [];
  for (const r of list) {
    if (!isObject(r) || typeof r.target !== "string") {
      problems.push(`${at}: every ${key} entry needs a target and a stamp`);
      continue;
    }
    const target = relativeArticlePath(r.target.replace(/^\[\[|\]\]$/g, "").split("|")[0]!, folder);
    const stamp = typeof r.stamp === "string" ? r.stamp.trim() : "";
    if (!isStamp(stamp)) problems.push(`${at}: ${key} entry "${target}" has no YYYY-MM stamp (got ${JSON.stringify(r.stamp ?? null)})`);
    else if (stamp > month) problems.push(`${at}: ${key} entry "${target}" is stamped ${stamp}, after the current month ${month}`);
    if (target === self) problems.push(`${at}: relates the article to itself`);
    else if (!knows(target)) problems.push(`${at}: ${key} target "${target}" is not an article of the knowledge base nor created in this reply`);
    if (out.some((x) => x.target === target)) problems.push(`${at}: ${key} lists "${target}" twice`);
    out.push({ target, stamp });
  }
  return out;
}

/** Links in proposed Markdown to knowledge articles must name articles that exist or are being created. */
function checkBodyLinks(body: string, at: string, plan: CompilePlan, knows: (rel: string, raw: string) => boolean, problems: string[]): void {
  const folder = trimSlashes(plan.knowledgeFolder);
  const log = plan.logPath.replace(/\.md$/i, "");
  for (const link of parseNote(body).links) {
    if ((link.kind !== "wikilink" && link.kind !== "embed") || link.path === "") continue;
    const raw = link.path.trim();
    if (raw === log || raw === plan.logPath) continue;
    const rel = relativeArticlePath(raw, folder);
    if (!knows(rel, raw)) problems.push(`${at}: links to [[${raw}]], which neither exists nor is created in this reply`);
  }
}
