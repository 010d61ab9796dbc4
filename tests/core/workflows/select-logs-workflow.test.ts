import { describe, expect, it } from "vitest";
import { sha256Hex } from "../../../src/core/util/sha256";
import { findChangedLogs, selectLogs, skipUnchanged } from "../../../src/core/workflows/select-logs-workflow";
import { NoteStoreError } from "../../../src/core/notes/note-store";
import { InMemoryNoteStore } from "../../fakes/in-memory-note-store";
import { inMemoryCompileHost } from "../../fakes/in-memory-compile-host";
import { fixtureFiles, LOG } from "../compile/compile-fixture";

/** A store one of whose files cannot be read (not UTF-8, permission denied). */
class StoreWithUnreadable extends InMemoryNoteStore {
  constructor(
    files: Record<string, string>,
    private readonly unreadable: string,
  ) {
    super(files);
  }
  override read(path: string): Promise<string> {
    return path === this.unreadable ? Promise.reject(new NoteStoreError(path, "not-text", `${path} is not text.`)) : super.read(path);
  }
}

const OLD = "daily/2026-11-18.md";
const EDITED = "daily/2026-11-19.md";

/** The fixture vault with three daily notes: one never compiled, one compiled and edited since, one compiled as it is. */
function vault(store = new InMemoryNoteStore({ ...fixtureFiles(), [OLD]: "# 18\n", [EDITED]: "# 19, edited\n" })) {
  const host = inMemoryCompileHost(store);
  host.records.states.set(LOG, { hash: sha256Hex(store.files.get(LOG)!), compiledAt: "2026-11-21T10:00:00Z" });
  host.records.states.set(EDITED, { hash: sha256Hex("# 19\n"), compiledAt: "2026-11-21T10:00:00Z" });
  return { store, host };
}

describe("choosing the logs to compile", () => {
  it("takes every daily note never compiled or changed since, oldest first, and leaves out the compiled unchanged one", async () => {
    const { host } = vault();
    expect(await selectLogs(host, { all: true })).toEqual({ ok: true, value: { logs: [OLD, EDITED], unchanged: [] } });
  });

  it("takes every daily note with force, compiled and unchanged ones too", async () => {
    const { host } = vault();
    expect(await selectLogs(host, { all: true }, { force: true })).toEqual({ ok: true, value: { logs: [OLD, EDITED, LOG], unchanged: [] } });
  });

  it("sets one compiled unchanged log aside as unchanged, and compiles it anyway with force", async () => {
    const { host } = vault();
    expect(await selectLogs(host, { file: "daily/2026-11-20" })).toEqual({ ok: true, value: { logs: [], unchanged: [LOG] } });
    expect(await selectLogs(host, { file: LOG }, { force: true })).toEqual({ ok: true, value: { logs: [LOG], unchanged: [] } });
    expect(await selectLogs(host, { today: "2026-11-19" })).toEqual({ ok: true, value: { logs: [EDITED], unchanged: [] } });
  });

  it("will not guess which logs changed when the compile state could not be read, unless forced", async () => {
    const { host } = vault();
    const r = await selectLogs(host, { all: true }, { stateUnknown: true });
    expect(!r.ok && r.error.kind).toBe("state-unknown");
    expect((await selectLogs(host, { all: true }, { stateUnknown: true, force: true })).ok).toBe(true);
  });

  it("names the note that does not exist, today's missing daily note, and a vault without daily notes", async () => {
    const { host } = vault();
    expect(await selectLogs(host, { file: "nope" })).toEqual({
      ok: false,
      error: { kind: "no-note", message: "No note nope.md in the vault (give its path relative to the vault folder)." },
    });
    expect(await selectLogs(host, { today: "2026-11-22" })).toEqual({
      ok: false,
      error: { kind: "no-today", message: "Today's daily note daily/2026-11-22.md does not exist; give --file <note> or --all." },
    });
    const empty = inMemoryCompileHost(new InMemoryNoteStore({ "knowledge/index.md": "# Index\n" }));
    const r = await selectLogs(empty, { all: true });
    expect(!r.ok && r.error).toEqual({
      kind: "no-daily-notes",
      message: expect.stringContaining("No daily notes in this vault: none matches daily/YYYY-MM-DD.md") as unknown,
    });
  });

  it("refuses settings that put the daily notes inside the knowledge folder before reading any note", async () => {
    const store = new InMemoryNoteStore(fixtureFiles());
    let reads = 0;
    const read = store.read.bind(store);
    store.read = (p) => (reads++, read(p));
    const host = inMemoryCompileHost(store, { rules: { knowledgeFolder: "knowledge", dailyFolder: "knowledge/daily", dailyFormat: "YYYY-MM-DD" } });
    const r = await selectLogs(host, { all: true });
    expect(!r.ok && r.error.kind).toBe("settings");
    expect(reads).toBe(0);
  });
});

describe("changed logs in the plugin", () => {
  it("says why each changed log needs compiling and leaves out a daily note that cannot be read", async () => {
    const store = new StoreWithUnreadable(
      { ...fixtureFiles(), [OLD]: "# 18\n", [EDITED]: "# 19, edited\n", "daily/2026-11-17.md": "\u0000" },
      "daily/2026-11-17.md",
    );
    const { host } = vault(store);
    expect(await findChangedLogs(host)).toEqual([
      { path: OLD, date: "2026-11-18", reason: "never compiled" },
      { path: EDITED, date: "2026-11-19", reason: "changed since compiled" },
    ]);
  });

  it("keeps a log that cannot be read among those to compile, so the compile says why", async () => {
    const store = new StoreWithUnreadable({ ...fixtureFiles(), [OLD]: "# 18\n", [EDITED]: "# 19, edited\n" }, EDITED);
    const { host } = vault(store);
    expect(await skipUnchanged(host, [LOG, EDITED])).toEqual({ logs: [EDITED], unchanged: [LOG] });
  });
});
