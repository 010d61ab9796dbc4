import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, it } from "vitest";
import { Buffer } from "node:buffer";
import { spawn } from "node:child_process";
import { cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync, createWriteStream } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import process from "node:process";
import { build } from "esbuild";
import { runKc } from "../fakes/run-kc";
import { TranscriptBuilder } from "../fakes/transcript-builder";
import { FIXTURE_VAULT } from "../core/compile/compile-fixture";
import { CONFIG_DIR } from "../fakes/config-dir";

// Issue 26, classes 2, 4 and 5 and the stray daily folder, through kc capture; the concurrent and time-zone cases in
// real child processes (the CLI bundled once, as write-lock-race.test.ts does).
let bin: string;
let binDir: string;
beforeAll(async () => {
  binDir = mkdtempSync(join(tmpdir(), "kc-capture-bin-"));
  bin = join(binDir, "kc.mjs");
  const main = fileURLToPath(new URL("../../src/cli/main.ts", import.meta.url));
  await build({
    stdin: {
      contents: `
        import { runCli } from ${JSON.stringify(main)};
        const code = await runCli(process.argv.slice(2), { out: (t) => process.stdout.write(t), err: (t) => process.stderr.write(t), isTTY: false, env: process.env });
        process.exitCode = code;
      `,
      resolveDir: binDir,
      loader: "ts",
    },
    bundle: true,
    platform: "node",
    format: "esm",
    outfile: bin,
    logLevel: "silent",
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
  });
}, 60_000);
afterAll(() => rmSync(binDir, { recursive: true, force: true }));

let vault: string;
let claude: string;
beforeEach(() => {
  vault = mkdtempSync(join(tmpdir(), "kc-capture-race-vault-"));
  cpSync(FIXTURE_VAULT, vault, { recursive: true });
  claude = mkdtempSync(join(tmpdir(), "kc-capture-race-claude-"));
});
afterEach(() => {
  rmSync(vault, { recursive: true, force: true });
  rmSync(claude, { recursive: true, force: true });
});

function kcChild(args: string[], env: Record<string, string> = {}): Promise<{ code: number; err: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [bin, ...args], { env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "pipe"] });
    let err = "";
    child.stderr.on("data", (d: Buffer) => (err += d.toString()));
    child.on("exit", (code) => done({ code: code ?? -1, err }));
  });
}

function session(id: string, start: string, words: string): string {
  const t = new TranscriptBuilder(id, start, { cwd: join(claude, "work", "notes-app"), gitBranch: "main", entrypoint: "cli" });
  for (let i = 1; i <= 4; i++) t.prompt(`${words} step ${i}`).reply("ok");
  return t.text();
}

const count = (text: string, needle: string): number => text.split(needle).length - 1;
const STATE = `${CONFIG_DIR}/plugins/ckp-knowledge-compiler/capture-state.json`;

describe("two captures at the same moment (class 4)", () => {
  it("append every session exactly once and keep every cursor, with four processes racing, over two rounds", async () => {
    const dir = join(claude, "projects", "p");
    mkdirSync(dir, { recursive: true });
    for (let round = 0; round < 2; round++) {
      for (let s = 0; s < 5; s++)
        writeFileSync(
          join(dir, `r${round}s${s}.jsonl`),
          session(`r${round}s${s}`, `2026-11-20T0${round * 5 + s}:00:00Z`.replace(/T(\d)(\d):/, "T$1$2:"), `round ${round} session ${s}`),
        );
      const runs = await Promise.all(
        Array.from({ length: 4 }, () => kcChild(["capture", vault, "--from", join(claude, "projects"), "--idle-minutes", "0"], { TZ: "UTC" })),
      );
      for (const r of runs) expect(r.code, r.err).toBe(0);
      const text = readFileSync(join(vault, "daily", "2026-11-20.md"), "utf8");
      for (let r = 0; r <= round; r++)
        for (let s = 0; s < 5; s++) expect(count(text, `Asked: round ${r} session ${s} step 2`), `round ${r} session ${s}`).toBe(1);
      const state = JSON.parse(readFileSync(join(vault, STATE), "utf8")) as { files: Record<string, number> };
      expect(Object.keys(state.files)).toHaveLength(5 * (round + 1));
    }
  }, 120_000);
});

