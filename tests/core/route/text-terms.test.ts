import fc from "fast-check";
import MiniSearch from "minisearch";
import { describe, expect, it } from "vitest";
import { ArticleIndex, ROUTE_FIELDS } from "../../../src/core/route/article-index";
import { buildArticleDoc, type ArticleDoc } from "../../../src/core/route/article-doc";
import { parseNote } from "../../../src/core/notes/parse-note";
import { forEachTerm, processTerm, questionTerms, stemWord, tokenizeText } from "../../../src/core/route/text-terms";

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
  // Words that begin as a month's name does, of a month name's length: read as words, not dates.
  "make",
  "Mars",
  "mayor",
  "juno",
  "decor",
  "septic",
  "Novel",
  "marches",
  "Augusta",
  "jul",
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
  // Letters and marks beyond ASCII: a capital whose lowercase is two characters, a combining accent, scripts without
  // case, letters and a symbol outside the Basic Multilingual Plane, surrogates standing alone, quotes that are not '.
  "İstanbul",
  "ΣΊΣΥΦΟΣ",
  "e\u0301",
  "東京",
  "𝐀𝐁c",
  "😀",
  "\ud800",
  "\udc00x",
  "x’s",
  "rock'n'roll",
  "__init__",
  "a-b_c",
  "7-eleven",
  "12th",
  "NOV",
  "mark",
  "decide",
];
/** Words run together by spaces, nothing, joiners and punctuation, so a word's bounds are the tokenizer's own work. */
const text = fc
  .array(fc.tuple(fc.constantFrom(...WORDS), fc.constantFrom(" ", "", "-", "'", ".", "\n", "’", "_")), { maxLength: 30 })
  .map((ws) => ws.map(([w, sep]) => w + sep).join(""));

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

describe("forEachTerm", () => {
  /** The terms as the tokens give them: a joined token with a letter counts through its parts only. */
  const referenceTerms = (t: string) =>
    referenceTokenize(t).flatMap((tok) => {
      if (/[-_]/.test(tok) && /\p{L}/u.test(tok)) return [];
      const term = processTerm(tok);
      return term === null ? [] : [term];
    });
  const termsOf = (t: string) => {
    const out: string[] = [];
    forEachTerm(t, (term) => out.push(term));
    return out;
  };

  it("gives the terms of the tokens, whether a word is read by its characters or as a token", () => {
    fc.assert(
      fc.property(text, (t) => {
        expect(termsOf(t)).toEqual(referenceTerms(t));
        // Asked again, the words are found in its table of plain words: the same terms.
        expect(termsOf(t)).toEqual(referenceTerms(t));
      }),
      { numRuns: 500 },
    );
  });

  it("tells apart words that share a slot of its table, and gives the same terms after the table fills and is emptied", () => {
    // 70,000 distinct words, many of one length: the table holds 65,536 at most, and probes pass other words on the way.
    const words = Array.from({ length: 70_000 }, (_, i) => `w${i.toString(36)}x`);
    const expected = words.map((w) => processTerm(w));
    const sample = "Retrying the queues of 14 September 2026 retried";
    const before = termsOf(sample);
    expect(termsOf(words.join(" "))).toEqual(expected);
    expect(termsOf(sample)).toEqual(before);
    expect(termsOf(words.join(" "))).toEqual(expected);
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

describe("stemWord: derivational endings", () => {
  const meet = (...words: string[]) => expect(new Set(words.map(stemWord)).size, words.join(" / ")).toBe(1);
  const apart = (a: string, b: string) => expect(stemWord(a), `${a} / ${b}`).not.toBe(stemWord(b));

  it("folds a noun, its adjective and its verb to one stem (Porter's steps 2 to 4)", () => {
    meet("symbol", "symbolic", "symbols");
    meet("adhesion", "adhesive");
    meet("taxonomy", "taxonomic", "taxonomies");
    meet("classify", "classifying", "classified", "classification");
    meet("dimension", "dimensional", "dimensions");
    meet("moral", "morality");
    meet("prescriptive", "prescriptivity");
    meet("philology", "philologist", "philologists", "philological");
    meet("photometry", "photometric", "photometrical");
    meet("relate", "relation", "relational", "relative");
    meet("migrate", "migrated", "migration", "migrations");
    meet("notify", "notification");
    meet("connect", "connection", "connections");
  });

  it("gives a derived word the same stem whatever its inflection, so a question meets a note written otherwise", () => {
    meet("serialize", "serialized", "serializing", "serialization", "serializer");
    meet("aware", "awareness");
    meet("available", "availability");
  });

  it("keeps verb and agent endings, bare -ity, and endings whose rest is too short to be a stem", () => {
    apart("serialize", "serial");
    apart("modulate", "module");
    apart("luminance", "luminous");
    apart("civilization", "civil");
    apart("electricity", "electric");
    apart("authority", "author");
    apart("university", "universe");
    apart("station", "state");
    for (const w of ["station", "nation", "music", "topic", "version", "session", "party"]) expect(stemWord(w)).toBe(w);
    expect(processTerm("retries")).toBe("retry");
  });

  it("never empties a word nor makes it longer", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z]{1,16}$/), (w) => {
        const s = stemWord(w);
        expect(s.length).toBeGreaterThan(0);
        expect(s.length).toBeLessThanOrEqual(w.length);
      }),
      { numRuns: 2000 },
    );
  });

  it("routes a derived form of a note's name to the note", () => {
    const index = new ArticleIndex();
    const note = (path: string, title: string, body: string) => {
      const text = `# ${title}\n\n${body}\n`;
      index.upsert(buildArticleDoc(path, text, parseNote(text)));
    };
    note("adhesive.md", "Adhesive Force", "The force between unlike molecules.");
    note("capillary.md", "Capillary Action", "Liquid rises in a narrow tube through surface tension.");
    note("taxonomy.md", "Taxonomy", "Naming and ranking living things.");
    note("phenetics.md", "Phenetics", "Grouping organisms by overall likeness.");
    expect(questionTerms("adhesion")).toEqual(questionTerms("adhesive"));
    expect(index.rankedHits("adhesion")[0]?.doc.path).toBe("adhesive.md");
    expect(index.rankedHits("taxonomic")[0]?.doc.path).toBe("taxonomy.md");
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
