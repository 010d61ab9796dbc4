import { redactSecrets, redactThenCut } from "../capture/redact";
import { estimateTokens } from "../llm/estimate-tokens";
import type { CompletionRequest } from "../llm/language-model";
import type { ListPrice } from "../llm/models";
import { estimateBatch, type BatchEstimate } from "../spend/batch-estimate";
import { stripControls } from "../util/strip-controls";

/** One note as the model pass sees it: its path, title, opening and the offline draft to improve. */
export interface RefineItem {
  path: string;
  title: string;
  opening: string;
  tldr: string | null;
  answersWhen: string[];
}

/** What the model pass returns for one note: a better TLDR and better `answers_when` phrases. */
export interface Refined {
  tldr: string;
  answersWhen: string[];
}

/**
 * The known cost before a model pass: calls, the prompt's tokens, the reply allowance, and the cost of a typical
 * reply (half the allowance) and of the longest (null costs when the model's price is not known).
 */
export interface RefineEstimate extends BatchEstimate {
  maxOutputTokens: number;
}

/** Characters of each note's opening sent (redacted first). */
const OPENING_CHARS = 1500;
/** Notes per call, and the reply allowance per note. */
export const REFINE_BATCH = 10;
const OUTPUT_PER_NOTE = 160;

const SYSTEM = `You write routing headers for notes in a person's Obsidian vault. For each note you get its path, title,
opening text and a draft. Return for each note: tldr, one or two plain sentences (at most 300 characters) that state
what the note says (facts, decisions, steps), not what it is "about"; and answers_when, 3 to 7 short lowercase phrases
a person would use when asking something this note answers. Use only the note's text; never invent facts. Keep the
path exactly as given. Answer only with the tool.`;

const TOOL = {
  name: "record_headers",
  description: "The TLDR and answers_when phrases of each note.",
  schema: {
    type: "object",
    properties: {
      notes: {
        type: "array",
        items: {
          type: "object",
          properties: { path: { type: "string" }, tldr: { type: "string" }, answers_when: { type: "array", items: { type: "string" }, maxItems: 7 } },
          required: ["path", "tldr", "answers_when"],
        },
      },
    },
    required: ["notes"],
  },
};

/** The notes in calls of at most REFINE_BATCH. */
export function refineBatches(items: readonly RefineItem[]): RefineItem[][] {
  const out: RefineItem[][] = [];
  for (let i = 0; i < items.length; i += REFINE_BATCH) out.push(items.slice(i, i + REFINE_BATCH));
  return out;
}

/** A note's path as the request names it (redacted like every other field; the reply is matched back through it). */
function sentPath(path: string): string {
  return redactSecrets(path).text;
}

/**
 * The request for one batch of notes. Every field sent is redacted of secrets, not the opening alone: the draft TLDR
 * and answers_when are built from the note's text, and a path or title can hold a token too. The opening is cut to
 * OPENING_CHARS after it is redacted.
 */
export function buildRefineRequest(batch: readonly RefineItem[]): CompletionRequest {
  const clean = (text: string): string => redactSecrets(text).text;
  const user = batch
    .map((n) =>
      [
        `## ${sentPath(n.path)}`,
        `Title: ${clean(n.title)}`,
        `Draft tldr: ${n.tldr === null ? "(none)" : clean(n.tldr)}`,
        `Draft answers_when: ${clean(n.answersWhen.join(", "))}`,
        "Opening:",
        redactThenCut(n.opening, OPENING_CHARS).text,
      ].join("\n"),
    )
    .join("\n\n");
  return { system: SYSTEM, messages: [{ role: "user", content: user }], maxTokens: OUTPUT_PER_NOTE * batch.length + 200, jsonSchema: TOOL };
}

/** What a model pass over these notes can cost at most, before any call. */
export function estimateRefine(items: readonly RefineItem[], price: ListPrice | null): RefineEstimate {
  const calls = refineBatches(items)
    .map(buildRefineRequest)
    .map((r) => ({
      inputTokens: estimateTokens(r.system) + estimateTokens(r.messages[0]!.content) + 300,
      outputTokens: Math.ceil(r.maxTokens / 2),
      maxOutputTokens: r.maxTokens,
    }));
  return { ...estimateBatch(calls, price), maxOutputTokens: calls.reduce((n, c) => n + c.maxOutputTokens, 0) };
}

/** The model's reply read as refinements by path; entries for other paths, empty or malformed ones are dropped. */
export function parseRefineReply(json: string, batch: readonly RefineItem[]): Map<string, Refined> {
  const out = new Map<string, Refined>();
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return out;
  }
  const notes = (value as { notes?: unknown } | null)?.notes;
  if (!Array.isArray(notes)) return out;
  // Paths as they were sent, back to the notes' own; two notes whose paths were sent alike are not told apart.
  const asked = new Map<string, string | null>();
  for (const n of batch) {
    const sent = sentPath(n.path);
    asked.set(sent, asked.has(sent) ? null : n.path);
  }
  for (const n of notes as { path?: unknown; tldr?: unknown; answers_when?: unknown }[]) {
    const path = typeof n?.path === "string" ? asked.get(n.path) : undefined;
    if (!path || typeof n.tldr !== "string") continue;
    const tldr = stripControls(n.tldr).replace(/\s+/g, " ").trim().slice(0, 400);
    const answersWhen = Array.isArray(n.answers_when)
      ? n.answers_when
          .filter((a): a is string => typeof a === "string")
          .map((a) => stripControls(a).trim().toLowerCase())
          .filter((a) => a !== "" && a.length <= 80)
          .slice(0, 7)
      : [];
    if (tldr !== "") out.set(path, { tldr, answersWhen });
  }
  return out;
}
