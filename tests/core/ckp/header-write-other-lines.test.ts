import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { Document, parseDocument } from "yaml";
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

  it("refuses, byte for byte, a frontmatter written as one {…} block rather than cut the other keys off its line", () => {
    const text = "---\n{title: Mine, tldr: old}\n---\nBody\n";
    const r = setHeaderFields(text, { tldr: "new" });
    expect(r.ok).toBe(false);
  });

  it("sets several keys at once: each replaced where it was, the new ones appended in order", () => {
    const text = "---\nanswers_when:\n  - a\n  - b\ntitle: T\ntldr: old\nend: 1\n---\nBody\n";
    expect(setHeaderFields(text, { tldr: "new", similar_high: ["[[x]]"], answers_when: ["c"], similar_mid: ["[[y]]"] })).toEqual({
      ok: true,
      value: '---\nanswers_when:\n  - c\ntitle: T\ntldr: new\nend: 1\nsimilar_high:\n  - "[[x]]"\nsimilar_mid:\n  - "[[y]]"\n---\nBody\n',
    });
  });
});

describe("header values written without building a yaml Document", () => {
  const library = (key: string, value: unknown): string => {
    const doc = new Document({});
    doc.set(key, doc.createNode(value));
    return doc.toString({ lineWidth: 0, defaultStringType: "PLAIN", defaultKeyType: "PLAIN", flowCollectionPadding: false });
  };
  const chars = [..."abcXYZ éß—‘’ 01.,:;#-?!'\"\\`[]{}()@&*%|>~\t\u2028\u00a0😀"];
  const text = fc.array(fc.constantFrom(...chars), { minLength: 0, maxLength: 12 }).map((a) => a.join(""));
  const value = fc.oneof(
    text,
    fc.constantFrom(
      "null",
      "True",
      "yes",
      "x: y",
      "[[a]] 2026-03",
      "it's",
      "Why?",
      "2026-11",
      "2026-11-22",
      "2026-1",
      "12:30",
      "[[🏛️ Problems/Caste|Caste · 2026-11]]",
      "half \ud83d pair",
      '"Quoted" first, then more',
      'Alan Watts: "The menu is not the meal"',
      '"a" #b',
      '"back\\slash"',
      'ends "with":',
      'A "quote", a comma and [brackets]',
    ),
    fc.array(text, { maxLength: 3 }),
  );

  it("read back as the same value, and written as the yaml package writes it", () => {
    fc.assert(
      fc.property(value, (v) => {
        const r = setHeaderFields("Body\n", { tldr: v });
        expect(r.ok).toBe(true);
        if (!r.ok) return;
        // The closing fence is a line of its own: a value may end in "---" ("a---").
        expect(parseDocument(r.value.slice(4, r.value.indexOf("\n---\n", 3) + 1)).toJS()).toEqual({ tldr: v });
        const lib = library("tldr", v);
        // The direct writer may quote where the package would not (never the reverse), and is otherwise the same.
        if (r.value !== `---\n${lib}---\nBody\n`) expect(r.value.replace(/"/g, "")).toBe(`---\n${lib}---\nBody\n`.replace(/"/g, ""));
      }),
      { numRuns: 2000 },
    );
  });
});
