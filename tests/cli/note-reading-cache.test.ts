import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  existsSync,
  lstatSync,
  mkdirSync,
  renameSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { setTimeout as sleep } from "node:timers/promises";
import { runKc } from "../fakes/run-kc";
import { NoteReadingCache, decodeReading, encodeReading } from "../../src/node/note-reading-cache";
import { SentenceTerms } from "../../src/core/headers/draft-tldr";
import type { KeptReading } from "../../src/core/headers/draft-header";
import { asciiJson, type CachedIndex, type NoteRecord } from "../../src/node/index-cache-file";

// A header run keeps what it read of each note's text alone (its term counts, the terms of the sentences it read for a
// TLDR) between runs, trusted exactly when the router's warm index trusts the note's stamp.

let dir: string;
let cache: string;
let env: Record<string, string>;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "kc-note-readings-"));
  cache = join(dir, "cache");
  env = { KC_CACHE_DIR: cache };
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const ROOT = "/vaults/one";
const stamp = (n: number): NoteRecord => ({ size: 100 + n, mtime: 1_700_000_000_000 + n, ctime: 1_700_000_000_500 + n, ino: 4242 + n, state: "indexed" });
const stateOf = (records: Record<string, NoteRecord>): CachedIndex => ({ records: new Map(Object.entries(records)) }) as unknown as CachedIndex;
const reading = (counts: [string, number][], sentences: (string[] | undefined)[] = [], titleTerms: string[] = []): KeptReading => ({
  titleTerms,
  counts: new Map(counts),
  sentences: new SentenceTerms(sentences),
});
const READING_A = reading(
  [
    ["retri", 3],
    ["backoff", 2],
    ["2024-01", 1],
    ["日本語", 1],
    ["wörd", 1],
    ["owner's", 2],
  ],
  [["retri", "backoff", "clock", "日本語"], undefined, [], ["jitter", "wörd", "2024-01"]],
  ["retri", "backoff", "日本語"],
);
const READING_B = reading([["zebra", 4]]);
/** A reading as plain data: its counts as pairs in order, its sentences' terms by place. */
const plain = (r: KeptReading | undefined) => {
  if (r === undefined) return undefined;
  const counts: [string, number][] = [];
  r.counts.forEach((n, t) => counts.push([t, n]));
  // Places with no sentence read, holes or undefined, the same; none after the last read.
  const sentences = Array.from(r.sentences.byPosition(), (t) => t);
  while (sentences.length > 0 && sentences[sentences.length - 1] === undefined) sentences.pop();
  return { titleTerms: r.titleTerms, counts, sentences };
};
const termFiles = () => (existsSync(cache) ? readdirSync(cache).filter((f) => f.startsWith("readings-")) : []);

