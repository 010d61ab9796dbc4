import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { builtinModules } from "node:module";

// The house boundary as a test: src/core imports nothing outward, and imports point inward everywhere.
const root = join(import.meta.dirname, "..", "..");

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? walk(p) : p.endsWith(".ts") ? [p] : [];
  });
}

function importsOf(file: string, text = readFileSync(file, "utf8")): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/(?:^|\n)\s*(?:import|export)[^"'`;]*?from\s*["']([^"']+)["']/g)) out.push(m[1]!);
  for (const m of text.matchAll(/import\(\s*["']([^"']+)["']\s*\)/g)) out.push(m[1]!);
  return out;
}

const coreDir = join(root, "src", "core");
/** True for a relative import from a core file that resolves outside src/core. */
const leavesCore = (file: string, spec: string): boolean => spec.startsWith(".") && relative(coreDir, join(dirname(file), spec)).startsWith("..");

const forbiddenInCore = (spec: string): boolean =>
  spec === "obsidian" ||
  spec.startsWith("node:") ||
  builtinModules.includes(spec) ||
  spec.startsWith("@anthropic-ai/") ||
  spec.startsWith("@codemirror/") ||
  spec.startsWith("d3-");

describe("the core boundary", () => {
  const coreFiles = walk(join(root, "src", "core"));

  it("finds core files to check", () => {
    expect(coreFiles.length).toBeGreaterThan(0);
  });

  it("keeps src/core free of Obsidian, Node built-ins, the SDK, DOM libraries and outer folders", () => {
    const breaches = coreFiles.flatMap((f) =>
      importsOf(f)
        .filter((spec) => forbiddenInCore(spec) || leavesCore(f, spec))
        .map((spec) => `${relative(root, f)} imports ${spec}`),
    );
    expect(breaches).toEqual([]);
  });

  it("keeps src/core free of DOM and Node globals", () => {
    const breaches = coreFiles.filter((f) =>
      /(?<![.\w])(?:(?:document|window|process|globalThis)\.|require\()/.test(readFileSync(f, "utf8").replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, "")),
    );
    expect(breaches.map((f) => relative(root, f))).toEqual([]);
  });

  it("lets only src/llm import the Anthropic SDK", () => {
    const outside = walk(join(root, "src"))
      .filter((f) => !relative(root, f).startsWith(join("src", "llm")))
      .filter((f) => importsOf(f).some((s) => s.startsWith("@anthropic-ai/")));
    expect(outside.map((f) => relative(root, f))).toEqual([]);
  });

  it("detects a forbidden import when one is present", () => {
    expect(forbiddenInCore("obsidian")).toBe(true);
    expect(forbiddenInCore("node:fs")).toBe(true);
    expect(forbiddenInCore("fs")).toBe(true);
    expect(leavesCore(join(coreDir, "lint", "x.ts"), "../../obsidian/obsidian-note-store")).toBe(true);
    expect(leavesCore(join(coreDir, "route", "x.ts"), "../llm/estimate-tokens")).toBe(false);
    expect(forbiddenInCore("yaml")).toBe(false);
    expect(forbiddenInCore("./note-types")).toBe(false);
  });
});

/** The src folders a file's relative imports reach ("core/spend", "cli", …), as paths under src. */
function reaches(file: string, text?: string): string[] {
  const src = join(root, "src");
  return importsOf(file, text)
    .filter((s) => s.startsWith("."))
    .map((s) => relative(src, join(dirname(file), s)));
}

describe("the rings around core", () => {
  const offenders = (dir: string, bad: (target: string) => boolean): string[] =>
    walk(join(root, "src", dir)).flatMap((f) =>
      reaches(f)
        .filter(bad)
        .map((t) => `${relative(root, f)} imports src/${t}`),
    );

  it("keeps the MCP server off the CLI: both stand on src/node", () => {
    expect(offenders("mcp", (t) => t.startsWith("cli"))).toEqual([]);
  });

  it("keeps the Node adapters free of either host", () => {
    expect(offenders("node", (t) => t.startsWith("cli") || t.startsWith("mcp"))).toEqual([]);
  });

  it("keeps the workflows on top: nothing else in core imports them (port types live in core/ports)", () => {
    const below = walk(coreDir).filter((f) => !relative(coreDir, f).startsWith("workflows"));
    const ups = below.flatMap((f) =>
      reaches(f)
        .filter((t) => t.startsWith(join("core", "workflows")))
        .map((t) => `${relative(root, f)} imports src/${t}`),
    );
    expect(ups).toEqual([]);
  });

  it("sees an upward import when one is there", () => {
    const text = 'import type { KcHost } from "../workflows/host";\nimport { ok } from "../result";\n';
    expect(reaches(join(coreDir, "spend", "x.ts"), text)).toEqual([join("core", "workflows", "host"), join("core", "result")]);
  });
});
