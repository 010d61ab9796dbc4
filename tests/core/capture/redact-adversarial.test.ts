import { describe, expect, it } from "vitest";
import { redactSecrets } from "../../../src/core/capture/redact";

// Kept apart from the shape tables so the mutation run (docs/mutation.md) can test every mutant of the rule table
// against the shapes without spending seconds per mutant on megabyte inputs.
describe("redaction of a 1 MB adversarial prompt", () => {
  // Repeated fragments that once made a rule backtrack over the rest of the text from every fragment (quadratic: the
  // 1 MB JWT-like prompt hung capture). A generous bound, far under what a quadratic rule takes on 1 MB.
  const MB = 1 << 20;
  const fill = (unit: string): string => unit.repeat(Math.ceil(MB / unit.length)).slice(0, MB);
  const inputs: [string, string][] = [
    ["JWT-like fragments", fill("eyJhbGciOiJIUzI1-")],
    ["JWT-like fragments with dots", fill("eyJabcdefgh.eyJ")],
    ["one long secret-like name", fill("TOKEN")],
    ["names with separators", fill("TOKEN_PASSWORD_KEY ")],
    ["URL credentials without an end", `https://${fill("a:b")}`],
    ["flags", fill(" --password")],
    ["mixed-case token runs", fill("aB3")],
    ["authorization headers", fill("authorization: ")],
  ];

  it.each(inputs)("finishes %s in linear time", (_name, text) => {
    const started = performance.now();
    redactSecrets(text);
    expect(performance.now() - started).toBeLessThan(3000);
  });
});
