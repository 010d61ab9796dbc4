import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { buildCliInto } from "../fakes/build-cli";
import { CONFIG_DIR } from "../fakes/config-dir";

// Issue 32, class 7: two `kc hooks install` into one home at once, as real processes. Before the lock, each read
// ~/.claude.json, added its project and wrote it whole: one project's entry was lost in 4 of 8 runs.
let dir: string;
let cli: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "kc-hooks-race-"));
  cli = await buildCliInto(join(dir, "dist"));
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function install(home: string, project: string, vault: string): Promise<{ code: number; err: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [cli, "hooks", "install", "--project", project, "--vault", vault, "--yes"], {
      env: { PATH: process.env.PATH, HOME: home },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let err = "";
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (d: string) => (err += d));
    child.on("exit", (code) => done({ code: code ?? -1, err }));
  });
}

describe("installs racing into one home (issue 32, class 7: a lock against two installs)", () => {
  it("keeps every project's server and kc's record of each, over two rounds of six at once", async () => {
    for (let round = 0; round < 2; round++) {
      const home = join(dir, `home-${round}`);
      const vault = join(dir, `vault-${round}`);
      mkdirSync(join(home, ".claude"), { recursive: true });
      mkdirSync(join(vault, CONFIG_DIR), { recursive: true });
      writeFileSync(join(home, ".claude.json"), JSON.stringify({ numStartups: 1, projects: {} }, null, 2) + "\n", { mode: 0o600 });
      const projects = Array.from({ length: 6 }, (_, i) => join(dir, `round-${round}-project-${i}`));
      for (const p of projects) mkdirSync(p);
      const runs = await Promise.all(projects.map((p) => install(home, p, vault)));
      for (const r of runs) expect(r.code, r.err).toBe(0);
      const user = JSON.parse(readFileSync(join(home, ".claude.json"), "utf8")) as { numStartups: number; projects: Record<string, { mcpServers?: object }> };
      expect(user.numStartups).toBe(1);
      expect(Object.keys(user.projects).sort()).toEqual([...projects].sort());
      for (const p of projects) expect(Object.keys(user.projects[p]!.mcpServers ?? {})).toEqual(["knowledge-compiler"]);
      const record = JSON.parse(readFileSync(join(home, ".claude", "knowledge-compiler-hooks.json"), "utf8")) as { files: Record<string, unknown> };
      expect(Object.keys(record.files)).toHaveLength(projects.length + 1);
    }
  }, 180_000);
});
