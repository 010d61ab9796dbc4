import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { acronymOf, draftAnswersWhen, headingPhrase, mayStateAfter, nameQuestion } from "../../../src/core/headers/draft-answers";
import { questionTerms } from "../../../src/core/route/text-terms";
import { keyTermsOf, termCounts, tldrCandidates } from "../../../src/core/headers/draft-tldr";
import { cleanValue, proseParagraphs, sentencesOf } from "../../../src/core/headers/prose";
import { parseNote } from "../../../src/core/notes/parse-note";

const idf = (): number => 1;
const tldrOf = (title: string, body: string): string | undefined => {
  const paragraphs = proseParagraphs(body);
  return tldrCandidates(paragraphs, title, keyTermsOf(questionTerms(title), termCounts(paragraphs), idf))[0];
};
const answersOf = (title: string, text: string, stock: string[] = []): string[] => {
  const parsed = parseNote(text);
  const paragraphs = proseParagraphs(text.slice(parsed.bodyStartOffset));
  const opening = paragraphs
    .slice(0, 3)
    .map((p) => p.text)
    .join(" ");
  return draftAnswersWhen({
    title,
    headings: parsed.headings,
    paragraphs,
    opening,
    definesTitle: /^\w[\w ]* is /.test(opening),
    keyTerms: new Set(keyTermsOf(questionTerms(title), termCounts(paragraphs), idf).keys()),
    isStockHeading: (h) => stock.includes(h),
  });
};

