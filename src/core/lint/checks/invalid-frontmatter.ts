import { finding, type LintCheck } from "../lint-check";

/** Frontmatter that is not valid YAML: Obsidian shows no properties and the plugin cannot read the header. */
export const invalidFrontmatter: LintCheck = {
  id: "invalid-frontmatter",
  severity: "error",
  description:
    "The frontmatter is not valid YAML, so its properties (and CKP header) cannot be read. A template's (one holding placeholders such as <% tp.file.title %>) is not reported: it becomes YAML when a note is made from it.",
  examples: [
    {
      name: "unclosed quote",
      files: {
        "knowledge/concepts/a.md": '---\ntitle: "oops\ntldr: x\n---\n# A\n',
        "knowledge/concepts/b.md": "---\ntitle: fine\n---\n",
        "knowledge/concepts/template.md": '---\n<%* if (tp.file.title.includes(" (")) { -%>\naliases: [x]\n<%* } -%>\n---\n# T\n',
      },
      expected: [{ at: "knowledge/concepts/a.md:2", message: "Invalid YAML" }],
    },
  ],
  check(path, ctx) {
    if (!ctx.inScope(path)) return [];
    const e = ctx.view.note(path)?.frontmatterError;
    return e && !e.template ? [finding(this, path, e.line, e.col, e.message)] : [];
  },
};
