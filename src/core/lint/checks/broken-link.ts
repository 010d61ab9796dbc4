import { checkSubpath } from "../../links/check-subpath";
import { isTemplatePlaceholder } from "../../notes/template-placeholder";
import { finding, withEnd, type LintCheck } from "../lint-check";
import { isMarkdownPath } from "../../util/markdown-path";

const RELATIONS = new Set(["similar_high", "similar_mid"]);

/** Links (and heading/block subpaths) that point nowhere; template placeholders and CKP relations are left to others. */
export const brokenLink: LintCheck = {
  id: "broken-link",
  severity: "error",
  description: "A link, embed or heading/block subpath points to nothing in the vault.",
  examples: [
    {
      name: "a missing note and a missing heading",
      files: {
        "knowledge/concepts/a.md": "# A\n\nSee [[b]] and [[c#Setup]] and [[b#Nowhere]].\n",
        "knowledge/concepts/b.md": "# B\n\n## Setup\n",
      },
      expected: [
        { at: "knowledge/concepts/a.md:3", message: '"c"' },
        { at: "knowledge/concepts/a.md:3", message: "Nowhere" },
      ],
    },
    {
      name: "placeholders, attachments, code and case are fine",
      files: {
        "knowledge/concepts/a.md": "# A\n[[<% tp.date.now() %>]] ![[pic.png]] [[B]] `[[nope]]`\n```\n[[nope]]\n```\n[[#A]]\n",
        "knowledge/concepts/b.md": "# B\n",
        "knowledge/pic.png": "",
      },
      expected: [],
    },
  ],
  check(path, ctx) {
    if (!ctx.inScope(path)) return [];
    const note = ctx.view.note(path);
    if (!note) return [];
    const out = [];
    const targets = ctx.graph.targets.get(path);
    const links = note.links;
    for (let i = 0; i < links.length; i++) {
      const link = links[i]!;
      if (link.kind === "frontmatter" && link.property !== undefined && RELATIONS.has(link.property)) continue;
      if (isTemplatePlaceholder(link.path) || isTemplatePlaceholder(link.subpath)) continue;
      const target = targets?.[i] !== undefined ? targets[i]! : ctx.view.resolve(link.path, path);
      if (target === null) {
        out.push(
          withEnd(finding(this, path, link.start.line, link.start.col, `Broken link ${link.original}: nothing named "${link.path}" in the vault.`), link),
        );
        continue;
      }
      if (link.subpath !== "" && isMarkdownPath(target)) {
        const t = ctx.view.note(target);
        if (t && !checkSubpath(t, link.subpath)) {
          out.push(
            withEnd(
              finding(
                this,
                path,
                link.start.line,
                link.start.col,
                `Broken link ${link.original}: "${target}" has no heading or block "${link.subpath.slice(1)}".`,
              ),
              link,
            ),
          );
        }
      }
    }
    return out;
  },
};
