import { describe, expect, it } from "vitest";
import { definesSymbol } from "../../../src/core/drift/symbol-scan";

/** Every string handed to the regular-expression engine while `run` runs (RegExp#test and String#match go through exec). */
function regexInputs(run: () => void): string[] {
  const inputs: string[] = [];
  const exec = Object.getOwnPropertyDescriptor(RegExp.prototype, "exec")!.value as (this: RegExp, s: string) => RegExpExecArray | null;
  RegExp.prototype.exec = function (this: RegExp, s: string) {
    inputs.push(String(s));
    return exec.call(this, s);
  };
  try {
    run();
  } finally {
    RegExp.prototype.exec = exec;
  }
  return inputs;
}

describe("the definition scan's work", () => {
  const blank = "\n".repeat(100_000);
  const cases: [string, string][] = [
    ["src/a.ts", `${blank}call(target)\n`],
    ["src/a.py", `${blank}call(target)\n`],
    ["src/a.go", `${blank}call(target)\n`],
    ["src/a.rs", `${blank}call(target)\n`],
    ["src/a.ts", `${"   \n\t\n".repeat(50_000)}export\n`.repeat(2) + "target()"],
  ];

  it.each(cases)("gives the patterns single lines of a 100,000-blank-line %s, never a run of lines to backtrack over", (path, source) => {
    let found = true;
    const inputs = regexInputs(() => (found = definesSymbol(path, source, "target")));
    expect(found).toBe(path.endsWith(".ts") && source.endsWith("target()"));
    expect(inputs.filter((s) => s.includes("\n"))).toEqual([]);
    const work = inputs.reduce((n, s) => n + s.length + 1, 0);
    expect(work).toBeLessThan(200);
  });

  it("still finds a definition after many blank lines, and an export list that spans lines", () => {
    expect(definesSymbol("src/a.ts", `${"\n".repeat(1000)}export function target() {}\n`, "target")).toBe(true);
    expect(definesSymbol("src/a.ts", "const a = 1;\nexport {\n  a,\n  target,\n};\n", "target")).toBe(true);
    expect(definesSymbol("src/a.ts", "export {\n  a,\n};\nexport { b };\n// target\n", "target")).toBe(false);
  });

  it("looks at each character of many unclosed export lists a bounded number of times", () => {
    const source = "export {".repeat(20_000) + " other }\nconst x = target;";
    const inputs = regexInputs(() => definesSymbol("src/a.ts", source, "target"));
    expect(inputs.reduce((n, s) => n + s.length, 0)).toBeLessThan(8 * source.length);
  });
});
