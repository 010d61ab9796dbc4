import fc from "fast-check";
import MiniSearch from "minisearch";
import { describe, expect, it } from "vitest";
import { ArticleIndex, ROUTE_FIELDS } from "../../../src/core/route/article-index";
import type { ArticleDoc } from "../../../src/core/route/article-doc";
import { processTerm, tokenizeText } from "../../../src/core/route/text-terms";

// The tokenizer as it was written first (object-literal months, a trim and a date test on every word): the oracle
// the faster one must agree with, except where the first one read "constructor" as a month.
const MONTHS: Record<string, string> = {
  jan: "01",
  january: "01",
  feb: "02",
  mar: "03",
  may: "05",
  sep: "09",
  sept: "09",
  september: "09",
  dec: "12",
  december: "12",
  apr: "04",
  jun: "06",
  jul: "07",
  aug: "08",
  oct: "10",
  nov: "11",
  february: "02",
  march: "03",
  april: "04",
  june: "06",
  july: "07",
  august: "08",
  october: "10",
  november: "11",
};
function referenceTokenize(text: string): string[] {
  const raw = text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'_-]*/gu) ?? [];
  const out: string[] = [];
  for (let i = 0; i < raw.length; i++) {
    const tok = raw[i]!.replace(/^'+|'+$/g, "");
    const iso = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/.exec(tok);
    if (iso) {
      out.push(tok, `${iso[1]}-${iso[2]}`, iso[1]!);
      if (iso[3]) out.push(`${iso[2]}-${iso[3]}`);
      continue;
    }
    const month = Object.hasOwn(MONTHS, tok) ? MONTHS[tok] : undefined;
    if (month !== undefined && tok.length >= 3) {
      const day = (s?: string) => {
        const m = s ? /^(\d{1,2})(?:st|nd|rd|th)?$/.exec(s) : null;
        return m && Number(m[1]) >= 1 && Number(m[1]) <= 31 ? m[1]!.padStart(2, "0") : null;
      };
      const year = (s?: string) => (s && /^\d{4}$/.test(s) ? s : null);
      const [before, after, after2] = [raw[i - 1], raw[i + 1], raw[i + 2]];
      const d = day(after) ?? day(before);
      const y = year(day(after) ? after2 : after) ?? null;
      if (y) out.push(`${y}-${month}`, y);
      if (d) out.push(`${month}-${d}`);
      if (y && d) out.push(`${y}-${month}-${d}`);
      if (tok.length > 3) out.push(tok);
      continue;
    }
    out.push(tok);
    if (tok.includes("-") || tok.includes("_")) for (const part of tok.split(/[-_]+/)) if (part && part !== tok) out.push(part);
  }
  return out;
}

const WORDS = [
  "sync",
  "conflict's",
  "it's''",
  "retries",
  "Retrying",
  "2026-09-14",
  "2026-09",
  "1999-1",
  "14",
  "3rd",
  "September",
  "Sept",
  "may",
  "constructor",
  "toString",
  "hasOwnProperty",
  "brand-new",
  "snake_case",
  "über",
  "naïve",
  "x",
  "7",
  "é",
  "queue",
  "-",
  "'",
  "the",
  "a",
  "of",
  ".",
  ",",
  "2026",
];
const text = fc.array(fc.constantFrom(...WORDS), { maxLength: 30 }).map((w) => w.join(" "));

describe("tokenizeText", () => {
  it("gives the same tokens as the first, slower tokenizer on any mix of words, dates, quotes and hyphens", () => {
    fc.assert(
      fc.property(text, (t) => {
        expect(tokenizeText(t)).toEqual(referenceTokenize(t));
      }),
      { numRuns: 500 },
    );
  });

  it("never reads a word named like an object's built-in property as a month", () => {
    expect(tokenizeText("constructor 14 2026")).toEqual(["constructor", "14", "2026"]);
    expect(tokenizeText("toString hasOwnProperty")).toEqual(["tostring", "hasownproperty"]);
  });

  it("folds written dates and ISO dates so they meet", () => {
    expect(tokenizeText("on 14 September 2026")).toEqual(expect.arrayContaining(["2026-09", "09-14", "2026-09-14"]));
    expect(tokenizeText("2026-09-14")).toEqual(["2026-09-14", "2026-09", "2026", "09-14"]);
  });
});

describe("processTerm", () => {
  it("gives the same term for a word however often it is asked (the remembered answer is the computed one)", () => {
    fc.assert(
      fc.property(fc.constantFrom(...WORDS.map((w) => w.toLowerCase()), "retried", "queues", "the"), (w) => {
        const first = processTerm(w);
        expect(processTerm(w)).toBe(first);
      }),
    );
    expect(processTerm("the")).toBeNull();
    expect(processTerm("retries")).toBe("retry");
  });
});

function doc(path: string, words: string[]): ArticleDoc {
  const f = (k: number) => words.filter((_, i) => i % 7 === k).join(" ");
  return {
    path,
    title: f(0),
    aliases: f(1),
    answers: f(2),
    tldr: f(3),
    tags: f(4),
    headings: f(5),
    body: f(6),
    hasBody: f(6).trim() !== "",
    header: { connects: [] } as unknown as ArticleDoc["header"],
    hasTldr: true,
    tokens: 10,
    tldrTokens: 2,
  };
}

describe("ArticleIndex", () => {
  it("ranks and scores exactly like a plain index that tokenizes every field twice", () => {
    const corpus = fc.array(fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 40 }), { minLength: 1, maxLength: 25 });
    fc.assert(
      fc.property(corpus, fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 6 }), (docs, q) => {
        const ours = new ArticleIndex();
        const plain = new MiniSearch<ArticleDoc>({ idField: "path", fields: [...ROUTE_FIELDS], storeFields: [], tokenize: tokenizeText, processTerm });
        docs.forEach((w, i) => {
          ours.upsert(doc(`a${i}.md`, w));
          plain.add(doc(`a${i}.md`, w));
        });
        const question = q.join(" ");
        const boost = { title: 1.5, aliases: 1.5, answers: 1.5, tldr: 1.5, tags: 1, headings: 1, body: 1 };
        const expected =
          docs.length < 20
            ? plain.search(question, {
                boost,
                combineWith: "OR",
                prefix: (t, i, ts) => i === ts.length - 1 && t.length >= 4,
                fuzzy: (t) => (t.length >= 7 ? 0.15 : false),
                weights: { fuzzy: 0.45, prefix: 0.6 },
              })
            : null;
        if (expected === null) return; // the index drops ubiquitous words from larger bases; compared on small ones
        const got = ours.query(question, 1000);
        expect(got.map((h) => [h.doc.path, h.score.toFixed(9)])).toEqual(expected.map((r) => [r.id as string, r.score.toFixed(9)]));
      }),
      { numRuns: 200 },
    );
  });
});
