import { isMarkdownPath } from "../util/markdown-path";

/** A question of an evaluation set: what it asks and the articles it needs (none for out-of-domain questions). */
export interface EvalQuestion {
  id: string;
  question: string;
  needs: string[];
}

/** Recall of needed articles, files per in-domain question, and the share of out-of-domain questions that load nothing. */
export interface RoutingScore {
  questions: number;
  inDomain: number;
  outOfDomain: number;
  recall: number;
  filesPerQuestion: number;
  outOfDomainEmpty: number;
}

/** Scores a router over a question set: `loadedFor` gives the paths it loads for a question. */
export async function scoreRouting(questions: readonly EvalQuestion[], loadedFor: (q: EvalQuestion) => Promise<string[]> | string[]): Promise<RoutingScore> {
  let needed = 0;
  let found = 0;
  let files = 0;
  let inDomain = 0;
  let empty = 0;
  for (const q of questions) {
    const loaded = new Set(await loadedFor(q));
    if (q.needs.length === 0) {
      if (loaded.size === 0) empty++;
      continue;
    }
    inDomain++;
    files += loaded.size;
    needed += q.needs.length;
    found += q.needs.filter((n) => loaded.has(n)).length;
  }
  const out = questions.length - inDomain;
  const r = (n: number): number => Math.round(n * 1000) / 1000;
  return {
    questions: questions.length,
    inDomain,
    outOfDomain: out,
    recall: r(needed ? found / needed : 1),
    filesPerQuestion: r(inDomain ? files / inDomain : 0),
    outOfDomainEmpty: r(out ? empty / out : 1),
  };
}

/** Reads a question set (JSON array of {id, question, needs}); null with the reason when it is not one. */
export function parseQuestionSet(text: string): EvalQuestion[] | string {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (e) {
    return `not JSON (${e instanceof Error ? e.message : String(e)})`;
  }
  if (!Array.isArray(v)) return "not a JSON array of questions";
  const out: EvalQuestion[] = [];
  for (const [i, q] of v.entries()) {
    const o = q as Partial<EvalQuestion> | null;
    if (!o || typeof o.question !== "string" || !Array.isArray(o.needs) || o.needs.some((n) => typeof n !== "string"))
      return `question ${i + 1} needs "question" (text) and "needs" (a list of paths)`;
    out.push({ id: typeof o.id === "string" ? o.id : `q${i + 1}`, question: o.question, needs: o.needs });
  }
  return out;
}

/**
 * A question set's article paths as vault paths: each as written when the vault has it, else relative to the knowledge
 * folder (`concepts/x.md` → `knowledge/concepts/x.md`), with or without `.md`; the paths found nowhere are listed
 * (and left out of the needs), so a set written for another layout never scores a silent recall of 0.
 */
export function resolveNeeds(
  questions: readonly EvalQuestion[],
  exists: (path: string) => boolean,
  knowledgeFolder: string,
): { questions: EvalQuestion[]; unknown: string[] } {
  const unknown: string[] = [];
  const find = (need: string): string | null => {
    const clean = need.replace(/\\/g, "/").replace(/^\.?\//, "");
    const base = knowledgeFolder.replace(/\/+$/, "");
    for (const p of [clean, `${clean}.md`, ...(base ? [`${base}/${clean}`, `${base}/${clean}.md`] : [])]) if (isMarkdownPath(p) && exists(p)) return p;
    return null;
  };
  const out = questions.map((q) => {
    const needs: string[] = [];
    for (const n of q.needs) {
      const p = find(n);
      if (p !== null) needs.push(p);
      else if (!unknown.includes(n)) unknown.push(n);
    }
    // A question whose needs are all unknown is left out rather than scored as out of the domain.
    return q.needs.length > 0 && needs.length === 0 ? null : { ...q, needs };
  });
  return { questions: out.filter((q): q is EvalQuestion => q !== null), unknown };
}
