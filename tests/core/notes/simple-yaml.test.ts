import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { parse, stringify } from "yaml";
import { parseSimpleYaml } from "../../../src/core/notes/simple-yaml";

describe("parseSimpleYaml (the fast path for common frontmatter)", () => {
  it("reads the frontmatter our articles use", () => {
    const text =
      'title: "Retry with backoff"\naliases: [exponential backoff, full jitter]\ncreated: 2026-09-21\nsources:\n  - "[[daily/2026-09-21]]"\ncorroborations: 2\n# comment\ntldr: plain text, with a comma\n';
    expect(parseSimpleYaml(text)).toEqual(parse(text));
  });

  it("declines anything it is not sure about, so the yaml package decides", () => {
    for (const text of [
      "a: &x 1\nb: *x\n",
      "a: |\n  multi\n",
      "a:\n  b: 1\n",
      "a: 1.5\n",
      "a: 0x1f\n",
      'a: "esc\\n"\n',
      "a: b: c\n",
      "a: 1\na: 2\n",
      "a: [x, [y]]\n",
      "a: .inf\n",
    ]) {
      expect(parseSimpleYaml(text)).toBeUndefined();
    }
  });

  // Strings that start like numbers, and numbers in every notation YAML's core schema reads.
  const numberLike = fc.oneof(
    fc.constantFrom(
      "05-May",
      ".fgb",
      "3D Elevation Program",
      "1.2.3",
      "1e5",
      "+5",
      "0o17",
      "0x1F",
      "1_000",
      ".5",
      "5.",
      "+x",
      ".",
      "0.5",
      "-0",
      "1E-3",
      ".inf",
      "-.Inf",
      ".NaN",
      "12:30",
      "1,5",
      "007",
      "2026-09-14T10:00",
    ),
    fc
      .tuple(fc.stringMatching(/^[-+.0-9]{1,4}$/), fc.stringMatching(/^[-+.0-9a-fA-FoxeE_ ]{0,4}$/))
      .map(([a, b]) => (a + b).trim())
      .filter((x) => x !== ""),
    fc.double({ noNaN: true }),
  );

  it("reads the number-like names real vaults hold as YAML does (05-May, .fgb, dotted keys)", () => {
    for (const text of [
      "aliases:\n  - 05-May\n",
      "aliases:\n  - 3D Elevation Program\n",
      "ext:\n  - FGB\n  - .fgb\n",
      "graph_name: Home\nobs.html.tags:\n  - x\n",
      "v: 1.2.3\n",
    ]) {
      expect(parseSimpleYaml(text)).toEqual(parse(text));
    }
  });

  it("agrees with yaml.parse on every generated frontmatter it accepts", () => {
    const key = fc.stringMatching(/^[a-z][a-z_.]{0,8}$/);
    const str = fc.string({ maxLength: 16 }).filter((s) => !s.includes("\n") && !s.includes("\r"));
    const value = fc.oneof(
      str,
      fc.integer({ min: 0, max: 1e9 }),
      fc.array(str, { maxLength: 4 }),
      fc.constantFrom("2026-09-14", "2026-09", "x: y", "a #b", "- x", "true", "False", "null", "~", "yes", "off", "NULL"),
      fc.boolean(),
      fc.constant(null),
      numberLike,
    );
    let accepted = 0;
    fc.assert(
      fc.property(fc.dictionary(key, value, { minKeys: 1, maxKeys: 6 }), fc.boolean(), (obj, flow) => {
        const text = stringify(obj, { collectionStyle: flow ? "flow" : "block" });
        const fast = parseSimpleYaml(text);
        if (fast !== undefined) {
          accepted++;
          expect(fast).toEqual(parse(text));
        }
      }),
      { numRuns: 1000 },
    );
    expect(accepted).toBeGreaterThan(100);
  });

  it("agrees with yaml.parse on raw values of number, comment and blank characters it accepts", () => {
    const raw = fc.stringMatching(/^[-+.0-9eExobaf_: #~\t\u00a0]{1,6}$/);
    fc.assert(
      fc.property(raw, fc.boolean(), (s, item) => {
        const text = item ? `a:\n  - ${s}\n` : `a: ${s}\n`;
        const fast = parseSimpleYaml(text);
        if (fast === undefined) return;
        let reference: unknown;
        try {
          reference = parse(text);
        } catch {
          reference = "(not YAML)";
        }
        expect(fast).toEqual(reference);
      }),
      { numRuns: 5000 },
    );
  });

  it("agrees with yaml.parse on hand-written edge cases it accepts", () => {
    for (const text of ["a:\n", "a: []\n", "a:\n  - x\n  - 'y'\n", "a: 'it''s'\n", "a: x:y\n", "a: 007\n", "a: -x\n", 'a: ""\n', "tags: [a, 'b c', \"d\"]\n"]) {
      const fast = parseSimpleYaml(text);
      if (fast !== undefined) expect(fast).toEqual(parse(text));
    }
  });
});
