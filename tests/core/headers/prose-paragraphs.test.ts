import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import process from "node:process";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { unfencedLines } from "../../../src/core/notes/unfenced-lines";
import { cleanValue, plainText, proseParagraphs, type ProseParagraph } from "../../../src/core/headers/prose";
import { stripControls } from "../../../src/core/util/strip-controls";

// The readers as they were first written (a generator over split lines, every pattern tried on every line): the
// oracles the faster ones must agree with.
function* referenceUnfencedLines(body: string): Generator<string | null> {
  let fence: string | null = null;
  for (const line of body.split("\n")) {
    const t = line.trim();
    const marker = /^(?:>\s*)*(`{3,}|~{3,})/.exec(t)?.[1] ?? null;
    if (fence !== null) {
      if (marker !== null && marker[0] === fence[0] && marker.length >= fence.length) fence = null;
      continue;
    }
    if (marker !== null) {
      fence = marker;
      yield null;
      continue;
    }
    yield t;
  }
}

function referenceProseParagraphs(body: string): ProseParagraph[] {
  const out: ProseParagraph[] = [];
  let para: string[] = [];
  let item = false;
  let heading = "";
  const flush = (): void => {
    if (para.length > 0) out.push({ text: para.join(" "), item, heading });
    para = [];
    item = false;
  };
  for (const t of referenceUnfencedLines(body)) {
    if (t === null) {
      flush();
      continue;
    }
    if (t.startsWith("#") && /^#{1,6}\s/.test(t)) {
      flush();
      heading = t.replace(/^#+\s*/, "").replace(/\s+#+$/, "");
      continue;
    }
    if (
      t === "" ||
      /^(?:>\s*)*$/.test(t) ||
      t.startsWith("#") ||
      /^(?:---+|\*\*\*+)$/.test(t) ||
      t.startsWith("|") ||
      t.startsWith("![[") ||
      /^>\s*\[!/.test(t) ||
      t.startsWith("<")
    ) {
      flush();
      continue;
    }
    const unquoted = t.replace(/^(?:>\s*)+/, "");
    if (/^(?:[-*+]|\d+[.)])\s+/.test(unquoted)) {
      flush();
      item = true;
    }
    para.push(unquoted.replace(/^(?:(?:[-*+]|\d+[.)])\s+)+/, "").replace(/^\[[ xX]\]\s+/, ""));
  }
  flush();
  return out;
}

// Lines made of the pieces markdown starts and ends lines with, so most lines hit some rule and many hit several.
const piece = fc.constantFrom(
  "#",
  "##",
  "####### ",
  "# ",
  "> ",
  ">",
  "> [!note]",
  "```",
  "````",
  "~~~",
  "`",
  "~",
  "---",
  "***",
  "**",
  "-",
  "- ",
  "* ",
  "+ ",
  "1. ",
  "12) ",
  "3.",
  "[ ] ",
  "[x] ",
  "[X]",
  "![[a.png]]",
  "|a|b|",
  "<div>",
  "word",
  "Prose here.",
  " ",
  "\t",
  "\r",
  "\u00a0",
  "é",
);
const line = fc.array(piece, { maxLength: 5 }).map((ps) => ps.join(""));
const body = fc.array(line, { maxLength: 14 }).map((ls) => ls.join("\n"));

describe("unfencedLines and proseParagraphs", () => {
  it("read a body as the first readers did", () => {
    fc.assert(
      fc.property(body, (b) => {
        expect(unfencedLines(b)).toEqual([...referenceUnfencedLines(b)]);
        expect(proseParagraphs(b)).toEqual(referenceProseParagraphs(b));
      }),
      { numRuns: 3000 },
    );
  });

  // A real third-party vault (see ../shared/research-data/README.md), read in place and never written.
  const vault = join(process.env.KC_RESEARCH_DATA ?? join(import.meta.dirname, "..", "..", "..", "..", "shared", "research-data"), "vaultofknowledge");
  it.skipIf(!existsSync(vault))("read every note of a real vault as the first readers did", () => {
    const notes = readdirSync(vault, { recursive: true, encoding: "utf8" }).filter((p) => p.endsWith(".md"));
    expect(notes.length).toBeGreaterThan(1000);
    for (const p of notes) {
      const text = readFileSync(join(vault, p), "utf8");
      expect(proseParagraphs(text), p).toEqual(referenceProseParagraphs(text));
    }
  });
});

describe("plainText", () => {
  // The chain as it was first written (every pattern on every text with markup): the oracle.
  const reference = (text: string): string => {
    if (!/[[*_=~`<]|\s\s|[^\S ]/.test(text)) return text.trim();
    return text
      .replace(/!?\[\[([^\]|]*)\|([^\]]*)\]\]/g, "$2")
      .replace(/!?\[\[([^\]]*)\]\]/g, (_m, target: string) => target.replace(/#.*$/, "").split("/").pop() ?? target)
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
      .replace(/\[\^[^\]]*\]|\[\d+\]/g, "")
      .replace(/(\*\*|__|==|~~)(.+?)\1/g, "$2")
      .replace(/(^|[\s(])[*_]([^*_\s][^*_]*?)[*_](?=[\s.,;:!?)]|$)/g, "$1$2")
      .replace(/`([^`]*)`/g, "$1")
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " ")
      .trim();
  };
  const piece = fc.constantFrom(
    "[[",
    "]]",
    "|",
    "[[a|b]]",
    "[[Folder/Note#Part]]",
    "![[img.png]]",
    "[t](u)",
    "](",
    "[^1]",
    "[2]",
    "[",
    "]",
    "(",
    ")",
    "**",
    "__",
    "==",
    "~~",
    "*",
    "_",
    "`",
    "<b>",
    "<",
    ">",
    " ",
    "  ",
    "\t",
    "\n",
    "\u00a0",
    "word",
    ".",
    ",",
    "é",
    "#",
  );

  it("reads markup as the whole chain of patterns did", () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (ps) => {
        const text = ps.join("");
        expect(plainText(text)).toBe(reference(text));
      }),
      { numRuns: 5000 },
    );
  });
});

describe("cleanValue", () => {
  // One cleaning pass as it was first written (each pair counted before its ends were looked at): the oracle.
  const count = (s: string, ch: string): number => s.split(ch).length - 1;
  const WRAPPING: [string, string][] = [
    ["“", "”"],
    ["‘", "’"],
    ["«", "»"],
    ["(", ")"],
    ["[", "]"],
    ['"', '"'],
    ["'", "'"],
  ];
  const PAIRS = WRAPPING.slice(0, 5);
  const referenceOnce = (text: string): string => {
    let s = plainText(stripControls(text))
      .replace(/[\u200b-\u200f]/g, "")
      .replace(/\s+/g, " ")
      .trim();
    for (let changed = true; changed && s.length > 1;) {
      changed = false;
      for (const [open, close] of WRAPPING) {
        const whole = open === close ? count(s, open) === 2 : count(s, open) === 1 && count(s, close) === 1;
        if (s.startsWith(open) && s.endsWith(close) && s.length > 2 && whole) {
          s = s.slice(open.length, s.length - close.length).trim();
          changed = true;
        }
      }
    }
    for (const [open, close] of PAIRS) {
      if (open === "‘") {
        if (count(s, open) > count(s, close)) s = s.split(open).join("");
      } else if (count(s, open) !== count(s, close)) s = s.split(open).join("").split(close).join("");
    }
    if (count(s, '"') % 2 === 1) s = s.split('"').join("");
    return s
      .replace(/^[\s'’,;:–—-]+/, "")
      .replace(/[\s,;:–—-]+$/, "")
      .replace(/\s+/g, " ")
      .trim();
  };
  const reference = (text: string): string => {
    let s = text;
    for (let i = 0; i < 8; i++) {
      const next = referenceOnce(s);
      if (next === s) break;
      s = next;
    }
    return s;
  };
  const piece = fc.constantFrom(
    "“",
    "”",
    "‘",
    "’",
    "«",
    "»",
    "(",
    ")",
    "[",
    "]",
    '"',
    "'",
    " ",
    "  ",
    "\t",
    ",",
    ";",
    ":",
    "–",
    "-",
    "word",
    "**b**",
    "[[a|b]]",
    "\u200b",
    "\u0007",
    "\r\n",
  );

  it("cleans a value as the first cleaning passes did", () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 10 }), (ps) => {
        const text = ps.join("");
        expect(cleanValue(text)).toBe(reference(text));
      }),
      { numRuns: 5000 },
    );
  });
});
