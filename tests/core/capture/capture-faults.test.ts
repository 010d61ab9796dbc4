import { describe, expect, it } from "vitest";
import { captureSessions, type CaptureHost, type CaptureOptions, type CaptureState } from "../../../src/core/workflows/capture-workflow";
import { QueueWriteLock } from "../../../src/core/ports/compile-records";
import { readCaptureMarkers } from "../../../src/core/capture/session-entry";
import { err } from "../../../src/core/result";
import { InMemoryNoteStore } from "../../fakes/in-memory-note-store";
import { TEST_RULES } from "../../fakes/in-memory-compile-host";
import { InMemoryTranscripts, TranscriptBuilder } from "../../fakes/transcript-builder";
import { ScriptedLanguageModel } from "../../fakes/scripted-language-model";

// Issue 26, classes 1, 3 and 5 and the distillation's WARN, over in-memory ports. Times are UTC in the fixtures; a
// host's local time is a fixed offset here, so the tests do not depend on the machine's time zone.
const DIR = "/home/ada/.claude/projects/-home-ada-code-notes-app";
const OPTIONS: CaptureOptions = { projects: "all", minPrompts: 4, idleMinutes: 10 };
/** Local parts at a fixed offset from UTC; an invalid time throws, as toISOString does in a real host. */
const at = (hours: number) => (iso: string) => {
  const d = new Date(Date.parse(iso) + hours * 3_600_000).toISOString();
  return { date: d.slice(0, 10), time: d.slice(11, 16) };
};

function setup(files: Record<string, string> = {}) {
  const store = new InMemoryNoteStore(files);
  const source = new InMemoryTranscripts();
  let saved: CaptureState = { version: 1, files: {}, seen: [] };
  let saves = 0;
  const host: CaptureHost = {
    store,
    source,
    rules: () => TEST_RULES,
    localParts: at(0),
    now: () => new Date("2026-11-22T12:00:00Z"),
    lock: new QueueWriteLock(),
    state: { load: () => Promise.resolve(structuredClone(saved)), save: (s) => Promise.resolve(void (saves++, (saved = structuredClone(s)))) },
  };
  return { store, source, host, state: () => saved, saves: () => saves, lose: () => void (saved = { version: 1, files: {}, seen: [] }) };
}

function plain(id: string, start: string, n = 4, words = "about the outbox queue"): TranscriptBuilder {
  const t = new TranscriptBuilder(id, start);
  for (let i = 1; i <= n; i++) t.prompt(`Question ${i} ${words}`).reply(`Answer ${i}`);
  return t;
}

const count = (text: string, needle: string): number => text.split(needle).length - 1;

describe("one bad record or session never blocks the others (class 1)", () => {
  it("captures the sessions around a record whose timestamp is not a time, and the bad session's other records", async () => {
    const { store, source, host, state } = setup();
    source.put(`${DIR}/a.jsonl`, plain("a", "2026-11-20T09:00:00Z", 4, "from session a").text());
    const bad = plain("b", "2026-11-20T10:00:00Z", 4, "from session b");
    bad.lines[2] = bad.lines[2]!.replace(/"timestamp":"[^"]+"/, '"timestamp":"not a time"');
    bad.lines[4] = bad.lines[4]!.replace(/"timestamp":"[^"]+"/, '"timestamp":"2026-13-45T99:00:00Z"');
    source.put(`${DIR}/b.jsonl`, bad.text());
    source.put(`${DIR}/c.jsonl`, plain("c", "2026-11-20T11:00:00Z", 4, "from session c").text());
    const r = await captureSessions(host, OPTIONS);
    expect(r.failed).toEqual([]);
    expect(r.captured.map((c) => c.sessionId)).toEqual(["a", "b", "c"]);
    const text = store.files.get("daily/2026-11-20.md")!;
    for (const s of ["a", "b", "c"]) expect(text).toContain(`Question 4 from session ${s}`);
    expect(Object.keys(state().files)).toHaveLength(3);
  });

  it("reports a session that cannot be read and still captures and saves the others, one save per session", async () => {
    const { store, source, host, state, saves } = setup();
    source.put(`${DIR}/a.jsonl`, plain("a", "2026-11-20T09:00:00Z", 4, "from session a").text());
    source.put(`${DIR}/b.jsonl`, plain("b", "2026-11-20T10:00:00Z", 4, "from session b").text());
    source.put(`${DIR}/c.jsonl`, plain("c", "2026-11-20T11:00:00Z", 4, "from session c").text());
    const read = source.read.bind(source);
    source.read = (path, from, onLine) => (path.endsWith("/b.jsonl") ? Promise.reject(new Error("the transcript vanished")) : read(path, from, onLine));
    const r = await captureSessions(host, OPTIONS);
    expect(r.failed).toEqual([{ path: `${DIR}/b.jsonl`, reason: "the transcript vanished" }]);
    expect(r.captured.map((c) => c.sessionId)).toEqual(["a", "c"]);
    expect(store.files.get("daily/2026-11-20.md")).toContain("Question 4 from session c");
    expect(Object.keys(state().files).sort()).toEqual([`${DIR}/a.jsonl`, `${DIR}/c.jsonl`]);
    expect(saves()).toBe(2);
  });
});

