import type { CkpHeader, CkpRelation } from "./ckp-header";
import { parseRelation } from "./parse-relation";

/** An empty header: what a note without any header fields reads as. */
export function emptyCkpHeader(): CkpHeader {
  return {
    form: "none",
    title: null,
    aliases: [],
    tags: [],
    sources: [],
    created: null,
    updated: null,
    tldr: null,
    answersWhen: [],
    similarHigh: [],
    similarMid: [],
    confidence: null,
    validated: null,
    connects: [],
    corroborations: null,
    problems: [],
  };
}

const PLAIN_KEYS = ["CONCEPT", "TLDR", "ANSWERS_WHEN", "SIMILAR_HIGH", "SIMILAR_MID", "CONFIDENCE", "VALIDATED"];

/**
 * Reads an article header from frontmatter: our YAML properties (lowercase keys) or seed 002's plain block
 * (CONCEPT, TLDR, ANSWERS_WHEN "a, b", SIMILAR_HIGH "a:2025-03, b:2025-03", ...), which arrives as YAML too.
 * Fields of the wrong type are reported in `problems` and the rest is still read; never throws.
 */
export function readCkpHeader(frontmatter: Record<string, unknown> | null): CkpHeader {
  const h = emptyCkpHeader();
  if (!frontmatter) return h;
  const fm = frontmatter;
  const plain = PLAIN_KEYS.some((k) => k in fm);
  const get = (lower: string, upper?: string): unknown => (lower in fm ? fm[lower] : upper !== undefined ? fm[upper] : undefined);
  const fields = ["title", "tldr", "answers_when", "similar_high", "similar_mid", "sources", "aliases", "tags", "updated"];
  h.form = plain ? "plain" : fields.some((k) => k in fm) ? "yaml" : "none";

  h.title = text(get("title", "CONCEPT"), "title", h.problems);
  h.tldr = text(get("tldr", "TLDR"), "tldr", h.problems);
  h.answersWhen = list(get("answers_when", "ANSWERS_WHEN"), "answers_when", h.problems).filter((s) => s !== "");
  h.aliases = list(get("aliases"), "aliases", h.problems);
  h.tags = list(get("tags"), "tags", h.problems).map((t) => t.replace(/^#/, ""));
  h.sources = list(get("sources"), "sources", h.problems).map(unlink);
  h.connects = list(get("connects"), "connects", h.problems).map(unlink);
  h.created = date(get("created"), "created", h.problems);
  h.updated = date(get("updated"), "updated", h.problems);
  h.validated = date(get("validated", "VALIDATED"), "validated", h.problems);
  h.confidence = text(get("confidence", "CONFIDENCE"), "confidence", h.problems);
  h.similarHigh = relations(get("similar_high", "SIMILAR_HIGH"), "similar_high", h.problems);
  h.similarMid = relations(get("similar_mid", "SIMILAR_MID"), "similar_mid", h.problems);
  const c = get("corroborations");
  if (c !== undefined && c !== null) {
    if (typeof c === "number" && Number.isFinite(c)) h.corroborations = c;
    else h.problems.push("corroborations is not a number");
  }
  return h;
}

function text(v: unknown, name: string, problems: string[]): string | null {
  if (v === undefined || v === null) return null;
  if (typeof v === "string") return v.trim() === "" ? null : v.trim();
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  problems.push(`${name} is ${Array.isArray(v) ? "a list" : typeof v}, not text`);
  return null;
}

function list(v: unknown, name: string, problems: string[]): string[] {
  if (v === undefined || v === null) return [];
  if (typeof v === "string")
    return v
      .split(",")
      .map((s) => s.trim())
      .filter((s) => s !== "");
  if (typeof v === "number") return [String(v)];
  if (Array.isArray(v)) {
    const out: string[] = [];
    for (const item of v) {
      if (typeof item === "string" || typeof item === "number") out.push(String(item).trim());
      else if (item !== null) problems.push(`${name} has an entry that is not text`);
    }
    return out;
  }
  problems.push(`${name} is ${typeof v}, not a list`);
  return [];
}

function date(v: unknown, name: string, problems: string[]): string | null {
  if (v === undefined || v === null) return null;
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v.toISOString().slice(0, 10);
  if (typeof v === "string") return v.trim() || null;
  if (typeof v === "number") return String(v);
  problems.push(`${name} is ${typeof v}, not a date`);
  return null;
}

function relations(v: unknown, name: string, problems: string[]): CkpRelation[] {
  const items = typeof v === "string" && !v.includes("[[") ? v.split(",") : typeof v === "string" ? [v] : v;
  if (items === undefined || items === null) return [];
  if (!Array.isArray(items)) {
    problems.push(`${name} is ${typeof items}, not a list`);
    return [];
  }
  const out: CkpRelation[] = [];
  for (const item of items) {
    const rel = parseRelation(item);
    if (rel) out.push(rel);
    else if (item !== null && item !== "") problems.push(`${name} has an entry that is not a link`);
  }
  return out;
}

/** `"[[daily/2026-04-01]]"` → `daily/2026-04-01`; plain text stays as it is. */
export function unlink(s: string): string {
  const m = /^\[\[([^\]|#]*)[^\]]*\]\]$/.exec(s.trim());
  return (m ? m[1]! : s).trim();
}
