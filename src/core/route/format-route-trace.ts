import { baseName } from "./article-doc";
import { processTerm, tokenizeText } from "./text-terms";
import type { LoadReason, RouteResult, SkippedArticle, SkipReason } from "./route-types";

/** The question's own word for each of its search terms ("twic" → "twice"), so people never see stems. */
export function questionWords(question: string): Map<string, string> {
  const words = new Map<string, string>();
  for (const token of tokenizeText(question)) {
    const term = processTerm(token);
    if (term !== null && !words.has(term)) words.set(term, token);
  }
  return words;
}

/** One line saying why an article was loaded, e.g. `match #1: "retries" in title, answers` (the question's words). */
export function describeLoadReason(reason: LoadReason, words: ReadonlyMap<string, string> = new Map()): string {
  const word = (t: string): string => `"${words.get(t) ?? t}"`;
  switch (reason.kind) {
    case "match":
      return `match #${reason.rank} (score ${reason.score}, covers ${pct(reason.coverage)}): ${reason.terms
        .map((t) => `${word(t.term)} in ${t.fields.join(", ") || "text"}`)
        .join("; ")}`;
    case "high":
      return `SIMILAR_HIGH of ${reason.of}`;
    case "connection":
      return `connects ${reason.of.join(" and ")}`;
    case "mid":
      return `SIMILAR_MID of ${reason.of}, matches ${reason.terms.map(word).join(", ")}`;
  }
}

/**
 * One line saying why an article was left out. Given the route, a match that was not loaded says what it was measured
 * against: in a route that is not covered, how little of the question it covers; otherwise that it scored under the
 * loaded matches (never "weak" for a match that covers the whole question).
 */
export function describeSkipReason(reason: SkipReason, route?: RouteResult): string {
  const words = route ? questionWords(route.question) : new Map<string, string>();
  switch (reason.kind) {
    case "weak-match": {
      if (route?.status === "not-covered") return `covers only ${pct(reason.coverage)} of the question (score ${reason.score})`;
      const best = route?.loaded.find((l) => l.reason.kind === "match")?.reason;
      const than = best?.kind === "match" ? `; the best scored ${best.score}` : "";
      return `a lesser match, not loaded (score ${reason.score}${than})`;
    }
    case "mid-not-matching":
      return `SIMILAR_MID of ${reason.of}, but the question does not match it`;
    case "over-budget":
      return `over the token budget (${describeLoadReason(reason.wanted, words)})`;
    case "file-cap":
      return `over the file cap (${describeLoadReason(reason.wanted, words)})`;
    case "missing-target":
      return `relationship of ${reason.of} points to a missing article`;
  }
}

/** A human-readable trace of a route, as the CLI prints it. */
export function formatRouteTrace(route: RouteResult): string {
  const lines: string[] = [`Question: ${route.question.slice(0, 200)}`];
  if (route.status === "empty-question") {
    lines.push("Nothing to route: the question has no words to search for.");
    return lines.join("\n");
  }
  if (route.status === "not-covered") {
    lines.push(`Not in the knowledge base: the best matches cover ${pct(route.coverage)} of the question. Nothing loaded.`);
  } else {
    const mode = route.mode === "tldr" ? " (TLDR answers it: bodies not loaded)" : "";
    lines.push(
      `Loaded ${route.loaded.length} file(s)${mode}, ${route.totalTokens} tokens of ${route.loadAllTokens} for loading everything (${pct(saving(route))} saved):`,
    );
    const over = overBudgetNote(route);
    if (over !== null) lines.push(`  (${over})`);
    const words = questionWords(route.question);
    for (const l of route.loaded)
      lines.push(`  + ${l.path}${l.part === "tldr" ? " [TLDR only]" : ""} (~${l.tokens} tok) ${describeLoadReason(l.reason, words)}`);
  }
  const skipped = skippedToShow(route);
  if (skipped.length > 0) {
    lines.push("Skipped:");
    for (const s of skipped) lines.push(`  - ${s.path} ${describeSkipReason(s.reason, route)}`);
  }
  return lines.join("\n");
}

/**
 * The trace in plain words for the Ask panel, e.g. "Loaded 3 articles: Sync (matches 'sync conflict'), Merge (closely
 * tied to Sync), Retries need merges (connects Sync and Merge). Skipped 5." Titles come from `titleOf`; no stems, raw
 * scores, paths or field names (those are for "Details").
 */
