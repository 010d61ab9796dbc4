import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { chmodSync, cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCli } from "../../src/cli/main";
import { FsNoteStore } from "../../src/cli/fs-note-store";
import { FIXTURE_VAULT } from "../core/compile/compile-fixture";

// Root ignores permission bits, so where the tests run as root the unreadable folder is simulated by a folder whose
// listing fails the same way (a note path that is a folder, a name the OS refuses): the code path is the same.
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

async function kc(args: string[]) {
  let out = "";
  let err = "";
  const code = await runCli(args, { out: (t) => (out += t), err: (t) => (err += t), isTTY: false, env: {} });
  return { code, out, err };
}

describe("an unreadable folder or note", () => {
  it.skipIf(root)("is skipped and reported once; lint goes on (a folder without read permission)", async () => {
    mkdirSync(join(vault, "lost+found"));
    writeFileSync(join(vault, "lost+found", "x.md"), "# x\n");
    chmodSync(join(vault, "lost+found"), 0o000);
    const r = await kc(["lint", vault, "--scope", "vault", "--format", "json"]);
    expect(r.err).toContain("folder lost+found cannot be read (permission denied)");
    expect(r.err).not.toMatch(/Unexpected error|EACCES/);
  });

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
