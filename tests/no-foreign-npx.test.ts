import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { COMMAND_SPECS } from "../src/cli/command-specs";
import { runKc } from "./fakes/run-kc";
import packageJson from "../package.json";

// A command a person copies must run this package: `npx kc` in another folder resolves to an unrelated registry
// package named kc (and a hook has no terminal to confirm the download). npx is allowed only with this package's name.
// The user guides moved out of the README (docs/guides) are held to the same rule; CONTRIBUTING's `npx tsc` and the
// like run the clone's own dev tools.
const root = join(import.meta.dirname, "..");
const OWN = packageJson.name;

/** Each npx invocation in a text that does not name this package (`npx knowledge-compiler`, `--package=knowledge-compiler`). */
function foreignNpx(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/\bnpx((?:\s+-{1,2}[\w-]+(?:[= ](?!-)[^\s`'"]+)?)*)\s+([^\s`'"-][^\s`'"]*)/g)) {
    const options = m[1] ?? "";
    const name = m[2]!.replace(/@[^/]*$/, "");
    if (name === OWN || new RegExp(`--package[= ]${OWN}(@|\\s|$)`).test(options)) continue;
    out.push(m[0]);
  }
  return out;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe("no command a person copies runs another package through npx", () => {
  it("finds what it must refuse (so the check can fail)", () => {
    expect(foreignNpx("run `npx kc lint .`")).toEqual(["npx kc"]);
    expect(foreignNpx('"command": "npx --prefix /x kc prime"')).toEqual(["npx --prefix /x kc"]);
    expect(foreignNpx("npx -y some-mcp-server")).toEqual(["npx -y some-mcp-server"]);
    expect(foreignNpx(`npx ${OWN} lint . and npx --yes --package=${OWN} kc lint .`)).toEqual([]);
  });

  it("in no help text of kc", async () => {
    const topics = ["", ...Object.keys(COMMAND_SPECS)];
    const found: string[] = [];
    for (const t of topics) found.push(...foreignNpx((await runKc(t === "" ? ["help"] : ["help", t])).out).map((n) => `kc help ${t}: ${n}`));
    expect(found).toEqual([]);
  });

  it("in no line of the README, the scripts, the benchmarks or the examples", () => {
    const files = [
      join(root, "README.md"),
      join(root, "esbuild.config.mjs"),
      ...["scripts", "bench", "examples", "docs/guides"].flatMap((d) => filesUnder(join(root, d))),
    ].filter((f) => /\.(md|mjs|ts|json|ya?ml|sh)$/.test(f));
    expect(files.length).toBeGreaterThan(10);
    const found = files.flatMap((f) =>
      readFileSync(f, "utf8")
        .split("\n")
        .flatMap((line, i) => foreignNpx(line).map((n) => `${relative(root, f)}:${i + 1}: ${n}`)),
    );
    expect(found).toEqual([]);
  });
});
