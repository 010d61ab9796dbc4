import type { LoadReason, RouteResult, SkipReason } from "./route-types";

/** One line saying why an article was loaded, e.g. `match #1: "retry" in title, answers`. */
export function describeLoadReason(reason: LoadReason): string {
  switch (reason.kind) {
    case "match":
      return `match #${reason.rank} (score ${reason.score}, covers ${pct(reason.coverage)}): ${reason.terms
        .map((t) => `"${t.term}" in ${t.fields.join(", ") || "text"}`)
        .join("; ")}`;
    case "high":
      return `SIMILAR_HIGH of ${reason.of}`;
    case "connection":
      return `connects ${reason.of.join(" and ")}`;
    case "mid":
      return `SIMILAR_MID of ${reason.of}, matches ${reason.terms.map((t) => `"${t}"`).join(", ")}`;
  }
}

/** One line saying why an article was left out. */
export function describeSkipReason(reason: SkipReason): string {
  switch (reason.kind) {
    case "weak-match":
      return `weak match (score ${reason.score}, covers ${pct(reason.coverage)})`;
    case "mid-not-matching":
      return `SIMILAR_MID of ${reason.of}, but the question does not match it`;
    case "over-budget":
      return `over the token budget (${describeLoadReason(reason.wanted)})`;
    case "file-cap":
      return `over the file cap (${describeLoadReason(reason.wanted)})`;
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
    lines.push(`Loaded ${route.loaded.length} file(s)${mode}, ${route.totalTokens} tokens of ${route.loadAllTokens} for loading everything (${pct(saving(route))} saved):`);
    for (const l of route.loaded) lines.push(`  + ${l.path}${l.part === "tldr" ? " [TLDR only]" : ""} (~${l.tokens} tok) ${describeLoadReason(l.reason)}`);
  }
  if (route.skipped.length > 0) {
    lines.push("Skipped:");
    for (const s of route.skipped) lines.push(`  - ${s.path} ${describeSkipReason(s.reason)}`);
  }
  return lines.join("\n");
}

/** Share of the load-everything tokens that the route did not load. */
export function saving(route: RouteResult): number {
  return route.loadAllTokens > 0 ? 1 - route.totalTokens / route.loadAllTokens : 0;
}

function pct(x: number): string {
  return `${Math.round(x * 100)}%`;
}