export function summarizeRoute(route: RouteResult, titleOf: (path: string) => string = baseName): string {
  if (route.status === "empty-question") return "Nothing loaded: the question has no words to search for.";
  const skipped = skippedToShow(route).length;
  const tail = skipped > 0 ? ` Skipped ${skipped}.` : "";
  if (route.status === "not-covered") return `Nothing loaded: no article covers enough of the question.${tail}`;
  const reasons = describeLoadedPlainly(route, titleOf);
  const n = route.loaded.length;
  const items = route.loaded.map((l, i) => `${titleOf(l.path)} (${reasons[i]!}${l.part === "tldr" ? "; its summary only" : ""})`);
  const over = overBudgetNote(route);
  return `Loaded ${n} article${n === 1 ? "" : "s"}: ${items.join(", ")}.${tail}${over === null ? "" : ` ${capitalize(over)}.`}`;
}

/**
 * When the token budget is too small for any article, the router still loads the best match's summary (an answer
 * needs something to stand on); this says so, so nobody takes the loaded tokens for the budget. Null when it fits.
 */
export function overBudgetNote(route: RouteResult): string | null {
  if (route.status !== "routed" || !Number.isFinite(route.budget) || route.totalTokens <= route.budget) return null;
  return `over the ${route.budget}-token budget: the best match's summary is loaded even when nothing fits`;
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** Why each loaded article was loaded, in plain words (in the order of `route.loaded`), naming others by title. */
export function describeLoadedPlainly(route: RouteResult, titleOf: (path: string) => string = baseName): string[] {
  const words = questionWords(route.question ?? "");
  const tokens = tokenizeText(route.question ?? "");
  // A term the question's words do not give back (a date folded, a stem from elsewhere) is shown as the word it starts.
  const wordFor = (t: string): string => words.get(t) ?? tokens.find((w) => w.toLowerCase().startsWith(t)) ?? t;
  const quote = (terms: readonly string[]): string => {
    const order = [...words.keys()];
    const sorted = [...new Set(terms)].sort((a, b) => (order.indexOf(a) + 1 || 1e9) - (order.indexOf(b) + 1 || 1e9));
    return `'${sorted.map(wordFor).join(" ")}'`;
  };
  const why = (reason: LoadReason): string => {
    switch (reason.kind) {
      case "match":
        return reason.terms.length > 0 ? `matches ${quote(reason.terms.map((t) => t.term))}` : "matches the question";
      case "high":
        return `closely tied to ${titleOf(reason.of)}`;
      case "connection":
        return `connects ${reason.of.map(titleOf).join(" and ")}`;
      case "mid":
        return `related to ${titleOf(reason.of)}, matches ${quote(reason.terms)}`;
    }
  };
  return route.loaded.map((l) => why(l.reason));
}

/** Why an article was left out, in plain words for the Ask panel's Details (no scores, stems or paths). */
export function describeSkipPlainly(reason: SkipReason, route: RouteResult, titleOf: (path: string) => string = baseName): string {
  switch (reason.kind) {
    case "weak-match":
      return route.status === "not-covered" ? `covers only ${pct(reason.coverage)} of the question` : "matches less of the question than those read";
    case "mid-not-matching":
      return `related to ${titleOf(reason.of)}, but the question does not mention it`;
    case "over-budget":
      return "would not fit in the token budget";
    case "file-cap":
      return "past the most articles one answer reads";
    case "missing-target":
      return `${titleOf(reason.of)} points to it, but the note does not exist`;
  }
}

/** The skipped articles worth showing: none that was loaded after all, and each one once (its first reason). */
export function skippedToShow(route: RouteResult): SkippedArticle[] {
  const seen = new Set(route.loaded.map((l) => l.path));
  return route.skipped.filter((s) => {
    if (seen.has(s.path)) return false;
    seen.add(s.path);
    return true;
  });
}

/** Share of the load-everything tokens that the route did not load. */
export function saving(route: RouteResult): number {
  return route.loadAllTokens > 0 ? 1 - route.totalTokens / route.loadAllTokens : 0;
}

function pct(x: number): string {
  return `${Math.round(x * 100)}%`;
}