describe("what a header run keeps of each note", () => {
  it("are read back as kept, for notes whose stamp is the same, from a private file", () => {
    const records = { "a.md": stamp(1), "b.md": stamp(2) };
    const first = NoteReadingCache.open(ROOT, stateOf(records), env)!;
    expect(first.get("a.md")).toBeUndefined();
    first.keep("a.md", READING_A);
    first.keep("b.md", READING_B);
    first.save();
    const [file] = termFiles();
    expect(file).toBeDefined();
    if (process.platform !== "win32") {
      expect(statSync(join(cache, file!)).mode & 0o777).toBe(0o600);
      expect(statSync(cache).mode & 0o777).toBe(0o700);
    }
    // Written as ASCII: the words of any script come back as they were.
    expect(readFileSync(join(cache, file!)).every((b) => b < 0x80)).toBe(true);
    const again = NoteReadingCache.open(ROOT, stateOf(records), env)!;
    expect(plain(again.get("a.md"))).toEqual(plain(READING_A));
    expect(plain(again.get("b.md"))).toEqual(plain(READING_B));
    // Nothing new and nothing out of date: the file is not written again.
    const before = statSync(join(cache, file!));
    again.save();
    const after = statSync(join(cache, file!));
    expect([after.ino, after.mtimeMs]).toEqual([before.ino, before.mtimeMs]);
  });

  it("are not trusted when any part of the note's stamp moved, the note is racy or gone, or for another vault", () => {
    const first = NoteReadingCache.open(ROOT, stateOf({ "a.md": stamp(1) }), env)!;
    first.keep("a.md", READING_A);
    first.save();
    const base = stamp(1);
    for (const moved of [{ size: base.size + 1 }, { mtime: base.mtime + 1 }, { ctime: base.ctime + 1 }, { ino: base.ino + 1 }, { state: "racy" as const }]) {
      const c = NoteReadingCache.open(ROOT, stateOf({ "a.md": { ...base, ...moved } }), env)!;
      expect(c.get("a.md"), JSON.stringify(moved)).toBeUndefined();
    }
    expect(NoteReadingCache.open(ROOT, stateOf({ "b.md": stamp(2) }), env)!.get("a.md")).toBeUndefined();
    expect(NoteReadingCache.open("/vaults/two", stateOf({ "a.md": base }), env)!.get("a.md")).toBeUndefined();
    // And the first vault's entry is still there for it.
    expect(plain(NoteReadingCache.open(ROOT, stateOf({ "a.md": base }), env)!.get("a.md"))).toEqual(plain(READING_A));
  });

  it("keeps nothing of a racy note (changed moments ago) and drops entries out of date when it writes", () => {
    const c = NoteReadingCache.open(ROOT, stateOf({ "a.md": stamp(1), "b.md": { ...stamp(2), state: "racy" } }), env)!;
    c.keep("a.md", READING_A);
    c.keep("b.md", READING_B);
    c.save();
    const text = readFileSync(join(cache, termFiles()[0]!), "latin1");
    expect(text).toContain('"a.md"');
    expect(text).not.toContain('"b.md"');
    // a.md changed: the next run that writes leaves its old counts out.
    const next = NoteReadingCache.open(ROOT, stateOf({ "a.md": stamp(5), "b.md": stamp(2) }), env)!;
    next.keep("b.md", READING_B);
    next.save();
    const after = readFileSync(join(cache, termFiles()[0]!), "latin1");
    expect(after).not.toContain('"a.md"');
    expect(after).toContain('"b.md"');
  });

  it("ignores a file in doubt: another key, a cut-off or broken line, a byte that is not ASCII, a bad stamp", () => {
    const records = { "a.md": stamp(1), "b.md": stamp(2) };
    const c = NoteReadingCache.open(ROOT, stateOf(records), env)!;
    c.keep("a.md", READING_A);
    c.keep("b.md", READING_B);
    c.save();
    const file = join(cache, termFiles()[0]!);
    const good = readFileSync(file, "latin1");
    const lines = good.split("\n");
    const rewrite = (text: string) => writeFileSync(file, text, { encoding: "latin1", mode: 0o600 });
    for (const [what, text] of [
      ["another key", [JSON.stringify("kc-note-readings/0"), ...lines.slice(1)].join("\n")],
      ["cut off", good.slice(0, -5)],
      ["a path that is not JSON", good.replace('"a.md"', '"a.md')],
      ["a missing field", good.replace(/\t[^\t\n]*\n$/, "\n")],
      ["not ASCII", good.replace("retri", "r\u00e9tri")],
      ["a repeated note", `${lines[0]}\n${lines[1]}\n${lines[1]}\n`],
      ["a stamp that is not a number", good.replace(/\t(\d+)\t/, "\tx\t")],
    ] as const) {
      rewrite(text);
      const r = NoteReadingCache.open(ROOT, stateOf(records), env)!;
      expect([r.get("a.md"), r.get("b.md")], what).toEqual([undefined, undefined]);
    }
    // An entry that does not read is read again from the note; the others are used, and the file is written right.
    rewrite(good.replace("backoff 2", "backoff 0"));
    const r = NoteReadingCache.open(ROOT, stateOf(records), env)!;
    expect([r.get("a.md"), plain(r.get("b.md"))]).toEqual([undefined, plain(READING_B)]);
    r.keep("a.md", READING_A);
    r.save();
    expect(plain(NoteReadingCache.open(ROOT, stateOf(records), env)!.get("a.md"))).toEqual(plain(READING_A));
  });

  it("keeps nothing of a note the index has no record of", () => {
    const c = NoteReadingCache.open(ROOT, stateOf({ "a.md": stamp(1) }), env)!;
    c.keep("elsewhere.md", READING_B);
    c.keep("a.md", READING_A);
    c.save();
    expect(readFileSync(join(cache, termFiles()[0]!), "latin1")).not.toContain("elsewhere.md");
  });

  it("leaves out, when it merges, another run's entry for a note it sees changed", () => {
    // This run sees b.md changed (stamp 9); a run that started earlier, with b.md as it was (stamp 2), writes meanwhile.
    const now = NoteReadingCache.open(ROOT, stateOf({ "a.md": stamp(1), "b.md": stamp(9), "c.md": stamp(3) }), env)!;
    const earlier = NoteReadingCache.open(ROOT, stateOf({ "a.md": stamp(1), "b.md": stamp(2) }), env)!;
    earlier.keep("a.md", READING_A);
    earlier.keep("b.md", READING_B);
    earlier.save();
    now.keep("c.md", READING_B);
    now.save();
    const text = readFileSync(join(cache, termFiles()[0]!), "latin1");
    expect(text).toContain('"a.md"');
    expect(text).toContain('"c.md"');
    expect(text).not.toContain('"b.md"');
  });

  it("merges at write time what another run kept since this one read the file", () => {
    const records = { "a.md": stamp(1), "b.md": stamp(2) };
    const one = NoteReadingCache.open(ROOT, stateOf(records), env)!;
    const two = NoteReadingCache.open(ROOT, stateOf(records), env)!;
    one.keep("a.md", READING_A);
    two.keep("b.md", READING_B);
    one.save();
    two.save();
    const r = NoteReadingCache.open(ROOT, stateOf(records), env)!;
    expect([plain(r.get("a.md")), plain(r.get("b.md"))]).toEqual([plain(READING_A), plain(READING_B)]);
  });

  it.skipIf(process.platform === "win32")("follows no symbolic link: a link at the file's place is neither read nor written through", () => {
    const records = { "a.md": stamp(1) };
    const c = NoteReadingCache.open(ROOT, stateOf(records), env)!;
    c.keep("a.md", READING_A);
    c.save();
    const file = join(cache, termFiles()[0]!);
    const elsewhere = join(dir, "elsewhere.jsonl");
    writeFileSync(elsewhere, readFileSync(file));
    rmSync(file);
    symlinkSync(elsewhere, file);
    const linked = NoteReadingCache.open(ROOT, stateOf(records), env)!;
    expect(linked.get("a.md")).toBeUndefined();
    const outside = readFileSync(elsewhere, "latin1");
    linked.keep("a.md", READING_B);
    linked.save();
    expect(lstatSync(file).isSymbolicLink()).toBe(false);
    expect(readFileSync(elsewhere, "latin1")).toBe(outside);
  });

  it("is not kept at all without a cache folder (KC_CACHE=off)", () => {
    expect(NoteReadingCache.open(ROOT, stateOf({ "a.md": stamp(1) }), { KC_CACHE: "off" })).toBeNull();
  });
});

