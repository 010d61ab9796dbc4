import { formatCount } from "../util/format-count";
import type { RouteResult } from "./route-types";
import { skippedToShow } from "./format-route-trace";

/**
 * The trace's one compact line under an answer: how many sources were read and their size, e.g.
 * "4 sources · 1,830 tokens · 2 skipped"; with none, why in a few words. The reasons, in words, go under Details.
 */
export function describeRouteLine(route: RouteResult): string {
  if (route.status === "empty-question") return "No sources · the question has no words to search for";
  const skipped = skippedToShow(route).length;
  const tail = skipped > 0 ? ` · ${skipped} skipped` : "";
  if (route.status === "not-covered") return `No sources · no article covers enough of the question${tail}`;
  const n = route.loaded.length;
  return `${n} source${n === 1 ? "" : "s"} · ${formatCount(route.totalTokens)} tokens${route.mode === "tldr" ? " (summaries only)" : ""}${tail}`;
}
