// The command line's stand-in for `yaml` (scripts/lazy-yaml.cjs) names what it forwards by hand. A name missing there
// is `undefined` in dist/cli.mjs only — the source and its tests see the real package — so a header write crashed
// `kc headers` once. These checks hold the list to the package and to every import in src.
import { createRequire } from "node:module";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import process from "node:process";
import { describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);
const root = process.cwd();

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? sources(p) : p.endsWith(".ts") ? [p] : [];
  });
}

describe("the CLI's lazy yaml stand-in", () => {
  const shim = require(join(root, "scripts", "lazy-yaml.cjs")) as Record<string, unknown>;
  const real = require("yaml") as Record<string, unknown>;

  it("forwards every name the yaml package exports", () => {
    expect(Object.keys(shim).sort()).toEqual(Object.keys(real).sort());
  });

  it("covers every name src imports from yaml, and each resolves to the package's own", () => {
    const imported = new Set<string>();
    for (const file of sources(join(root, "src"))) {
      for (const m of readFileSync(file, "utf8").matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*"yaml"/g)) {
        for (const part of m[1]!.split(",")) {
          const name = part
            .trim()
            .replace(/^type\s+/, "")
            .split(/\s+as\s+/)[0]!;
          if (name) imported.add(name);
        }
      }
    }
    expect(imported.size).toBeGreaterThan(3);
    for (const name of imported) {
      expect(Object.keys(shim), name).toContain(name);
      expect(shim[name], name).toBe(real[name]);
    }
  });
});
