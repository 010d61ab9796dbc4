import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { parseDocument } from "yaml";
import { setHeaderFields } from "../../../src/core/ckp/write-ckp-header";

// Issue 32: header writes reformatted other frontmatter lines (the whole block was printed again). A write now leaves
// every line but the written key's byte for byte, whatever their quoting, spacing, comments or block form.

/** Frontmatter entries as people and other plugins write them, each its own whole lines. */
const OTHERS = [
  "title:   'Quoted title'   # a note\n",
  'alias: "double"\n',
  "tags: [a,b ,  c]\n",
  "list:\n  - x\n  -   y\n",
  "folded: >\n  some folded\n  text\n",
  "literal: |\n  kept\n    as is\n",
  "# a comment line\n",
  "\n",
  "date: 2026-01-01\n",
  "nested:\n    deep:   1\n    deeper: [ 1, 2 ]\n",
  "empty:\n",
  "url: https://example.com/a?b=c#d\n",
  "quoted key: 'it''s'\n",
  "long: " + "word ".repeat(40).trim() + "\n",
];

/** The key written, in the forms its old value may take. */
const OLD = [
  "tldr: old text\n",
  "tldr: 'old text'  # old comment\n",
  "tldr: >\n  old\n  text\n",
  'similar_high:\n  - "[[a]] 2026-01"\n  - "[[b]]"\n',
  'similar_high: ["[[a]] 2026-01", "[[b]]"]\n',
];

describe("header writes leave every other frontmatter line byte for byte", () => {
  it("replaces, adds or deletes one key and nothing else", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...OTHERS), { maxLength: 8 }).map((xs) => [...new Set(xs)]),
        fc.array(fc.constantFrom(...OTHERS), { maxLength: 8 }).map((xs) => [...new Set(xs)]),
        fc.option(fc.constantFrom(...OLD), { nil: undefined }),
        fc.constantFrom<unknown>("new text", "a: colon", ["[[c]] 2026-02"], undefined),
        fc.boolean(),
        (before, after0, old, value, crlf) => {
          const after = after0.filter((x) => !before.includes(x));
          const key = old?.startsWith("similar_high") ? "similar_high" : "tldr";
          const eol = crlf ? "\r\n" : "\n";
          const text = `---\n${before.join("")}${old ?? ""}${after.join("")}---\nBody\n`.replace(/\n/g, eol);
          const r = setHeaderFields(text, { [key]: value });
          expect(r.ok).toBe(true);
          if (!r.ok) return;
          const head = `---\n${before.join("")}`.replace(/\n/g, eol);
          const tail = `${after.join("")}---\nBody\n`.replace(/\n/g, eol);
          if (old === undefined) {
            // An added key goes at the end: every line before stays, in order.
            expect(r.value.startsWith(`---\n${before.join("")}${after.join("")}`.replace(/\n/g, eol))).toBe(true);
          } else {
            expect(r.value.startsWith(head)).toBe(true);
            expect(r.value.endsWith(tail)).toBe(true);
            const written = r.value.slice(head.length, r.value.length - tail.length).replace(/\r\n/g, "\n");
            if (value === undefined) expect(written).toBe("");
            else expect(parseDocument(written).toJS()).toEqual({ [key]: value });
          }
          const yaml = r.value.slice(4, r.value.indexOf(`---${eol}Body`)).replace(/\r\n/g, "\n");
          const parsed = parseDocument(yaml).toJS() as Record<string, unknown> | null;
          expect(parsed?.[key]).toEqual(value);
        },
      ),
      { numRuns: 400 },
    );
  });

  it("leaves a note byte for byte when the write changes nothing (a blank frontmatter line, a key already absent)", () => {
    for (const text of ["---\n\n---\nBody\n", "---\r\n\r\n---\r\nBody\r\n", "---\n# only a comment\n---\n"]) {
      expect(setHeaderFields(text, { tldr: undefined })).toEqual({ ok: true, value: text });
    }
  });

  it("keeps a replaced inline list inline and the other lines as typed", () => {
    const text = "---\ntitle:   'A'   # mine\nsimilar_high: [\"[[a]]\"]\ntags: [x,y]\n---\n";
    expect(setHeaderFields(text, { similar_high: ["[[b]] 2026-03"] })).toEqual({
      ok: true,
      value: "---\ntitle:   'A'   # mine\nsimilar_high: [\"[[b]] 2026-03\"]\ntags: [x,y]\n---\n",
    });
  });
});
