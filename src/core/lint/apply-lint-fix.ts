import { formatRelation } from "../ckp/parse-relation";
import { readCkpHeader } from "../ckp/read-ckp-header";
import { setHeaderFields } from "../ckp/write-ckp-header";
import { parseNote } from "../notes/parse-note";
import { err, type Result } from "../result";
import type { LintFix } from "./lint-types";

const RELATED = /^##\s+Related(?:\s+Concepts)?\s*$/im;

/** Applies a safe fix to the text of `fix.path` and returns the new text; only the lines the fix is about change. */
export function applyLintFix(text: string, fix: LintFix): Result<string, string> {
  switch (fix.kind) {
    case "add-backlink":
      return { ok: true, value: addBacklink(text, fix.target) };
    case "trim-relationships":
    case "restamp-relationship": {
      const note = parseNote(text);
      if (note.frontmatterError) return err("The frontmatter is not valid YAML; fix it by hand first.");
      const raw = note.frontmatter?.[fix.property];
      if (!Array.isArray(raw)) return err(`${fix.property} is not a list; nothing was changed.`);
      if (fix.kind === "trim-relationships") return setHeaderFields(text, { [fix.property]: raw.slice(0, fix.keep) });
      const header = readCkpHeader(note.frontmatter);
      const rels = fix.property === "similar_high" ? header.similarHigh : header.similarMid;
      const i = rels.findIndex((r) => r.target === fix.target);
      if (i === -1 || i >= raw.length) return err(`No relationship to "${fix.target}" in ${fix.property}; nothing was changed.`);
      const next: unknown[] = [...(raw as unknown[])];
      next[i] = formatRelation(fix.target, fix.stamp);
      return setHeaderFields(text, { [fix.property]: next });
    }
  }
}

function addBacklink(text: string, target: string): string {
  const link = `- [[${target.replace(/\.md$/i, "")}]]`;
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  const m = RELATED.exec(text);
  if (!m) return `${text}${text.endsWith("\n") || text === "" ? "" : eol}${eol}## Related Concepts${eol}${link}${eol}`;
  const sectionStart = m.index + m[0].length;
  const next = text.slice(sectionStart).search(/\n#{1,6}\s/);
  const end = next === -1 ? text.length : sectionStart + next + 1;
  const section = text.slice(sectionStart, end).replace(/(\r?\n)*$/, "");
  const before = text.slice(0, sectionStart) + section;
  return `${before}${eol}${link}${eol}${next === -1 ? "" : eol}${text.slice(end)}`;
}