describe("a TLDR that states the note's point", () => {
  it("prefers the lead's claim with the note's key terms to a definition of the title", () => {
    const body =
      "Sourdough starter is a culture of flour and water.\n\nFeed the starter once a day with equal weights of flour and water, or it turns sour and slow.\n\n## History\n\nBakers have kept starters for centuries.\n";
    expect(tldrOf("Sourdough starter", body)).toBe("Feed the starter once a day with equal weights of flour and water, or it turns sour and slow.");
  });

  it("takes a definition when the note has nothing else, names the subject of a lead that starts with 'It is', and refuses labels and formulas", () => {
    expect(tldrOf("Hyperfocal distance", "It is the distance beyond which all objects will be in focus.\n")).toBe(
      "Hyperfocal distance is the distance beyond which all objects will be in focus.",
    );
    expect(tldrOf("Motors", "Squirrel Cage Induction Motor 1.2.1.2.\n")).toBeUndefined();
    expect(tldrOf("Responsivity", "$R=\\eta \\frac{q}{hf}$ where eta is the quantum efficiency of the photodiode.\n")).toBeUndefined();
    expect(tldrOf("Tasks", "Fabric Weaves Pigments Colours Printing Text Signs\n")).toBeUndefined();
  });

  it("leaves no stray or unclosed quote or bracket, and keeps balanced ones and apostrophes", () => {
    expect(cleanValue("“The world is a stage")).toBe("The world is a stage");
    expect(cleanValue('"Quoted whole sentence."')).toBe("Quoted whole sentence.");
    expect(cleanValue('He said "go" and left.')).toBe('He said "go" and left.');
    expect(cleanValue("It doesn’t stop (ever")).toBe("It doesn’t stop ever");
    expect(cleanValue("See [[Frost dates|the frost dates]] and **bold** words.")).toBe("See the frost dates and bold words.");
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (s) => {
        const c = cleanValue(s);
        expect((c.match(/"/g) ?? []).length % 2).toBe(0);
        expect((c.match(/“/g) ?? []).length).toBe((c.match(/”/g) ?? []).length);
        expect((c.match(/\(/g) ?? []).length).toBe((c.match(/\)/g) ?? []).length);
        expect(cleanValue(c)).toBe(c);
      }),
      { numRuns: 300 },
    );
  });

  it("splits sentences, not abbreviations or initials", () => {
    expect(sentencesOf("The D65 is a standard, e.g. for sRGB. It is used by J. Smith. Done.")).toEqual([
      "The D65 is a standard, e.g. for sRGB.",
      "It is used by J. Smith.",
      "Done.",
    ]);
  });
});

describe("answers_when as the questions a person would bring", () => {
  it("asks about the name with the short form the note gives it, and keeps its own headings", () => {
    const text =
      "# Display Serial Interface\n\nThe Display Serial Interface (DSI) is a specification for display panels.\n\n## Lanes\n\nOne to four data lanes.\n";
    expect(answersOf("Display Serial Interface", text)).toEqual(["what is display serial interface (DSI)", "lanes"]);
  });

  it("never uses the base's stock section names or generic headings, and asks only its own questions", () => {
    const text =
      "# Frost\n\nFrost forms on clear nights when the ground cools below zero.\n\n## Key points\n\nClear sky, no wind.\n\n## See also\n\nDew.\n\n## Why does frost form on clear nights?\n\nThe ground radiates heat.\n\nWhat kind of an argument is that?\n";
    const got = answersOf("Frost", text, ["key points"]);
    expect(got).toContain("why does frost form on clear nights?");
    expect(got).not.toContain("key points");
    expect(got).not.toContain("see also");
    expect(got.join(" ")).not.toContain("argument");
  });

  it("makes a short form only of a name of nouns, and the name's question for a stub", () => {
    expect(acronymOf("Low Voltage Differential Signalling", "")).toBe("LVDS");
    expect(acronymOf("Geographic Information System (GIS)", "")).toBe("GIS");
    expect(acronymOf("Abstract Syntax Notation One", "Abstract Syntax Notation 1 (ASN.1) is a standard interface description language.")).toBe("ASN.1");
    expect(acronymOf("Natural Disposition to Believe in a Creator", "")).toBeNull();
    expect(acronymOf("Managing Hardware Projects", "")).toBeNull();
    expect(acronymOf("R - Excel Helpers", "")).toBeNull();
    // another name the opening gives, when it is a short form (two capitals or more)
    expect(acronymOf("CIE 1931 XYZ Colour Space", "Also called CIEXYZ.\n\nThis model was based on the RGB space.")).toBe("CIEXYZ");
    expect(acronymOf("Decibels relative to full scale", "Decibels relative to full scale, also known as DBFS, measure level.")).toBe("DBFS");
    expect(acronymOf("Physicalism", "Materialism, also called Physicalism, holds that…")).toBeNull();
    expect(nameQuestion("Low Voltage Differential Signalling")).toBe("what is low voltage differential signalling (LVDS)");
    expect(nameQuestion("Motors")).toBe("what are motors");
    expect(nameQuestion("Bill of Materials")).toBe("what is bill of materials");
  });

  it("finds the short form an opening states after any variant of the name (case, hyphens, spacing, a plural), in any script", () => {
    const word = fc.oneof(fc.stringMatching(/^[A-Z][a-z]{1,7}$/), fc.constantFrom("Straße", "Ångström", "Über", "Kraft"));
    // (A case change that changes the word's letters, as "ß" to "SS", is not the same name to a case-blind pattern.)
    const variant = (w: string) => fc.constantFrom(...[w, w.toLowerCase(), w.toUpperCase()].filter((v) => v.length === w.length));
    const gap = fc.constantFrom(" ", "  ", "-", " - ", "\t");
    const noise = fc.array(fc.stringMatching(/^[a-z]{1,6}$/), { maxLength: 8 }).map((ws) => (ws.length ? ws.join(" ") + " " : ""));
    fc.assert(
      fc.property(
        fc
          .array(word, { minLength: 1, maxLength: 3 })
          .chain((ws) => fc.tuple(fc.constant(ws), fc.tuple(...ws.map(variant)), fc.array(gap, { minLength: ws.length, maxLength: ws.length }))),
        fc.stringMatching(/^[A-Z][A-Z0-9]{1,5}$/),
        noise,
        fc.constantFrom("", "s"),
        fc.constantFrom("(", " (", "  ( "),
        fc.constantFrom(")", " ,", ";"),
        ([ws, shown, gaps], short, before, plural, open, close) => {
          const name = ws.join(" ");
          const written = shown.map((w, i) => (i === 0 ? w : gaps[i - 1] + w)).join("");
          const opening = `${before}${written}${plural}${open}${short}${close} is what it is.`;
          expect(acronymOf(name, opening)).toBe(short);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe("headingPhrase", () => {
  const reference = (text: string): string =>
    cleanValue(text)
      .replace(/^(?:\(?\d+[.)]?\s*)+/, "")
      .replace(/[:.]+$/, "")
      .toLowerCase()
      .trim();
  const piece = fc.constantFrom("1", "2.", "(3)", "4)", " ", ":", ".", "..", "Key", "points", "**", "(", ")", "é", "Ⅳ", "\t");

  it("reads a heading as the patterns tried on every heading did", () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), (ps) => {
        const text = ps.join("");
        expect(headingPhrase(text)).toBe(reference(text));
      }),
      { numRuns: 3000 },
    );
  });
});

describe("mayStateAfter", () => {
  // acronymOf's own pattern for a name's short form in its opening (compiled per note): whenever it matches,
  // mayStateAfter must let it be compiled.
  const stated = (name: string, start: string) => {
    const esc = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\s+/g, "[\\s-]+");
    return new RegExp(`${esc}s?\\s*\\(\\s*([A-Za-z][A-Za-z0-9&-]{1,9})\\s*[),;]`, "i").exec(start) !== null;
  };
  const word = fc.constantFrom("Signal", "signal", "SIGNAL", "Python", "Net", "İnsight", "straße", "K\u212Aelvin", "a", "x-ray");
  const tail = fc.constantFrom(
    "",
    "s",
    "S",
    " ",
    "  ",
    "\u00a0",
    "(",
    "( ",
    "(LVDS)",
    "(lvds,",
    "(A;",
    "(1A)",
    "(programming language)",
    "(X)",
    ")",
    ",",
    "-",
    "İ",
    "Σ",
  );

  it("lets the pattern be compiled wherever it would match", () => {
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 3 }), fc.array(fc.oneof(word, tail), { maxLength: 10 }), (ws, parts) => {
        const name = ws.join(" ");
        const start = parts.join("");
        if (stated(name, start)) expect(mayStateAfter(name, start)).toBe(true);
      }),
      { numRuns: 5000 },
    );
    // The cases it is there for: a bracket that holds no short form is not a reason to compile.
    expect(mayStateAfter("Python", "Python (programming language) is a language.")).toBe(false);
    expect(mayStateAfter("Low Voltage Differential Signalling", "Low voltage differential signalling (LVDS) is a standard.")).toBe(true);
  });
});
