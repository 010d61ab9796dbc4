import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { dailyNotePath, matchDailyNote } from "../../../src/core/knowledge/daily-notes";
import { compileDateFormat, matchDateFormat } from "../../../src/core/knowledge/match-date-format";

// Issue 32, class 8: a vault's daily-notes format is matched in time linear in the name for each piece of the format.
// The matcher it replaced built a regular expression from the format; these tests keep it here, as the oracle for
// ordinary formats, so every name is read as it always was.

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const TOKENS = /\[([^\]]*)\]|YYYY|YY|MMMM|MMM|MM|M|Do|DD|D|dddd|ddd|./g;
const CAPTURES: Record<string, [string, string]> = {
  YYYY: ["(\\d{4})", "Y"],
  YY: ["(\\d{2})", "YY"],
  MMMM: ["([A-Za-z]+)", "MMM"],
  MMM: ["([A-Za-z]+)", "MMM"],
  MM: ["(\\d{2})", "M"],
  M: ["(\\d{1,2})", "M"],
  DD: ["(\\d{2})", "D"],
  D: ["(\\d{1,2})", "D"],
  Do: ["(\\d{1,2})(?:st|nd|rd|th)", "D"],
};
const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The regular-expression matcher of daily-notes.ts before issue 32, unchanged but for its cache. */
function oldMatchDailyNote(path: string, settings: { dailyFolder: string; dailyFormat: string }): string | null {
  if (!path.toLowerCase().endsWith(".md")) return null;
  const folder = settings.dailyFolder.replace(/^\/+|\/+$/g, "");
  const prefix = folder === "" ? "" : `${folder}/`;
  if (!path.startsWith(prefix)) return null;
  const name = path.slice(prefix.length, -3);
  const groups: string[] = [];
  let src = "";
  for (const m of (settings.dailyFormat || "YYYY-MM-DD").matchAll(TOKENS)) {
    const t = m[0];
    const capture = CAPTURES[t];
    if (m[1] !== undefined) src += escape(m[1]);
    else if (capture) {
      src += capture[0];
      groups.push(capture[1]);
    } else if (t === "dddd" || t === "ddd") src += "[A-Za-z]+";
    else src += escape(t);
  }
  const m = new RegExp(`^${src}$`, "i").exec(name);
  if (!m) return null;
  let y = -1;
  let mo = -1;
  let d = -1;
  groups.forEach((g, i) => {
    const v = m[i + 1]!;
    if (g === "Y") y = Number(v);
    else if (g === "YY") y = 2000 + Number(v);
    else if (g === "M") mo = Number(v);
    else if (g === "MMM") mo = MONTHS.findIndex((n) => n.toLowerCase().startsWith(v.toLowerCase()) && v.length >= 3) + 1;
    else d = Number(v);
  });
  if (y < 0 || mo < 1 || mo > 12 || d < 1 || d > 31) return null;
  return `${String(y).padStart(4, "0")}-${String(mo).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}

// Ordinary formats: up to six pieces, tokens and separators, literal text in brackets, any of them side by side
// (so `DM`, `MMMMD`, `Dddd` and other splits that need the regular expression's choice are in).
const piece = fc.constantFrom(
  "YYYY",
  "YY",
  "MMMM",
  "MMM",
  "MM",
  "M",
  "Do",
  "DD",
  "D",
  "dddd",
  "ddd",
  "-",
  ".",
  "/",
  " ",
  ", ",
  "_",
  "[Log ]",
  "[st]",
  "[W]",
  "x",
  "é",
  "[ß]",
  "i",
);
const format = fc.array(piece, { minLength: 1, maxLength: 6 }).map((p) => p.join(""));
const date = fc
  .date({ min: new Date("1990-01-01T00:00:00Z"), max: new Date("2099-12-31T00:00:00Z"), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const noise = fc.string({ unit: fc.constantFrom(..."0123456789aAsStThHnNdDrR-./ ,_xXéÉßSSiI\u0130\u017f"), maxLength: 14 });

/** A name that the format writes for a date, then perhaps altered at one place. */
const nameFor = (fmt: string) =>
  fc.tuple(date, fc.nat(40), fc.nat(40), noise).map(([iso, at, op, extra]) => {
    const written = dailyNotePath(iso, { dailyFolder: "", dailyFormat: fmt }).slice(0, -3);
    const i = at % (written.length + 1);
    if (op % 6 === 0) return written;
    if (op % 6 === 1) return written.slice(0, i) + extra + written.slice(i);
    if (op % 6 === 2) return written.slice(0, i) + written.slice(i + 1);
    // One character replaced by another of the noise (a separator, a digit, a letter, a look-alike).
    if (op % 6 === 3) return written.slice(0, i) + (extra[0] ?? "x") + written.slice(i + 1);
    if (op % 6 === 4) return written.replace(/\d/g, (d) => "oizeasgtbq"[Number(d)]!);
    return written.toUpperCase();
  });

describe("the daily-note matcher, against the regular expression it replaced", () => {
  it("reads every name of an ordinary format as the regular expression did: written names, altered ones, noise", () => {
    fc.assert(
      fc.property(
        format.chain((fmt) => fc.tuple(fc.constant(fmt), fc.oneof(nameFor(fmt), noise))),
        fc.constantFrom("", "daily", "J/2026"),
        ([fmt, name], folder) => {
          const path = `${folder ? `${folder}/` : ""}${name}.md`;
          const settings = { dailyFolder: folder, dailyFormat: fmt };
          expect(matchDailyNote(path, settings)).toBe(oldMatchDailyNote(path, settings));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it("takes the regular expression's split where digits or letters could split more than one way", () => {
    const cases: [string, string][] = [
      ["YYYY DM", "2026 111"],
      ["YYYY MD", "2026 111"],
      ["YYYYMD", "2026111"],
      ["YYYY MMMMD", "2026 Sep1"],
      ["YYYY-MM-D dddd", "2026-09-14 Monday"],
      ["Do MMMM YYYY", "11th November 2026"],
      ["Do MMMM YYYY", "1st November 2026"],
      ["YYYY-MM-DD", "2026-09-14"],
      ["YYYY-MM-DD", "2026x09x14"],
      ["YYYY-MM-DD", "2026-ab-14"],
      ["Do MMMM YYYY", "2nd November 2026"],
      ["Do MMMM YYYY", "3rd November 2026"],
      ["Do MMMM YYYY", "23rd November 2026"],
      ["Do MMMM YYYY", "4th November 2026"],
      ["Do MMMM YYYY", "1xx November 2026"],
      ["Do MMMM YYYY", "1\u017ft November 2026"],
      ["Do MMMM YYYY", "1ST NOVEMBER 2026"],
      ["YYYY-MM-DD dddd", "2026-09-14 Zed"],
      ["YYYY-MM-DD dddd", "2026-09-14 zZ"],
      ["YYYY-MM-DD dddd", "2026-09-14 Mon1"],
      ["[\u0131]YYYY-MM-DD", "I2026-09-14"],
      ["[\u017f]YYYY-MM-DD", "S2026-09-14"],
      ["[\u212a]YYYY-MM-DD", "k2026-09-14"],
      ["[\u00df]YYYY-MM-DD", "SS2026-09-14"],
      ["[\u00e9]YYYY-MM-DD", "\u00c92026-09-14"],
    ];
    for (const [fmt, name] of cases)
      expect(matchDailyNote(`${name}.md`, { dailyFolder: "", dailyFormat: fmt }), `${fmt} / ${name}`).toBe(
        oldMatchDailyNote(`${name}.md`, { dailyFolder: "", dailyFormat: fmt }),
      );
    expect(matchDailyNote("2026 111.md", { dailyFolder: "", dailyFormat: "YYYY DM" })).toBe("2026-01-11");
    expect(matchDailyNote("3rd November 2026.md", { dailyFolder: "", dailyFormat: "Do MMMM YYYY" })).toBe("2026-11-03");
    expect(matchDailyNote("\u00c92026-09-14.md", { dailyFolder: "", dailyFormat: "[\u00e9]YYYY-MM-DD" })).toBe("2026-09-14");
    expect(matchDailyNote("2026-09-14 Zed.md", { dailyFolder: "", dailyFormat: "YYYY-MM-DD dddd" })).toBe("2026-09-14");
  });

  it("gives each slot's text, or null when the name does not fit the pieces", () => {
    const at = (format: string, name: string) => matchDateFormat(compileDateFormat(format), name);
    expect(at("YYYY-MM-DD", "2026-09-14")).toEqual([
      { slot: "Y", text: "2026" },
      { slot: "M", text: "09" },
      { slot: "D", text: "14" },
    ]);
    expect(at("Do MMMM YY dddd", "3rd Nov 26 Tue")).toEqual([
      { slot: "D", text: "3" },
      { slot: "MMM", text: "Nov" },
      { slot: "YY", text: "26" },
    ]);
    expect(at("[on] D", "on 7")).toEqual([{ slot: "D", text: "7" }]);
    expect(at("YYYY-MM-DD ddd", "2026-09-14 Mon")).toEqual([
      { slot: "Y", text: "2026" },
      { slot: "M", text: "09" },
      { slot: "D", text: "14" },
    ]);
    for (const [format, name] of [
      ["YYYY", "20x6"],
      ["YYYY", "202"],
      ["YYYY", "20266"],
      ["MMMM-", "Sep"],
      ["MMMM-", "Sep-x"],
      ["dddd", ""],
      ["dddd", "1"],
      ["D", ""],
      ["Do", "1"],
      ["Do", "1s"],
      ["x", ""],
      ["x", "y"],
      ["", "a"],
      ["YYYY", "20-6"],
      ["YYYY", "20/6"],
      ["dddd", "\u00e9"],
      ["MMMM", "Sep_"],
      ["MMMM", "Sep["],
      ["dddd[x]", "x"],
      ["ddd", ""],
    ])
      expect(at(format!, name!), `${format} / ${name}`).toBeNull();
    expect(at("", "")).toEqual([]);
  });
});

describe("a daily-notes format that made the regular expression backtrack (issue 32, class 8)", () => {
  // Thirty-two adjacent one-or-two-digit tokens: the regular expression tried every split of the digits (2^32 for a
  // name that does not match). Each of these returns at once now; before, the first never returned.
  const many = `YYYY-${"DM".repeat(16)}`;

  it("answers a name of digits that does not match", () => {
    expect(matchDailyNote(`2026-${"1".repeat(63)}x.md`, { dailyFolder: "", dailyFormat: many })).toBeNull();
    expect(matchDailyNote(`2026-${"1".repeat(65)}.md`, { dailyFolder: "", dailyFormat: many })).toBeNull();
  });

  it("answers a name of digits that matches, with the longest split of each token", () => {
    expect(matchDailyNote(`2026-${"12".repeat(32)}.md`, { dailyFolder: "", dailyFormat: many })).toBe("2026-12-12");
    expect(matchDailyNote(`2026-${"1".repeat(32)}.md`, { dailyFolder: "", dailyFormat: many })).toBe("2026-01-01");
  });

  it("answers a long run of letters against many adjacent letter tokens", () => {
    const letters = `YYYY ${"dddd".repeat(40)} MMMM D`;
    expect(matchDailyNote(`2026 ${"a".repeat(2000)}1.md`, { dailyFolder: "", dailyFormat: letters })).toBeNull();
    expect(matchDailyNote(`2026 ${"a".repeat(2000)} Sep 1x.md`, { dailyFolder: "", dailyFormat: letters })).toBeNull();
    expect(matchDailyNote(`2026 ${"a".repeat(2000)} Sep 1.md`, { dailyFolder: "", dailyFormat: letters })).toBe("2026-09-01");
  });
});
