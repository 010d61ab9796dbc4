import { describe, expect, it } from "vitest";
import { build } from "esbuild";
import ts from "typescript";
import { pluginBuildOptions } from "../scripts/plugin-build-options.mjs";

// main.js must parse on every iOS Obsidian supports (iOS 15 and later, Safari 15's JavaScript): no regular-expression
// literal with lookbehind (iOS 16.4) or the v flag (iOS 17), no class static blocks or other syntax newer than that.
describe("the plugin bundle", () => {
  it("has no syntax newer than Safari 15 (regex lookbehind, v flag, class static blocks)", async () => {
    const out = await build({ ...pluginBuildOptions(true), write: false, outfile: "main.js", logLevel: "silent" });
    const text = out.outputFiles[0]!.text;
    const file = ts.createSourceFile("main.js", text, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
    const problems: string[] = [];
    let regexes = 0;
    const visit = (node: ts.Node): void => {
      if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
        regexes++;
        const literal = (node as ts.RegularExpressionLiteral).text;
        const flags = literal.slice(literal.lastIndexOf("/") + 1);
        if (/\(\?<[=!]/.test(literal)) problems.push(`lookbehind in ${literal.slice(0, 60)}`);
        if (flags.includes("v")) problems.push(`v flag in ${literal.slice(0, 60)}`);
      }
      if (node.kind === ts.SyntaxKind.ClassStaticBlockDeclaration) problems.push("class static block");
      ts.forEachChild(node, visit);
    };
    visit(file);
    expect(regexes).toBeGreaterThan(50);
    expect(problems).toEqual([]);
  }, 120_000);
});
