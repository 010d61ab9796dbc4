import { describe, expect, it } from "vitest";
import { checkSync } from "recheck";
import { HOME_FOLDER, REDACTION_RULES } from "../../../src/core/capture/redact";

// Issue 26, class 9: every redaction pattern runs in linear time, decided by analysis (recheck, a maintained ReDoS
// checker) instead of a stopwatch. The table is read here whole, so a rule added later is checked without a new row:
// anything recheck cannot call linear (polynomial, exponential, or unknown, as for an unsupported construct or an
// analysis that does not finish) fails. Recheck's automaton checker treats a bounded repetition as a constant, so
// "safe" here means linear in the text with a factor set by the bounds; the work tests in redact-work.test.ts bound
// how much text the rules are given at all.
const PATTERNS: [name: string, pattern: RegExp][] = [
  ...REDACTION_RULES.map((r, i): [string, RegExp] => [`rule ${i + 1} (${r.name})`, r.pattern]),
  ["the home folder", HOME_FOLDER],
];

function verdict(pattern: RegExp): string {
  // The automaton checker decides from the pattern's structure (no fuzzing, no random seeds, no attack timing).
  const d = checkSync(pattern.source, pattern.flags, { checker: "automaton", timeout: 110_000 });
  if (d.status === "safe") return d.complexity.type;
  if (d.status === "vulnerable") return `vulnerable: ${d.complexity.summary}, attack ${JSON.stringify(d.attack.pattern)}`;
  return `unknown: ${d.error.kind}${"message" in d.error ? ` ${d.error.message}` : ""}`;
}

describe("every redaction pattern, checked by recheck", () => {
  it("reads a table of at least the rules known today", () => {
    expect(REDACTION_RULES.length).toBeGreaterThanOrEqual(23);
  });

  it.each(PATTERNS)(
    "%s is linear",
    (_name, pattern) => {
      expect(verdict(pattern)).toMatch(/^(?:safe|linear)$/);
    },
    120_000,
  );
});