describe("the markers in the daily note are the truth (class 3)", () => {
  it("captures what a session added later that day after the state was lost, without repeating what is there", async () => {
    const { store, source, host, lose } = setup();
    const t = plain("s1", "2026-11-20T09:00:00Z");
    source.put(`${DIR}/s1.jsonl`, t.text());
    await captureSessions(host, OPTIONS);
    lose();
    t.prompt("Later: add a dead-letter queue", {}, "2026-11-20T15:00:00Z").reply("ok");
    source.put(`${DIR}/s1.jsonl`, t.text());
    const r = await captureSessions(host, OPTIONS);
    expect(r.captured).toHaveLength(1);
    const text = store.files.get("daily/2026-11-20.md")!;
    expect(count(text, "Asked: Question 1 about")).toBe(1);
    expect(count(text, "Asked: Later: add a dead-letter queue")).toBe(1);
    expect(readCaptureMarkers(text)).toHaveLength(2);
    const again = await captureSessions(host, OPTIONS);
    expect(again.captured).toEqual([]);
    expect(store.files.get("daily/2026-11-20.md")).toBe(text);
  });

  it("appends a resumed session's copy (its own id, the same record uuids) only for what is new, with no state", async () => {
    const { store, source, host, lose } = setup();
    const first = plain("s3", "2026-11-20T09:00:00Z");
    source.put(`${DIR}/s3.jsonl`, first.text());
    await captureSessions(host, OPTIONS);
    // The state is lost and the first copy is gone (Claude Code removed it, or it was captured on another computer).
    lose();
    source.files.delete(`${DIR}/s3.jsonl`);
    const resumed = new TranscriptBuilder("s4", "2026-11-20T15:00:00Z");
    for (const l of first.lines) resumed.lines.push(l.replace('"sessionId":"s3"', '"sessionId":"s4"'));
    resumed.prompt("Now also batch the uploads", {}, "2026-11-20T15:00:00Z").reply("Done");
    source.put(`${DIR}/s4.jsonl`, resumed.text());
    const r = await captureSessions(host, OPTIONS);
    expect(r.captured.map((c) => c.sessionId)).toEqual(["s4"]);
    expect(r.skipped).toEqual([]);
    const text = store.files.get("daily/2026-11-20.md")!;
    expect(count(text, "Asked: Question 1 about")).toBe(1);
    expect(count(text, "Asked: Now also batch the uploads")).toBe(1);
  });

  it("finds what it captured under another time zone (a day apart) after the state was lost", async () => {
    const { store, source, host, lose } = setup();
    // 23:30 UTC is the next day at UTC+2: captured there, then read again at UTC-5.
    source.put(`${DIR}/s5.jsonl`, plain("s5", "2026-11-20T23:00:00Z").text());
    host.localParts = at(2);
    await captureSessions(host, OPTIONS);
    expect([...store.files.keys()]).toEqual(["daily/2026-11-21.md"]);
    lose();
    host.localParts = at(-5);
    const r = await captureSessions(host, OPTIONS);
    expect(r.captured).toEqual([]);
    expect([...store.files.keys()]).toEqual(["daily/2026-11-21.md"]);
  });
});

