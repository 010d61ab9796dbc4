import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { SPEND_LEDGER_FILE, SPEND_LEDGER_LOCK, SpendLedger } from "../../src/core/spend/spend-ledger";
import { parseSpendLedger } from "../../src/core/spend/spend-entry";
import { GuardedFileError, readGuardedFile } from "../../src/node/guarded-file";
import { fsPluginFiles, pluginFolder } from "../../src/node/node-host";
import { nodeLedgerLock } from "../../src/node/node-spend";
import { PluginFiles } from "../../src/node/plugin-files";
import { FileWriteLock } from "../../src/node/file-write-lock";
import { runKc } from "../fakes/run-kc";

// The one guarded writer of every file kc keeps outside the note store: a vault is not trusted to hold only regular
// files in its plugin folder (a shared vault can hold a link to a shell start-up file, a FIFO, a folder linked out).
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "kc-guarded-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let n = 0;
/** A fresh vault with the plugin's folder (unless `noFolder`), and a file outside it standing for a person's ~/.bashrc. */
function vault(noFolder = false): { root: string; folder: string; outside: string } {
  const root = join(dir, `v${n++}`);
  mkdirSync(root);
  if (!noFolder) mkdirSync(pluginFolder(root), { recursive: true });
  const outside = join(dir, `bashrc-${n}`);
  writeFileSync(outside, "export PATH=$PATH\n");
  return { root, folder: pluginFolder(root), outside };
}

const entry = { at: "2026-10-20T10:00:00.000Z", day: "2026-10-20", feature: "answer", model: "m", input: 1, output: 1, cacheRead: 0, cacheWrite: 0, usd: 0.01 };
const mkfifo = (path: string) => execFileSync("mkfifo", [path]);
const windows = process.platform === "win32";

