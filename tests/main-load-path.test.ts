import { describe, expect, it } from "vitest";
import { existsSync, readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { dirname, join, resolve } from "node:path";

// The plugin must load on mobile: nothing main.ts imports statically (directly or through other modules) may be a
// Node built-in or a Node-only folder. Desktop-only code (src/desktop) is reached only through import().
const root = join(import.meta.dirname, "..");
const node = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);

function staticImports(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const out: string[] = [];
  for (const m of text.matchAll(/(?:^|\n)\s*(?:import|export)\s+(?!type\b)[^"'`;]*?from\s*["']([^"']+)["']/g)) out.push(m[1]!);
  for (const m of text.matchAll(/(?:^|\n)\s*import\s+["']([^"']+)["']/g)) out.push(m[1]!);
  return out;
}

function resolveTs(from: string, spec: string): string | null {
  const base = resolve(dirname(from), spec);
  for (const p of [`${base}.ts`, join(base, "index.ts")]) if (existsSync(p)) return p;
  return null;
}

/** Every module main.ts loads without import(), and the bare specifiers they use. */
function loadPath(): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const todo = [join(root, "src", "main.ts")];
  while (todo.length > 0) {
    const f = todo.pop()!;
    if (files.has(f)) continue;
    files.add(f);
    for (const spec of staticImports(f)) {
      if (spec.startsWith(".")) {
        const r = resolveTs(f, spec);
        if (r) todo.push(r);
      } else packages.add(spec);
    }
  }
  return { files, packages };
}

describe("the plugin's load path", () => {
  const { files, packages } = loadPath();

  it("reaches the plugin's modules", () => {
    expect(files.size).toBeGreaterThan(50);
  });

  it("imports no Node built-in, statically, anywhere", () => {
    expect([...packages].filter((p) => node.has(p))).toEqual([]);
  });

  it("does not load the CLI or desktop-only modules except through import()", () => {
    const rel = [...files].map((f) => f.slice(root.length + 1));
    expect(rel.filter((f) => f.startsWith("src/cli/") || f.startsWith("src/node/") || f.startsWith("src/mcp/") || f.startsWith("src/desktop/"))).toEqual([]);
  });
});