describe("the time zone changes between two captures (class 3)", () => {
  it("finds the entries made under the other zone and appends nothing again, once the state is lost", async () => {
    const dir = join(claude, "projects", "p");
    mkdirSync(dir, { recursive: true });
    // 16:30 UTC is the next day in Tokyo (UTC+9), the same day in New York.
    writeFileSync(join(dir, "tz.jsonl"), session("tz", "2026-11-24T16:30:00Z", "across zones"));
    const first = await kcChild(["capture", vault, "--from", join(claude, "projects"), "--idle-minutes", "0"], { TZ: "Asia/Tokyo" });
    expect(first.code, first.err).toBe(0);
    const tokyo = readFileSync(join(vault, "daily", "2026-11-25.md"), "utf8");
    expect(tokyo).toContain("Asked: across zones step 1");
    rmSync(join(vault, STATE));
    const second = await kcChild(["capture", vault, "--from", join(claude, "projects"), "--idle-minutes", "0"], { TZ: "America/New_York" });
    expect(second.code, second.err).toBe(0);
    expect(second.err).toContain("already in daily/2026-11-25.md");
    expect(existsSync(join(vault, "daily", "2026-11-24.md"))).toBe(false);
    expect(readFileSync(join(vault, "daily", "2026-11-25.md"), "utf8")).toBe(tokyo);
  }, 60_000);
});

describe("kc capture's writes", () => {
  it("writes through a symlinked daily note, which stays a link (class 5)", async () => {
    const dir = join(claude, "projects", "p");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "l1.jsonl"), session("l1", "2026-11-22T10:00:00Z", "through the link"));
    mkdirSync(join(vault, "journal"));
    writeFileSync(join(vault, "journal", "real.md"), "# My journal page\n");
    symlinkSync(join("..", "journal", "real.md"), join(vault, "daily", "2026-11-22.md"));
    const r = await runKc(["capture", vault, "--from", join(claude, "projects"), "--idle-minutes", "0"], { TZ: "UTC" });
    expect(r.code, r.err).toBe(0);
    expect(lstatSync(join(vault, "daily", "2026-11-22.md")).isSymbolicLink()).toBe(true);
    const real = readFileSync(join(vault, "journal", "real.md"), "utf8");
    expect(real.startsWith("# My journal page\n")).toBe(true);
    expect(real).toContain("Asked: through the link step 1");
  });

  it("creates no daily folder in a vault whose daily notes folder is only the default and absent, and says why", async () => {
    const plain = mkdtempSync(join(tmpdir(), "kc-capture-plain-"));
    try {
      mkdirSync(join(plain, "Journal"));
      writeFileSync(join(plain, "Journal", "2026-11-01.md"), "my own journal\n");
      const dir = join(claude, "projects", "p");
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, "d1.jsonl"), session("d1", "2026-11-20T10:00:00Z", "no stray folder"));
      const r = await runKc(["capture", plain, "--from", join(claude, "projects"), "--idle-minutes", "0"]);
      expect(r.code).toBe(1);
      expect(r.err).toContain('daily notes folder "daily" (from the default) does not exist');
      expect(existsSync(join(plain, "daily"))).toBe(false);
    } finally {
      rmSync(plain, { recursive: true, force: true });
    }
  });

  it("skips a transcript line over 8 MB, says so, and captures the rest of the session (class 2)", async () => {
    const dir = join(claude, "projects", "p");
    mkdirSync(dir, { recursive: true });
    const path = join(dir, "big.jsonl");
    const out = createWriteStream(path);
    const text = session("big", "2026-11-20T10:00:00Z", "beside a huge line").split("\n");
    out.write(`${text.slice(0, 3).join("\n")}\n`);
    out.write(`${JSON.stringify({ type: "user", uuid: "huge-1", message: { role: "user", content: "z".repeat(9 * 1024 * 1024) } })}\n`);
    out.write(text.slice(3).join("\n"));
    await new Promise((r) => out.end(r));
    const r = await runKc(["capture", vault, "--from", join(claude, "projects"), "--idle-minutes", "0"], { TZ: "UTC" });
    expect(r.code, r.err).toBe(0);
    expect(r.err).toContain("1 transcript line over 8 MB skipped unread.");
    expect(readFileSync(join(vault, "daily", "2026-11-20.md"), "utf8")).toContain("Asked: beside a huge line step 4");
  });
});
