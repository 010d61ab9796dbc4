import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { stripControls } from "../../../src/core/util/strip-controls";

/* eslint-disable no-control-regex -- the test is about control characters */
// Every character a terminal or a markdown table row must never receive from model text.
const FORBIDDEN = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
const ESC = "\u001b";

/** Text mixing ordinary words with escape sequences, control characters and bidi marks. */
const hostile = fc
  .array(
    fc.oneof(
      fc.string({ unit: "grapheme", maxLength: 8 }),
      fc.constantFrom(`${ESC}[31m`, `${ESC}[2J`, `${ESC}[0;1;4m`, `${ESC}]0;owned${ESC}\\`, `${ESC}]8;;https://x.test\u0007`, `${ESC}P1$r${ESC}\\`),
      fc.constantFrom(`${ESC}c`, `${ESC}(B`, `${ESC}7`, "\u009b31m", "\u009d0;title\u0007", ESC, "\r", "\r\n", "\u0000", "\u0007", "\b", "\u007f", "\u0085"),
      fc.constantFrom("\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069"),
      fc.integer({ min: 0, max: 0x9f }).map((c) => String.fromCharCode(c)),
    ),
    { maxLength: 30 },
  )
  .map((parts) => parts.join(""));

describe("stripControls", () => {
  it("leaves no escape, control or bidi override character in any text", () => {
    fc.assert(
      fc.property(hostile, (text) => !FORBIDDEN.test(stripControls(text))),
      { numRuns: 2000 },
    );
  });

  it("is idempotent: stripping stripped text changes nothing", () => {
    fc.assert(
      fc.property(hostile, (text) => stripControls(stripControls(text)) === stripControls(text)),
      { numRuns: 1000 },
    );
  });

  it("returns text without control characters unchanged, newlines, tabs and every script included", () => {
    const ordinary = fc.string({ unit: "grapheme", maxLength: 200 }).filter((s) => !FORBIDDEN.test(s));
    fc.assert(
      fc.property(ordinary, (text) => stripControls(text) === text),
      { numRuns: 1000 },
    );
  });

  it("keeps every newline and tab of text without escape sequences", () => {
    const noEsc = fc.string({ unit: "binary", maxLength: 200 }).filter((s) => !/[\u001b\u0090-\u009f]/.test(s));
    const count = (s: string, c: string): number => s.split(c).length - 1;
    fc.assert(
      fc.property(noEsc, (text) => {
        const out = stripControls(text);
        return count(out, "\n") === count(text.replace(/\r\n/g, "\n"), "\n") && count(out, "\t") === count(text, "\t");
      }),
      { numRuns: 1000 },
    );
  });

  it("removes whole ANSI sequences, not just their escape character", () => {
    expect(stripControls(`${ESC}[1;31mred${ESC}[0m and ${ESC}]0;new title\u0007plain`)).toBe("red and plain");
    expect(stripControls(`${ESC}]8;;https://evil.test${ESC}\\link${ESC}]8;;${ESC}\\`)).toBe("link");
    expect(stripControls(`\u009b2Jcleared${ESC}cok`)).toBe("clearedok");
  });

  it("turns CRLF into a newline and drops a lone carriage return that would overwrite a row", () => {
    expect(stripControls("| a | b |\r| forged | row |\r\nnext")).toBe("| a | b || forged | row |\nnext");
  });

  it("drops bidirectional overrides that would reorder what a person reads", () => {
    expect(stripControls("invoice\u202efdp.exe and \u2066isolated\u2069")).toBe("invoicefdp.exe and isolated");
  });

  it("keeps emoji joiners, accents and right-to-left letters", () => {
    const text = "café 👩‍💻 שלום مرحبا 日本語\ttab\nline";
    expect(stripControls(text)).toBe(text);
  });
});
/* eslint-enable no-control-regex -- end of the control-character tests */