describe.skipIf(windows)("the guarded writer of the plugin's files", () => {
  it("refuses a ledger that links outside the vault, and appends nothing there", async () => {
    const v = vault();
    symlinkSync(v.outside, join(v.folder, SPEND_LEDGER_FILE));
    const files = fsPluginFiles(v.root);
    await expect(files.append!(SPEND_LEDGER_FILE, `${JSON.stringify(entry)}\n`)).rejects.toThrow(/symbolic link/);
    await expect(files.read(SPEND_LEDGER_FILE)).rejects.toBeInstanceOf(GuardedFileError);
    expect(readFileSync(v.outside, "utf8")).toBe("export PATH=$PATH\n");
  });

  it("replaces a link in a file's place when writing it whole, never writing through it", async () => {
    const v = vault();
    symlinkSync(v.outside, join(v.folder, "contradictions-state.json"));
    await fsPluginFiles(v.root).write("contradictions-state.json", "{}");
    expect(readFileSync(v.outside, "utf8")).toBe("export PATH=$PATH\n");
    expect(readFileSync(join(v.folder, "contradictions-state.json"), "utf8")).toBe("{}");
  });

  it("refuses a plugin folder whose real path leads outside the vault, for reads and writes", async () => {
    const v = vault(true);
    const away = join(dir, `away-${n}`);
    mkdirSync(away);
    mkdirSync(join(v.folder, ".."), { recursive: true });
    symlinkSync(away, v.folder);
    const files = fsPluginFiles(v.root);
    await expect(files.write("capture-state.json", "{}")).rejects.toThrow(/leads outside the vault/);
    await expect(files.append!(SPEND_LEDGER_FILE, "x\n")).rejects.toThrow(/leads outside the vault/);
    await expect(files.read(SPEND_LEDGER_FILE)).rejects.toThrow(/leads outside the vault/);
    await expect(new PluginFiles(v.root).saveUndo({ at: "x", files: [] } as never)).rejects.toThrow(/leads outside the vault/);
    expect(readdirSync(away)).toEqual([]);
  });

  it("refuses a FIFO in the ledger's place at once, for reads and appends, naming it", async () => {
    const v = vault();
    mkfifo(join(v.folder, SPEND_LEDGER_FILE));
    const files = fsPluginFiles(v.root);
    await expect(files.read(SPEND_LEDGER_FILE)).rejects.toThrow(/named pipe \(FIFO\)/);
    await expect(files.append!(SPEND_LEDGER_FILE, "x\n")).rejects.toThrow(/named pipe \(FIFO\)/);
  }, 5000);

  it("refuses a FIFO as a lock file without waiting on it", async () => {
    const v = vault();
    mkfifo(join(v.folder, SPEND_LEDGER_LOCK));
    const lock = nodeLedgerLock(v.root);
    await expect(lock.files.read(lock.path)).rejects.toThrow(/named pipe/);
    mkfifo(join(v.folder, "write.lock"));
    const got = await new FileWriteLock(new PluginFiles(v.root).lockPath(), 200, v.root).acquire();
    expect(got.ok).toBe(false);
  }, 5000);

  it("creates every file private and the folder it makes private, whatever the umask", async () => {
    const v = vault(true);
    const old = process.umask(0);
    try {
      const files = fsPluginFiles(v.root);
      await files.write("write-journal.json", "{}");
      await files.append!(SPEND_LEDGER_FILE, "x\n");
      await new PluginFiles(v.root).saveUndo({ at: "x", files: [] } as never);
    } finally {
      process.umask(old);
    }
    expect(statSync(v.folder).mode & 0o777).toBe(0o700);
    for (const name of ["write-journal.json", SPEND_LEDGER_FILE, "last-compile.json"]) expect(statSync(join(v.folder, name)).mode & 0o777).toBe(0o600);
    // No temporary file is left beside them.
    expect(readdirSync(v.folder).sort()).toEqual(["last-compile.json", SPEND_LEDGER_FILE, "write-journal.json"].sort());
  });

  it("keeps the mode of the person's data.json when it records a compile state", async () => {
    const v = vault();
    writeFileSync(join(v.folder, "data.json"), JSON.stringify({ ask: { model: "m" } }));
    chmodSync(join(v.folder, "data.json"), 0o644);
    await new PluginFiles(v.root).setLogState("daily/2026-10-20.md", { hash: "h", compiledAt: "t" });
    expect(statSync(join(v.folder, "data.json")).mode & 0o777).toBe(0o644);
    expect(JSON.parse(readFileSync(join(v.folder, "data.json"), "utf8"))).toMatchObject({ ask: { model: "m" }, compileState: { logs: {} } });
  });

  it("repairs a cut last line before an append, so the next record is not swallowed", async () => {
    const v = vault();
    const path = join(v.folder, SPEND_LEDGER_FILE);
    writeFileSync(path, `${JSON.stringify(entry)}\n{"at":"2026-10-20T11:00`);
    const ledger = new SpendLedger(fsPluginFiles(v.root));
    await ledger.append({ ...entry, feature: "compile" }, new Date(2026, 9, 20));
    const records = parseSpendLedger(readFileSync(path, "utf8"));
    expect(records.map((r) => (r as typeof entry).feature)).toEqual(["answer", "compile"]);
  });

  it("repairs a cut last line in the raw append too, and appending nothing still proves the file writable", async () => {
    const v = vault();
    const path = join(v.folder, SPEND_LEDGER_FILE);
    writeFileSync(path, `{"cut`);
    const files = fsPluginFiles(v.root);
    await files.append!(SPEND_LEDGER_FILE, "");
    expect(readFileSync(path, "utf8")).toBe(`{"cut`);
    await files.append!(SPEND_LEDGER_FILE, "{}\n");
    expect(readFileSync(path, "utf8")).toBe(`{"cut\n{}\n`);
    chmodSync(path, 0o400);
    if (process.getuid?.() !== 0) await expect(files.append!(SPEND_LEDGER_FILE, "")).rejects.toThrow(/EACCES/);
  });

  it("reads data.json that is a FIFO as unreadable with a warning, never hanging kc", async () => {
    const v = vault();
    mkfifo(join(v.folder, "data.json"));
    mkdirSync(join(v.root, "knowledge"));
    const r = await runKc(["lint", v.root]);
    expect(r.err).toMatch(/data\.json cannot be read \(is a named pipe/);
    await expect(readGuardedFile(v.root, join(v.folder, "data.json"))).rejects.toThrow(/FIFO/);
  }, 10_000);

  it("makes `kc spend` fail with the cause when the ledger is a FIFO, not hang", async () => {
    const v = vault();
    mkfifo(join(v.folder, SPEND_LEDGER_FILE));
    const r = await runKc(["spend", v.root]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/spend-ledger\.jsonl is a named pipe \(FIFO\)/);
    expect(existsSync(join(v.folder, SPEND_LEDGER_FILE))).toBe(true);
  }, 10_000);
});
