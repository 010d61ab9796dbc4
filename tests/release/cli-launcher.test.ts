import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawn, spawnSync } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { Buffer } from "node:buffer";
import { buildCliInto } from "../fakes/build-cli";
import { runKc } from "../fakes/run-kc";
import { COMMAND_SPECS } from "../../src/cli/command-specs";

// The release CLI as installed: kc.cjs picks the bundle of the command a command line names (scripts/build-cli.mjs)
// and runs it from V8's code cache; cli.mjs, the older entry, runs the same. Every command answers through its own
// bundle as it does in process, and only a run of a command (not of help) leaves a cache behind.
const root = join(import.meta.dirname, "..", "..");
let dir: string;
let kc: string;
let vault: string;
let cache: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "kc-launcher-"));
  kc = await buildCliInto(join(dir, "dist"));
  vault = join(dir, "vault");
  cpSync(join(root, "examples", "demo-vault"), vault, { recursive: true });
  cache = join(dir, "cache");
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = (entry: string, args: string[]) =>
  spawnSync(process.execPath, [entry, ...args], { encoding: "utf8", env: { PATH: process.env.PATH ?? "", HOME: join(dir, "home"), KC_CACHE_DIR: cache } });
const caches = (): string[] => (existsSync(cache) ? readdirSync(cache).filter((f) => f.startsWith("code-")) : []);

describe("the installed kc", () => {
  it("answers help and --version, and every command's help, as the CLI does in process, leaving no code cache", async () => {
    for (const args of [
      ["--version"],
      [],
      ["help"],
      ["nope"],
      ["help", "nope"],
      ...Object.keys(COMMAND_SPECS).flatMap((c) => [
        ["help", c],
        [c, "--help"],
      ]),
    ]) {
      const inProcess = await runKc(args);
      const r = run(kc, args);
      expect({ args, code: r.status, out: r.stdout, err: r.stderr }).toEqual({ args, code: inProcess.code, out: inProcess.out, err: inProcess.err });
    }
    expect(caches()).toEqual([]);
  }, 120_000);

  it("runs a command from its own bundle, caches its code once, and runs the same from the cache and through cli.mjs", () => {
    // A usage error (exit code 2) ran too little of the command to keep.
    expect(run(kc, ["lint", join(dir, "no-such-vault")]).status).toBe(2);
    expect(caches()).toEqual([]);
    const first = run(kc, ["lint", vault, "--format", "json", "--today", "2026-11-28"]);
    expect(first.stderr).toBe("");
    const made = caches();
    expect(made).toEqual([expect.stringMatching(/^code-lint-[A-Z0-9]+-\d+-\d+-v\d+\.\d+\.\d+-\w+\.v8$/)]);
    const again = run(kc, ["lint", vault, "--format", "json", "--today", "2026-11-28"]);
    const older = run(join(dir, "dist", "cli.mjs"), ["lint", vault, "--format", "json", "--today", "2026-11-28"]);
    for (const r of [again, older]) expect({ code: r.status, out: r.stdout, err: r.stderr }).toEqual({ code: first.status, out: first.stdout, err: "" });
    expect(caches()).toEqual(made);
  });

  it("ends quietly when the reader of its output has gone (`kc lint … | head`)", async () => {
    const child = spawn(process.execPath, [kc, "lint", vault, "--format", "json", "--today", "2026-11-28"], {
      stdio: ["ignore", "pipe", "pipe"],
      env: { PATH: process.env.PATH ?? "", HOME: join(dir, "home"), KC_CACHE_DIR: cache },
    });
    // The reader leaves before kc has written anything.
    child.stdout.destroy();
    let err = "";
    child.stderr.on("data", (d: Buffer) => (err += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    expect({ code, err }).toEqual({ code: 0, err: "" });
  });

  it("writes hooks that call kc.cjs, also when installed through the older entry cli.mjs", () => {
    const project = join(dir, "project");
    mkdirSync(project);
    const r = run(join(dir, "dist", "cli.mjs"), ["hooks", "install", "--vault", vault, "--project", project, "--shared", "--yes"]);
    expect(r.status, r.stderr).toBe(0);
    const settings = readFileSync(join(project, ".claude", "settings.json"), "utf8");
    const entry = realpathSync(kc);
    expect(settings).toContain(`'${entry}' prime `);
    expect(settings).not.toContain("cli.mjs");
  });

  it("says which bundle is missing from a damaged copy, in a sentence and with exit code 2", () => {
    const copy = join(dir, "damaged");
    cpSync(join(dir, "dist"), copy, { recursive: true });
    const lint = readdirSync(join(copy, "cli-chunks")).find((f) => f.startsWith("lint-"))!;
    rmSync(join(copy, "cli-chunks", lint));
    const r = run(join(copy, "kc.cjs"), ["lint", vault]);
    expect({ code: r.status, err: r.stderr, out: r.stdout }).toEqual({
      code: 2,
      err: `kc: ${join(realpathSync(copy), "cli-chunks", lint)} is missing; install the package again.\n`,
      out: "",
    });
    expect(run(join(copy, "kc.cjs"), ["--version"]).status).toBe(0);
  });

  it("caches the code of a command still running after a few seconds (kc mcp, which a signal stops)", async () => {
    const child = spawn(process.execPath, [kc, "mcp", vault], {
      env: { PATH: process.env.PATH ?? "", HOME: join(dir, "home"), KC_CACHE_DIR: cache },
      stdio: ["pipe", "ignore", "ignore"],
    });
    try {
      const mcp = () => caches().filter((f) => f.startsWith("code-mcp-"));
      expect(mcp()).toEqual([]);
      for (let waited = 0; mcp().length === 0 && waited < 15_000; waited += 250) await sleep(250);
      expect(mcp()).toEqual([expect.stringMatching(/^code-mcp-[A-Z0-9]+-/)]);
    } finally {
      child.kill("SIGTERM");
    }
  }, 30_000);

  it("runs the commands that call a model from one shared bundle, each keeping a code cache of its own", () => {
    const shared = readdirSync(join(dir, "dist", "cli-chunks")).filter((f) => f.startsWith("model-"));
    expect(shared).toHaveLength(1);
    for (const c of ["ask", "compile", "contradictions", "drift", "eval-route", "revalidate", "undo"]) {
      expect(
        readdirSync(join(dir, "dist", "cli-chunks")).some((f) => f.startsWith(`${c}-`)),
        c,
      ).toBe(false);
    }
    expect(run(kc, ["undo", vault]).status).toBe(0);
    expect(run(kc, ["drift", vault, "--repo", vault]).status).toBe(1);
    const model = caches().filter((f) => f.startsWith("code-model-"));
    expect(model.map((f) => f.split("-")[2]!.replace(/^[A-Z0-9]+\./, ""))).toEqual(["drift", "undo"]);
  });
});
