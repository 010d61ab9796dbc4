import { baseName } from "../../core/route/article-doc";
import { describeLoadedPlainly, describeSkipPlainly, saving, skippedToShow, summarizeRoute } from "../../core/route/format-route-trace";
import { describeRouteLine } from "../../core/route/route-line";
import type { RouteResult } from "../../core/route/route-types";
import { createResultLink } from "./ask-links";
import type { AskHost } from "./ask-types";

/**
 * The trace under an answer, collapsed: its summary is one compact line ("4 sources · 1,830 tokens"), opening it
 * lists the articles by title as links, and a nested "Details" says in words why each was read ("Loaded 2 articles:
 * Retry (matches 'retries'), …"), then each article's reason and tokens and what was not read and why, in words.
 */
export function renderTrace(route: RouteResult, host: AskHost, selection: string | null): HTMLDetailsElement {
  const box = createEl("details", { cls: "kc-ask-trace" });
  const titleOf = (p: string): string => host.title?.(p) ?? baseName(p);
  box.createEl("summary", { text: describeRouteLine(route) });
  if (route.loaded.length > 0) {
    const list = box.createEl("ul", { cls: "kc-ask-sources" });
    for (const l of route.loaded) createResultLink(list.createEl("li"), l.path, host, titleOf(l.path));
  }
  const details = box.createEl("details", { cls: "kc-ask-details" });
  details.createEl("summary", { text: "Details" });
  details.createDiv({ cls: "kc-ask-why-words", text: summarizeRoute(route, titleOf) });
  const n = route.loaded.length;
  details.createDiv({
    cls: "kc-ask-tokens",
    text:
      route.status === "routed"
        ? `Loaded ${n} file${n === 1 ? "" : "s"}${route.mode === "tldr" ? " (TLDR only)" : ""}: ${route.totalTokens} of ${route.loadAllTokens} tokens (${Math.round(saving(route) * 100)}% saved)`
        : "Nothing loaded",
  });
  if (selection !== null) details.createDiv({ cls: "kc-ask-selection", text: selection });
  // Why, in words: the question's own words (never stems), titles (never scores or paths); each skipped note once,
  // and never one that was loaded after all.
  const reasons = describeLoadedPlainly(route, titleOf);
  route.loaded.forEach((l, i) => {
    const row = details.createDiv({ cls: "kc-ask-loaded" });
    createResultLink(row, l.path, host, titleOf(l.path));
    row.createSpan({ text: `: ${reasons[i]!}${l.part === "tldr" ? ", its summary only" : ""}; about ${l.tokens.toLocaleString()} tokens`, cls: "kc-ask-why" });
  });
  for (const s of skippedToShow(route)) {
    const row = details.createDiv({ cls: "kc-ask-skipped" });
    row.appendText("Not read: ");
    createResultLink(row, s.path, host, titleOf(s.path));
    row.appendText(`, ${describeSkipPlainly(s.reason, route, titleOf)}`);
  }
  return box;
}