describe("a reading as the file writes it", () => {
  const back = (r: KeptReading) => {
    const [title, counts, sentences] = encodeReading(r)!;
    return plain(decodeReading({ title: asciiJson(title), counts: asciiJson(counts), sentences: asciiJson(sentences) })!);
  };

  it("reads back as the same terms, counts, order and sentences", () => {
    for (const r of [
      reading([]),
      READING_A,
      READING_B,
      reading(
        [
          ["a'b", 16_384],
          ["x_y-z", 1],
          ["42", 7],
        ],
        [undefined, undefined, ["42", "x_y-z", "not-counted"], []],
      ),
    ])
      expect(back(r)).toEqual(plain(r));
  });

  it("refuses to write a term it could not read back", () => {
    for (const bad of ["two words", "", "line\nbreak", "a|b", "@1", "~", 'quo"te', "back\\slash"]) {
      expect(encodeReading(reading([[bad, 1]])), bad).toBeNull();
      expect(encodeReading(reading([["ok", 1]], [[bad]])), bad).toBeNull();
      expect(encodeReading(reading([["ok", 1]], [], [bad])), bad).toBeNull();
    }
    expect(encodeReading(reading([["ok", 0]]))).toBeNull();
  });

  it("reads nothing that is not one", () => {
    const ok = { title: "a z", counts: "a 1 b 2", sentences: "@0 @1 c|~||@1" };
    expect(plain(decodeReading(ok)!)).toEqual({
      titleTerms: ["a", "z"],
      counts: [
        ["a", 1],
        ["b", 2],
      ],
      sentences: [["a", "b", "c"], [], undefined, ["b"]],
    });
    for (const counts of ["a", "a 1 b", "a 0", "a -1", "a 1.5", "a x", " a 1", "a  1", "a 1 ", "a 16385", "a 1\tb 2", "a|b 1", "@a 1", "a 1234567890"])
      expect(decodeReading({ title: "", counts, sentences: "" }), counts).toBeNull();
    for (const sentences of ["@2", "@x", "@", "a a", "@0 a", "a  b", Array.from({ length: 25 }, () => "a").join("|")])
      expect(decodeReading({ title: "", counts: "a 1 b 2", sentences }), sentences).toBeNull();
    for (const title of ["a a", " a", "a ", "a  b", "a|b", "@a", "~"]) expect(decodeReading({ title, counts: "a 1", sentences: "" }), title).toBeNull();
  });
});

