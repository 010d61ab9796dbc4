import { estimateTokens } from "../llm/estimate-tokens";
import { addUsage, type CompletionRequest, type LanguageModel, type ModelError, type TokenUsage } from "../llm/language-model";
import { locateQuote } from "../util/locate-quote";
import { stripControls } from "../util/strip-controls";
import type { Citation } from "./citations";
import type { CodeRepoView } from "./code-repo-view";

/** An article the optional model check looks at: it is old and cites code files that still exist. */
export interface ClaimDriftCandidate {
  path: string;
  /** The article's lines that cite code (0-based line, text), at most 12. */
  claims: { line: number; text: string }[];
  /** The cited files that exist, each cut to MAX_SOURCE_CHARS, at most 3. */
  sources: { path: string; text: string }[];
}

/** A claim the model judged no longer true of the cited source: for review only, never applied. */
export interface ClaimDrift {
  path: string;
  line: number;
  quote: string;
  explanation: string;
}

const MAX_SOURCE_CHARS = 4000;

/** The fixed instructions of the check. */
export const CLAIM_DRIFT_SYSTEM_PROMPT = `You check whether statements in a knowledge-base article still describe the code they cite. For each
statement that the current source clearly contradicts (a renamed behaviour, a changed number or default, a removed
step), quote the statement exactly as written and explain in one line what the code does now. Do not report
statements the source does not show either way. Answer only with the tool; an empty list when everything still holds.`;

const TOOL = {
  name: "report_outdated_claims",
  description: "Statements of the article that the cited source code no longer supports, quoted exactly.",
  schema: {
    type: "object",
    properties: {
      outdated: {
        type: "array",
        maxItems: 8,
        items: { type: "object", properties: { quote: { type: "string" }, explanation: { type: "string" } }, required: ["quote", "explanation"] },
      },
    },
    required: ["outdated"],
  },
};

/** Whole days from YYYY-MM-DD `date` to `today`, or null when it is not a date. */
function ageInDays(date: string, today: string): number | null {
  const a = Date.parse(`${date.slice(0, 10)}T00:00:00Z`);
  const b = Date.parse(`${today.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(a) || Number.isNaN(b) ? null : Math.floor((b - a) / 86_400_000);
}

/**
 * The articles worth asking about: last updated more than `olderThanDays` ago (an article without a date is left
 * alone) and citing at least one file that still exists; their citing lines and the cited files' text.
 */
export function claimDriftCandidate(
  path: string,
  text: string,
  updated: string | null,
  citations: readonly Citation[],
  repo: CodeRepoView,
  today: string,
  olderThanDays: number,
): ClaimDriftCandidate | null {
  const age = updated ? ageInDays(updated, today) : null;
  if (age === null || age <= olderThanDays) return null;
  const lines = text.split("\n");
  const files = [...new Set(citations.map((c) => c.path))].filter((p) => repo.hasFile(p)).slice(0, 3);
  if (files.length === 0) return null;
  const claimLines = [...new Set(citations.filter((c) => files.includes(c.path)).map((c) => c.line))].slice(0, 12);
  return {
    path,
    claims: claimLines.map((line) => ({ line, text: (lines[line] ?? "").slice(0, 600) })),
    sources: files.map((p) => {
      const s = repo.source(p) ?? "";
      return { path: p, text: s.length <= MAX_SOURCE_CHARS ? s : `${s.slice(0, MAX_SOURCE_CHARS)}\n(… the rest of the file was not shown)` };
    }),
  };
}

/** The request for one article. */
export function buildClaimDriftRequest(c: ClaimDriftCandidate, signal?: AbortSignal): CompletionRequest {
  const claims = c.claims.map((l) => `(line ${l.line + 1}) ${l.text}`).join("\n");
  const sources = c.sources.map((s) => `File ${s.path}:\n\n${s.text}`).join("\n\n---\n\n");
  const user = `Article ${c.path}, its statements that cite code:\n\n${claims}\n\nThe cited source as it is now:\n\n${sources}`;
  return { system: CLAIM_DRIFT_SYSTEM_PROMPT, messages: [{ role: "user", content: user }], maxTokens: 800, jsonSchema: TOOL, ...(signal ? { signal } : {}) };
}

/** Input tokens of one article's request, estimated before the call. */
export function estimateClaimDrift(c: ClaimDriftCandidate): number {
  return estimateTokens(CLAIM_DRIFT_SYSTEM_PROMPT) + estimateTokens(buildClaimDriftRequest(c).messages[0]!.content) + 200;
}

/** What a run of the model check found and spent. */
export interface ClaimDriftReport {
  found: ClaimDrift[];
  dropped: number;
  /** The articles the model answered (a failed call is not among them, so its stored judgements stay). */
  checked: string[];
  overBudget: boolean;
  error: ModelError | null;
  usage: TokenUsage;
}

/**
 * Asks the model about each candidate (at most `maxArticles`, stopping before the tokens spent plus the next
 * estimate pass `maxTokens`); a reported statement is kept only when its quote is on one of the article's citing
 * lines, so every suggestion points at real text. Nothing is ever changed.
 */
export async function runClaimDrift(
  model: LanguageModel,
  candidates: readonly ClaimDriftCandidate[],
  caps: { maxArticles: number; maxTokens: number },
  signal?: AbortSignal,
): Promise<ClaimDriftReport> {
  const r: ClaimDriftReport = {
    found: [],
    dropped: 0,
    checked: [],
    overBudget: false,
    error: null,
    usage: { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 },
  };
  for (const c of candidates.slice(0, caps.maxArticles)) {
    if (r.usage.inputTokens + r.usage.outputTokens + estimateClaimDrift(c) + 150 > caps.maxTokens) {
      r.overBudget = true;
      break;
    }
    const reply = await model.complete(buildClaimDriftRequest(c, signal));
    if (!reply.ok) {
      r.error = reply.error;
      if (["aborted", "no-key", "auth", "rate-limited"].includes(reply.error.kind)) break;
      continue;
    }
    addUsage(r.usage, reply.value.usage);
    let list: unknown[] | null = null;
    try {
      const raw = JSON.parse(reply.value.text) as { outdated?: unknown };
      if (Array.isArray(raw.outdated)) list = raw.outdated.slice(0, 8);
    } catch {
      // not JSON: handled below
    }
    // A reply with no list of outdated statements says nothing: the article is not "checked, nothing found" (its
    // stored judgements stay, and it is asked again next time).
    if (list === null) {
      r.dropped++;
      continue;
    }
    r.checked.push(c.path);
    const claimText = c.claims.map((l) => l.text).join("\n");
    for (const item of list) {
      const o = (typeof item === "object" && item !== null ? item : {}) as Record<string, unknown>;
      const quote = typeof o.quote === "string" ? o.quote : "";
      const explanation = stripControls(typeof o.explanation === "string" ? o.explanation : "")
        .replace(/\s+/g, " ")
        .trim()
        .slice(0, 300);
      const at = locateQuote(claimText, quote);
      if (at < 0 || explanation === "") {
        r.dropped++;
        continue;
      }
      r.found.push({ path: c.path, line: c.claims[at]!.line, quote: quote.replace(/\s+/g, " ").trim().slice(0, 300), explanation });
    }
  }
  return r;
}
