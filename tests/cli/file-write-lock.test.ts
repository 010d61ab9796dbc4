import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { chmodSync, cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { FileWriteLock } from "../../src/node/file-write-lock";
import { FsNoteStore } from "../../src/node/fs-note-store";
import { FIXTURE_VAULT } from "../core/compile/compile-fixture";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "kc-lock-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("the CLI's write lock", () => {
  it("lets one writer in at a time and names the holder when it gives up waiting", async () => {
    const path = join(dir, "plugin", "write.lock");
    const first = await new FileWriteLock(path, 200).acquire();
    expect(first.ok).toBe(true);
    const second = await new FileWriteLock(path, 200).acquire();
    expect(second).toEqual({ ok: false, message: expect.stringContaining(`Another compile is writing this vault (process ${process.pid}`) as unknown });
    if (first.ok) await first.release();
    expect(existsSync(path)).toBe(false);
    const third = await new FileWriteLock(path, 200).acquire();
    expect(third.ok).toBe(true);
  });

  it("takes over a lock whose process is gone, or one older than ten minutes", async () => {
    const path = join(dir, "write.lock");
    writeFileSync(path, JSON.stringify({ pid: 2 ** 22 + 12345, at: "2026-11-22T10:00:00Z" }));
    expect((await new FileWriteLock(path, 200).acquire()).ok).toBe(true);
    writeFileSync(path, JSON.stringify({ pid: process.pid, at: "2026-11-22T10:00:00Z" }));
    const old = (Date.now() - 11 * 60 * 1000) / 1000;
    utimesSync(path, old, old);
    expect((await new FileWriteLock(path, 200).acquire()).ok).toBe(true);
    expect(JSON.parse(readFileSync(path, "utf8"))).toMatchObject({ pid: process.pid });
  });
});

describe("the file-system note store", () => {
  it("removes the temporary file a killed write left behind, on the next write or undo in that folder, and keeps a live writer's", async () => {
    cpSync(FIXTURE_VAULT, dir, { recursive: true });
    const gone = spawnSync(process.execPath, ["-e", ""]).pid;
    const folder = join(dir, "knowledge", "concepts");
    writeFileSync(join(folder, `.kc-${gone}-1764000000000-abc123.tmp`), "half");
    writeFileSync(join(folder, ".1764000000000-def456.tmp"), "half");
    const old = (Date.now() - 11 * 60 * 1000) / 1000;
    utimesSync(join(folder, ".1764000000000-def456.tmp"), old, old);
    writeFileSync(join(folder, `.kc-${process.pid}-1764000000000-live99.tmp`), "busy");
    const store = new FsNoteStore(dir);
    await store.process("knowledge/concepts/sqlite-wal-mode.md", (t) => `${t}\nmore\n`);
    expect(readdirSync(folder).filter((n) => n.endsWith(".tmp"))).toEqual([`.kc-${process.pid}-1764000000000-live99.tmp`]);
    writeFileSync(join(dir, "knowledge", `.kc-${gone}-1764000000000-xyz789.tmp`), "half");
    await new FsNoteStore(dir).remove("knowledge/nothing-here.md");
    expect(readdirSync(join(dir, "knowledge")).filter((n) => n.endsWith(".tmp"))).toEqual([]);
  });

  it("keeps a file's permission bits when it rewrites it (so undo puts back the same mode)", async () => {
    cpSync(FIXTURE_VAULT, dir, { recursive: true });
    const rel = "knowledge/concepts/sqlite-wal-mode.md";
    chmodSync(join(dir, rel), 0o640);
    const store = new FsNoteStore(dir);
    const before = await store.read(rel);
    await store.process(rel, (t) => `${t}\nmore\n`);
    expect(statSync(join(dir, rel)).mode & 0o777).toBe(0o640);
    await store.process(rel, () => before);
    expect(statSync(join(dir, rel)).mode & 0o777).toBe(0o640);
  });
});