describe("kc headers with kept readings", () => {
  const note = (title: string, body: string) => `---\ntitle: ${title}\n---\n${body}\n`;
  const NOTES: Record<string, string> = {
    "knowledge/retry-with-backoff.md": note(
      "Retry with backoff",
      "Retry with backoff spaces out repeated attempts so a failing server can recover.\n\nEach retry waits longer than the last, with jitter, because synchronised clients cause thundering herds. See [[Idempotency keys]].",
    ),
    "knowledge/idempotency-keys.md": note(
      "Idempotency keys",
      "Idempotency keys make a retried request safe: the server stores the key and returns the first result again.\n\nKeys must be unique per operation and kept long enough to cover every retry with backoff.",
    ),
    "knowledge/thundering-herd.md": note(
      "Thundering herd",
      "A thundering herd happens when many clients retry at once and overload a recovering server.\n\nJitter and backoff spread the retries out; queues absorb the burst.",
    ),
    "knowledge/conflict-markers.md": note(
      "Conflict markers",
      "Conflict markers show where two edits of the same note disagree after a sync.\n\nA merge keeps both versions between the markers until a person chooses, because silent merges lose words.",
    ),
    "knowledge/field-merge.md": note(
      "Field merge",
      "Field merge rules resolve a sync conflict field by field rather than note by note.\n\nThe newest edit of each field wins, which keeps both edits when they touch different fields; conflict markers are the fallback.",
    ),
    // A TLDR of its own: no sentence is read for one.
    "knowledge/sync-log.md":
      "---\ntitle: Sync log\ntldr: The sync log records every merge and conflict.\n---\nThe sync log records each merge, each conflict marker written and each retry, so a person can see why a note changed.\n",
    // No title: the file's name is the title.
    "knowledge/Clock Skew Between Devices.md":
      "Clock skew between devices makes the newest edit look older, because each device stamps edits with its own clock.\n\nHybrid logical clocks keep the order of edits even when the clocks disagree.\n",
    // Code and a table before the prose; more sentences than are weighed for a TLDR; one sentence of many words.
    "knowledge/long-note.md": note(
      "Long note",
      [
        "```",
        "retry(backoff, jitter) // code is not prose",
        "```",
        "",
        "| field | rule |",
        "|---|---|",
        "| title | newest wins |",
        "",
        Array.from({ length: 30 }, (_, i) => `Sentence ${i + 1} says that retries with backoff and jitter keep server number ${i} from a herd.`).join(" "),
        "",
        `This one sentence is long, with ${Array.from({ length: 40 }, (_, i) => `word${i}`).join(" ")} and idempotency keys and conflict markers in it, because a note may run on.`,
      ].join("\n"),
    ),
  };

  let vault: string;
  beforeEach(async () => {
    vault = join(dir, "vault");
    for (const [path, text] of Object.entries(NOTES)) {
      mkdirSync(join(vault, path, ".."), { recursive: true });
      writeFileSync(join(vault, path), text);
      utimesSync(join(vault, path), 1_700_000_000, 1_700_000_000);
    }
    // Older than the two seconds in which kc reads a just-changed note again at every run.
    await sleep(2_100);
  });

  // (The note with a TLDR of its own is named: --all-missing passes over notes that have one.)
  const headers = (e: Record<string, string>) => runKc(["headers", vault, "knowledge/sync-log.md", "--all-missing", "100", "--dry-run"], e);

  it("proposes exactly what a run without any cache does, cold, warm, and after a note is rewritten", async () => {
    const cold = await headers({ KC_CACHE: "off" });
    expect(cold.code).toBe(0);
    for (const drafted of ["long-note.md (offline draft)", "sync-log.md (offline draft)", "Clock Skew Between Devices.md (offline draft)"])
      expect(cold.out).toContain(drafted);
    const first = await headers(env);
    expect(first.out).toBe(cold.out);
    const [file] = termFiles();
    expect(file).toBeDefined();
    const kept = statSync(join(cache, file!));
    const warm = await headers(env);
    expect(warm.out).toBe(cold.out);
    // Every note's counts were kept: a warm run writes nothing.
    const after = statSync(join(cache, file!));
    expect([after.ino, after.mtimeMs]).toEqual([kept.ino, kept.mtimeMs]);

    // A note rewritten with other words: its kept counts no longer hold.
    const path = join(vault, "knowledge/conflict-markers.md");
    writeFileSync(
      path,
      note(
        "Conflict markers",
        "Jitter spreads retries of idempotency keys across a thundering herd of clients.\n\nBackoff and jitter keep a recovering server from the herd, because every retry waits.",
      ),
    );
    utimesSync(path, 1_700_000_100, 1_700_000_100);
    await sleep(2_100);
    const changedCold = await headers({ KC_CACHE: "off" });
    expect(changedCold.out).not.toBe(cold.out);
    expect((await headers(env)).out).toBe(changedCold.out);
    expect((await headers(env)).out).toBe(changedCold.out);

    // A note renamed: its title (its file's name) is another, and its kept reading is not its.
    renameSync(join(vault, "knowledge/Clock Skew Between Devices.md"), join(vault, "knowledge/Device Clock Drift.md"));
    await sleep(2_100);
    const renamedCold = await headers({ KC_CACHE: "off" });
    expect(renamedCold.out).toContain("Device Clock Drift.md");
    expect((await headers(env)).out).toBe(renamedCold.out);
    expect((await headers(env)).out).toBe(renamedCold.out);
  });
});
