import { parseNote } from "../notes/parse-note";
import { normaliseHeading } from "./article-sections";
import type { SectionPatch } from "./compile-types";

/** Characters a reply may always take out of one article by replacing sections, however short the article. */
export const SMALL_REMOVAL_CHARS = 600;

/** Problems of one update's section patches that the shown headings do not catch: text that brings a Sources heading. */
export function sectionPatchProblems(patches: SectionPatch[], at: string): string[] {
  const problems: string[] = [];
  for (const p of patches) {
    const sources = parseNote(p.text).headings.some((h) => h.level <= 2 && normaliseHeading(h.text) === "sources");
    if (sources)
      problems.push(
        `${at}: the text for section "${p.heading}" has a Sources heading; the plugin keeps the one Sources list and adds the log to it, so leave sources out`,
      );
  }
  return problems;
}

/**
 * Why an update may not go from `before` to `after`: it would take out more than half of the article (and more than
 * SMALL_REMOVAL_CHARS). A reply that shrinks a long article to a few lines is refused, not shown as an ordinary update.
 */
export function shrinkProblem(before: string, after: string): string | null {
  const removed = before.length - after.length;
  if (removed <= SMALL_REMOVAL_CHARS || after.length * 2 >= before.length) return null;
  return `the update would shrink the article from ${before.length} to ${after.length} characters; an update may condense sections but not remove more than half of an article`;
}
