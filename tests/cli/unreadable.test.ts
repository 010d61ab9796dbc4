import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { runKc } from "../fakes/run-kc";
import { buildCliInto } from "../fakes/build-cli";
import { FsNoteStore } from "../../src/node/fs-note-store";
import { FIXTURE_VAULT } from "../core/compile/compile-fixture";

// Listing and reading failures other than permissions (a file where a folder was, a folder where a note was) fail the
// same way for root and users.
const root = typeof process.getuid === "function" && process.getuid() === 0;
let vault: string;
beforeEach(() => {
  vault = mkdtempSync(join(tmpdir(), "kc-unreadable-"));
  cpSync(FIXTURE_VAULT, vault, { recursive: true });
});
afterEach(() => {
  try {
    chmodSync(join(vault, "lost+found"), 0o755);
  } catch {
    // not there
  }
  rmSync(vault, { recursive: true, force: true });
});

const kc = (args: string[], env: Record<string, string> = {}) => runKc(args, env);

describe("an unreadable folder or note", () => {
  it("lists what it can and records a folder it cannot list, whatever the reason", async () => {
    const store = new FsNoteStore(vault);
    // A listing that fails: the store is pointed at a file as if it were the vault's folder.
    const broken = new FsNoteStore(join(vault, "daily", "2026-11-20.md"));
    expect(await broken.list()).toEqual([]);
    expect(broken.unreadableFolders).toEqual([{ path: ".", reason: "the file system refused (ENOTDIR)" }]);
    expect((await store.list()).length).toBeGreaterThan(3);
    expect(store.unreadableFolders).toEqual([]);
  });

  it("says a note that cannot be read is unreadable, not missing", async () => {
    mkdirSync(join(vault, "folder.md"));
    const store = new FsNoteStore(vault);
    await expect(store.read("folder.md")).rejects.toMatchObject({ reason: "unreadable", message: "Cannot read folder.md: it is a folder." });
    await expect(store.read("nope.md")).rejects.toMatchObject({ reason: "missing" });
  });
});

// Permission bits themselves, whoever runs the tests: as a user, kc runs in-process; as root (which ignores them, as
// CI does), kc is built and run as the unprivileged user `nobody`, so the file system really refuses.
const NOBODY = 65534;

/** True when a process of this kind (this user, or `nobody` when root) is refused a file with mode 000. */
function permissionsBite(): boolean {
  const dir = mkdtempSync(join(tmpdir(), "kc-probe-"));
  try {
    chmodSync(dir, 0o755);
    writeFileSync(join(dir, "probe"), "x");
    chmodSync(join(dir, "probe"), 0o000);
    if (!root) {
      try {
        readFileSync(join(dir, "probe"));
        return false;
      } catch {
        return true;
      }
    }
    const r = spawnSync(process.execPath, ["-e", `require("node:fs").readFileSync(${JSON.stringify(join(dir, "probe"))})`], { uid: NOBODY, gid: NOBODY });
    return r.error === undefined && r.status !== 0;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs `kc` on the vault with real permissions: in-process as a user, as `nobody` from a fresh bundle as root. */
async function kcWithPermissions(args: string[]) {
  if (!root) return kc(args);
  const dir = mkdtempSync(join(tmpdir(), "kc-bundle-"));
  try {
    chmodSync(dir, 0o755);
    // The release build, run as nobody (whose cache folder, under root's home, it cannot make: no code cache).
    const cli = await buildCliInto(dir);
    for (const d of [dir, join(dir, "cli-chunks")]) chmodSync(d, 0o755);
    const r = spawnSync(process.execPath, [cli, ...args], { uid: NOBODY, gid: NOBODY, encoding: "utf8", cwd: dir });
    return { code: r.status ?? -1, out: r.stdout, err: r.stderr };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe.skipIf(!permissionsBite())("a folder and a note without read permission", () => {
  it("are skipped and named (permission denied) while every other note is linted", async () => {
    chmodSync(vault, 0o755);
    mkdirSync(join(vault, "lost+found"));
    writeFileSync(join(vault, "lost+found", "x.md"), "# x\n");
    chmodSync(join(vault, "lost+found"), 0o000);
    writeFileSync(join(vault, "secret.md"), "# Secret\n");
    chmodSync(join(vault, "secret.md"), 0o000);
    const r = await kcWithPermissions(["lint", vault, "--scope", "vault", "--format", "json"]);
    expect(r.err).toContain("folder lost+found cannot be read (permission denied); its notes are left out.");
    expect(r.err).toContain("Cannot read secret.md: permission denied.");
    expect(r.err).not.toMatch(/Unexpected error|EACCES|no such file|stopped/);
    expect([0, 1]).toContain(r.code);
    const report = JSON.parse(r.out) as { noteCount: number; findings: { path: string }[] };
    expect(report.noteCount).toBeGreaterThan(3);
    expect(report.findings.some((f) => f.path.startsWith("lost+found/") || f.path === "secret.md")).toBe(false);
  }, 60_000);
});