describe("a cursor past the end and inert text (class 5)", () => {
  it("reads a transcript again from the start when the saved cursor lies past its end", async () => {
    const { store, source, host, state } = setup();
    source.put(`${DIR}/s6.jsonl`, plain("s6", "2026-11-20T09:00:00Z").text());
    state().files[`${DIR}/s6.jsonl`] = 10_000_000;
    const r = await captureSessions(host, OPTIONS);
    expect(r.captured).toHaveLength(1);
    expect(store.files.get("daily/2026-11-20.md")).toContain("Asked: Question 4 about");
  });

  it("writes prompts and the model's distillation as inert text: no marker, comment, HTML, link, tag or code fence", async () => {
    const { store, source, host } = setup();
    const hostile = [
      "%% kc-capture session=victim first=x last=y redacted=0 %%",
      "an odd %% opens a comment",
      '<img src="https://evil.example/p.png"> and [[Secret note]] and ![[embed.png]] and [x](https://evil.example)',
      "tag it #urgent and ```js fence and `code` and $math$",
    ];
    const t = new TranscriptBuilder("h1", "2026-11-20T09:00:00Z");
    for (const p of hostile) t.prompt(p).reply("ok", [{ id: `t${p.length}`, name: "Bash", input: { command: `echo "%%" \`\`\` ${p.slice(0, 20)}` } }]);
    source.put(`${DIR}/h1.jsonl`, t.text());
    source.put(`${DIR}/victim.jsonl`, plain("victim", "2026-11-20T10:00:00Z", 4, "from the victim").text());
    const model = new ScriptedLanguageModel([
      JSON.stringify({
        decisions: ["<img src=x onerror=alert(1)> %% hidden"],
        lessons: ["see [[Other]] #tag"],
        actions: ["%% kc-capture session=zz first=a last=b redacted=0 %%"],
      }),
      JSON.stringify({ decisions: [], lessons: [], actions: [] }),
    ]);
    await captureSessions(host, { ...OPTIONS, distill: model });
    const text = store.files.get("daily/2026-11-20.md")!;
    expect(readCaptureMarkers(text).map((m) => m.session)).toEqual(["h1", "victim"]);
    expect(text).toContain("Question 4 from the victim");
    const body = text.split("\n").filter((l) => !l.startsWith("%% kc-capture "));
    for (const line of body) {
      expect(line, line).not.toMatch(/%%/);
      // Inside a code span markup is already text; the span itself must close where it was opened.
      // Escaped characters are text too; what is left must hold no markup at all.
      const l = line.replace(/(`+) .*? \1(?!`)|`[^`]*`/g, "").replace(/\\./g, "");
      expect(l, l).not.toMatch(/`/);
      expect(l, l).not.toMatch(/<img/);
      expect(l, l).not.toMatch(/\[\[|\]\(/);
      expect(l, l).not.toMatch(/(?:^|\s)#urgent/);
      expect(l, l).not.toMatch(/^\s*```/);
    }
    expect(text).toContain("\\<img src=");
    expect(text).toContain("\\[\\[Secret note\\]\\]");
  });
});

describe("the optional distillation against a server that never answers", () => {
  it("stops after the first failed call instead of waiting out every session-day's timeout", async () => {
    const { store, source, host } = setup();
    for (const d of ["20", "21"]) source.put(`${DIR}/x${d}.jsonl`, plain(`x${d}`, `2026-11-${d}T09:00:00Z`).text());
    const t = plain("x3", "2026-11-19T23:30:00Z", 2);
    t.prompt("after midnight", {}, "2026-11-20T00:30:00Z").reply("ok").prompt("more").reply("ok");
    source.put(`${DIR}/x3.jsonl`, t.text());
    const timeout = err({ kind: "timeout" as const, message: "the model did not answer within 60 s" });
    const model = new ScriptedLanguageModel([timeout, timeout, timeout, timeout]);
    const r = await captureSessions(host, { ...OPTIONS, distill: model });
    expect(model.requests).toHaveLength(1);
    expect(r.captured).toHaveLength(4);
    expect(r.distillStopped).toContain("did not answer");
    expect(store.files.get("daily/2026-11-21.md")).toContain("**Key Exchanges:**");
  });
});

describe("reading the markers of a daily note", () => {
  it("counts only a marker on a line of its own (CRLF too), never one quoted inside a line", () => {
    const text =
      "# Daily\r\n- Asked: %% kc-capture session=q first=a last=b redacted=0 %%\r\n%% kc-capture session=s first=c last=d redacted=2 %%\r\n`%% kc-capture session=t first=e last=f redacted=0 %%`\n";
    expect(readCaptureMarkers(text)).toEqual([{ session: "s", first: "c", last: "d" }]);
  });
});
