// The Obsidian API the plugin's code reaches, each with the version that introduced it (the `@since` tags of the
// obsidian package's .d.ts): what tests/release checks minAppVersion against.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import ts from "typescript";

/** One use of an Obsidian API in the plugin's code. */
export interface ApiUse {
  /** Class or interface and member ("Vault.process"), or a top-level name ("requestUrl"). */
  api: string;
  since: string;
  /** Where, as "src/file.ts:line". */
  at: string;
}

const obsidianDts = join(dirname(createRequire(import.meta.url).resolve("obsidian/package.json")), "obsidian.d.ts");

/** Every `@since` in the obsidian package: "Class.member" or "name" to the version. */
export function readSinceTable(): Map<string, string> {
  const source = ts.createSourceFile("obsidian.d.ts", readFileSync(obsidianDts, "utf8"), ts.ScriptTarget.Latest, true);
  const table = new Map<string, string>();
  const sinceOf = (node: ts.Node): string | undefined => {
    const tag = ts.getJSDocTags(node).find((t) => t.tagName.text === "since");
    const text = typeof tag?.comment === "string" ? tag.comment.trim() : undefined;
    return text && /^\d+\.\d+\.\d+$/.test(text) ? text : undefined;
  };
  const visit = (node: ts.Node): void => {
    if ((ts.isClassDeclaration(node) || ts.isInterfaceDeclaration(node)) && node.name) {
      const owner = node.name.text;
      const own = sinceOf(node);
      if (own) table.set(owner, own);
      for (const member of node.members) {
        const name = member.name && (ts.isIdentifier(member.name) || ts.isStringLiteral(member.name)) ? member.name.text : undefined;
        const since = sinceOf(member);
        if (name && since) table.set(`${owner}.${name}`, since);
      }
    } else if ((ts.isFunctionDeclaration(node) || ts.isVariableStatement(node)) && sinceOf(node)) {
      const names = ts.isFunctionDeclaration(node)
        ? [node.name?.text]
        : node.declarationList.declarations.map((d) => (ts.isIdentifier(d.name) ? d.name.text : undefined));
      for (const name of names) if (name) table.set(name, sinceOf(node)!);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return table;
}

/** Compares two versions "a.b.c": negative, zero or positive. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split(".").map(Number);
  const pb = b.split(".").map(Number);
  for (let i = 0; i < 3; i++) if ((pa[i] ?? 0) !== (pb[i] ?? 0)) return (pa[i] ?? 0) - (pb[i] ?? 0);
  return 0;
}

/**
 * The uses of dated Obsidian API in the code the plugin bundle loads from `entry` (src/main.ts): property accesses,
 * calls, `new` and `extends` of values (not types: a type costs nothing at run time), and methods a class defines
 * over an Obsidian base class's member (Obsidian calls them only where it has them).
 */
export function findApiUses(root: string, entry: string): ApiUse[] {
  const config = ts.getParsedCommandLineOfConfigFile(join(root, "tsconfig.json"), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined });
  const program = ts.createProgram([join(root, entry)], config?.options ?? {});
  const checker = program.getTypeChecker();
  const table = readSinceTable();
  const uses: ApiUse[] = [];
  const fromObsidian = (d: ts.Declaration): boolean => resolve(d.getSourceFile().fileName) === resolve(obsidianDts);
  const record = (node: ts.Node, symbol: ts.Symbol | undefined): void => {
    if (!symbol) return;
    const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    for (const d of target.getDeclarations() ?? []) {
      if (!fromObsidian(d)) continue;
      const parent = d.parent && (ts.isClassDeclaration(d.parent) || ts.isInterfaceDeclaration(d.parent)) && d.parent.name ? `${d.parent.name.text}.` : "";
      const api = `${parent}${target.getName()}`;
      const since = table.get(api);
      const file = node.getSourceFile();
      if (since) uses.push({ api, since, at: `${file.fileName.slice(root.length + 1)}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}` });
      return;
    }
  };
  for (const file of program.getSourceFiles()) {
    if (!resolve(file.fileName).startsWith(join(root, "src"))) continue;
    const visit = (node: ts.Node): void => {
      if (ts.isPropertyAccessExpression(node)) record(node.name, checker.getSymbolAtLocation(node.name));
      else if (ts.isNewExpression(node) || ts.isCallExpression(node)) {
        if (ts.isIdentifier(node.expression)) record(node.expression, checker.getSymbolAtLocation(node.expression));
      } else if (ts.isHeritageClause(node) && node.token === ts.SyntaxKind.ExtendsKeyword) {
        for (const t of node.types) record(t.expression, checker.getSymbolAtLocation(t.expression));
      } else if (ts.isMethodDeclaration(node) && ts.isClassDeclaration(node.parent) && ts.isIdentifier(node.name)) {
        const base = node.parent.heritageClauses?.find((h) => h.token === ts.SyntaxKind.ExtendsKeyword)?.types[0];
        const baseType = base ? checker.getTypeAtLocation(base.expression) : undefined;
        const member = baseType?.getConstructSignatures()[0]?.getReturnType().getProperty(node.name.text);
        record(node.name, member);
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return uses;
}
