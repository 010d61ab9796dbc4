import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import process from "node:process";
import { build } from "esbuild";

// Real processes racing for the vault's write lock: each takes it, appends its row to a shared file by
// read-modify-write (slowly, so a second holder would lose a row), and releases it.
let dir: string;
let script: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "kc-lock-race-"));
  script = join(dir, "writer.mjs");
  const lock = fileURLToPath(new URL("../../src/node/file-write-lock.ts", import.meta.url));
  await build({
    stdin: {
      contents: `
        import { readFileSync, writeFileSync } from "node:fs";
        import { FileWriteLock } from ${JSON.stringify(lock)};
        const [lockPath, rows, id] = process.argv.slice(2);
        const got = await new FileWriteLock(lockPath, 60000).acquire();
        if (!got.ok) { console.error(got.message); process.exit(2); }
        const before = readFileSync(rows, "utf8");
        await new Promise((r) => setTimeout(r, 30));
        writeFileSync(rows, before + id + "\\n");
        await got.release();
      `,
      resolveDir: dir,
      loader: "ts",
    },
    bundle: true,
    platform: "node",
    format: "esm",
    outfile: script,
    logLevel: "silent",
  });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(lockPath: string, rows: string, id: number): Promise<number> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [script, lockPath, rows, String(id)], { stdio: "ignore" });
    child.on("exit", (code) => done(code ?? -1));
  });
}

describe("a stale write lock taken over by processes racing", () => {
  it("lets exactly one process in at a time, so no row is lost, over several rounds", async () => {
    // The pid of a process that has ended: its lock is stale.
    const gone = spawnSync(process.execPath, ["-e", ""]).pid;
    for (let round = 0; round < 4; round++) {
      const lockPath = join(dir, `write-${round}.lock`);
      const rows = join(dir, `rows-${round}.txt`);
      writeFileSync(rows, "");
      writeFileSync(lockPath, JSON.stringify({ pid: gone, at: "2026-11-22T10:00:00Z" }));
      const codes = await Promise.all(Array.from({ length: 6 }, (_, i) => run(lockPath, rows, i)));
      expect(codes).toEqual([0, 0, 0, 0, 0, 0]);
      expect(readFileSync(rows, "utf8").trim().split("\n").sort()).toEqual(["0", "1", "2", "3", "4", "5"]);
    }
  }, 60_000);
});
