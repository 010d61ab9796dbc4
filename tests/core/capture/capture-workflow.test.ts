import { describe, expect, it } from "vitest";
import { Buffer } from "node:buffer";
import { captureSessions, type CaptureHost, type CaptureOptions, type CaptureState } from "../../../src/core/workflows/capture-workflow";
import { InMemoryNoteStore } from "../../fakes/in-memory-note-store";
import { TEST_RULES } from "../../fakes/in-memory-compile-host";
import { InMemoryTranscripts, TranscriptBuilder } from "../../fakes/transcript-builder";
import { ScriptedLanguageModel } from "../../fakes/scripted-language-model";
import { QueueWriteLock } from "../../../src/core/ports/compile-records";

// Times are UTC in the fixtures and shown in UTC here, so the tests do not depend on the machine's time zone.
const utc = (iso: string) => ({ date: iso.slice(0, 10), time: iso.slice(11, 16) });
const DIR = "/home/ada/.claude/projects/-home-ada-code-notes-app";
const OPTIONS: CaptureOptions = { projects: "all", minPrompts: 4, idleMinutes: 10 };

function setup(files: Record<string, string> = {}) {
  const store = new InMemoryNoteStore(files);
  const source = new InMemoryTranscripts();
  let saved: CaptureState = { version: 1, files: {}, seen: [] };
  const host: CaptureHost = {
    store,
    source,
    rules: () => TEST_RULES,
    localParts: utc,
    now: () => new Date("2026-11-22T12:00:00Z"),
    lock: new QueueWriteLock(),
    state: { load: () => Promise.resolve(structuredClone(saved)), save: (s) => Promise.resolve(void (saved = structuredClone(s))) },
  };
  return { store, source, host, state: () => saved };
}

/** A session with `n` prompts and replies, starting at `start`. */
function plain(id: string, start: string, n = 4, extra?: Record<string, unknown>): TranscriptBuilder {
  const t = new TranscriptBuilder(id, start, extra);
  t.raw({ type: "queue-operation", operation: "dequeue" });
  for (let i = 1; i <= n; i++) t.prompt(`Question ${i} about the outbox queue and retries`).reply(`Answer ${i}`);
  return t;
}

describe("capturing Claude Code sessions into daily logs", () => {
  it("appends one seed-000 session block to the day's note, below the person's text, and never twice", async () => {
    const mine = "# Daily Log: 2026-11-20\n\nMy own notes, untouched.\n";
    const { store, source, host } = setup({ "daily/2026-11-20.md": mine });
    source.put(`${DIR}/s1.jsonl`, plain("s1", "2026-11-20T09:00:00Z").text());
    const r = await captureSessions(host, OPTIONS);
    expect(r.captured.map((c) => [c.path, c.title])).toEqual([["daily/2026-11-20.md", "Question 1 about the outbox queue and retries"]]);
    const text = store.files.get("daily/2026-11-20.md")!;
    expect(text.startsWith(mine)).toBe(true);
    expect(text).toContain("### Session (09:02) - Question 1 about the outbox queue and retries");
    expect(text).toContain("**Context:** Claude Code in `notes-app` on branch `main`. First request: Question 1");
    expect(text).toContain("- Asked: Question 4 about the outbox queue and retries");
    expect(text).toMatch(/%% kc-capture session=s1 first=\S+ last=\S+ redacted=0 %%/);
    expect(text).not.toContain("private reasoning");
    const again = await captureSessions(host, OPTIONS);
    expect(again.captured).toEqual([]);
    expect(store.files.get("daily/2026-11-20.md")).toBe(text);
  });

  it("creates a missing daily note in seed 000's format", async () => {
    const { store, source, host } = setup();
    source.put(`${DIR}/s1.jsonl`, plain("s1", "2026-11-20T09:00:00Z").text());
    await captureSessions(host, OPTIONS);
    expect(store.files.get("daily/2026-11-20.md")!.startsWith("# Daily Log: 2026-11-20\n\n## Sessions\n\n### Session (09:02)")).toBe(true);
  });

  it("lists files touched, commands run and errors met from tool use, never a secret file's contents", async () => {
    const t = plain("s2", "2026-11-20T10:00:00Z", 3)
      .prompt("Run the tests")
      .reply("Running", [
        { id: "t1", name: "Bash", input: { command: "npm test -- outbox" } },
        { id: "t2", name: "Edit", input: { file_path: "/home/ada/code/notes-app/src/outbox.ts" } },
        { id: "t3", name: "Read", input: { file_path: "/home/ada/code/notes-app/.env" } },
      ])
      .result("t1", "FAIL src/outbox.test.ts\n  expected 3 retries", true)
      .result("t2", "ok")
      .result("t3", "ANTHROPIC_API_KEY=sk-ant-api03-SECRETSECRETSECRETSECRET123");
    const { store, source, host } = setup();
    source.put(`${DIR}/s2.jsonl`, t.text());
    await captureSessions(host, OPTIONS);
    const text = store.files.get("daily/2026-11-20.md")!;
    expect(text).toContain("**Files touched:** `~/code/notes-app/src/outbox.ts`");
    expect(text).toContain("**Commands run:** `npm test -- outbox`");
    expect(text).toContain("- Bash npm test -- outbox: FAIL src/outbox.test.ts");
    expect(text).not.toContain("SECRETSECRET");
    expect(text).not.toContain(".env");
  });

  it("takes only what is new from a resumed session that copied an earlier one", async () => {
    const { store, source, host } = setup();
    const first = plain("s3", "2026-11-20T09:00:00Z");
    source.put(`${DIR}/s3.jsonl`, first.text());
    await captureSessions(host, OPTIONS);
    const resumed = new TranscriptBuilder("s4", "2026-11-20T15:00:00Z");
    for (const l of first.lines) resumed.lines.push(l.replace('"sessionId":"s3"', '"sessionId":"s4"'));
    resumed.prompt("Now also batch the uploads", {}, "2026-11-20T15:00:00Z").reply("Done");
    source.put(`${DIR}/s4.jsonl`, resumed.text());
    const r = await captureSessions(host, OPTIONS);
    expect(r.skipped).toEqual([]);
    expect(r.captured.map((c) => c.sessionId)).toEqual(["s4"]);
    const text = store.files.get("daily/2026-11-20.md")!;
    expect(text.match(/Asked: Question 1 about/g)).toHaveLength(1);
    expect(text).toContain("(continued)");
    expect(text).toContain("- Asked: Now also batch the uploads");
  });

  it("reads a grown session from where it stopped, and a compaction's re-appended rows only once", async () => {
    const { store, source, host, state } = setup();
    const t = plain("s5", "2026-11-20T09:00:00Z");
    source.put(`${DIR}/s5.jsonl`, t.text());
    await captureSessions(host, OPTIONS);
    expect(state().files[`${DIR}/s5.jsonl`]).toBe(Buffer.byteLength(t.text()));
    const copy = [...t.lines];
    t.raw({ type: "system", subtype: "compact_boundary", content: "Conversation compacted" });
    t.prompt("This session is being continued from a previous conversation. Summary: …", { isCompactSummary: true });
    t.lines.push(...copy.slice(1, 3));
    t.prompt("One more: what about the dead-letter queue?").reply("Park it after 5 attempts");
    source.put(`${DIR}/s5.jsonl`, t.text());
    const r = await captureSessions(host, OPTIONS);
    expect(r.skipped).toEqual([]);
    expect(r.captured).toHaveLength(1);
    const text = store.files.get("daily/2026-11-20.md")!;
    expect(text.match(/Asked: Question 1 about/g)).toHaveLength(1);
    expect(text).toContain("Asked: One more: what about the dead-letter queue?");
    expect(text).not.toContain("being continued from a previous conversation");
  });

  it("does not take a subagent's prompts for the person's, and shows a queued steering prompt", async () => {
    const { store, source, host } = setup();
    const t = plain("s6", "2026-11-20T09:00:00Z").raw({ type: "queue-operation", operation: "remove", content: "also keep the old API working" });
    source.put(`${DIR}/s6.jsonl`, t.text());
    const sub = new TranscriptBuilder("s6", "2026-11-20T09:03:00Z");
    sub
      .prompt("Search the codebase for retry policies", { isSidechain: true })
      .reply("Found two", [{ id: "x1", name: "Write", input: { file_path: "/home/ada/code/notes-app/notes/retries.md" } }], { isSidechain: true });
    source.put(`${DIR}/s6/subagents/agent-1.jsonl`, sub.text());
    await captureSessions(host, OPTIONS);
    const text = store.files.get("daily/2026-11-20.md")!;
    expect(text).not.toContain("Search the codebase");
    expect(text).toContain("Steered while it worked: also keep the old API working");
    expect(text).toContain("notes/retries.md");
  });

  it("splits a session past midnight into both days' notes", async () => {
    const { store, source, host } = setup();
    const t = plain("s7", "2026-11-20T23:50:00Z", 2);
    t.prompt("After midnight: release notes", {}, "2026-11-21T00:10:00Z").reply("ok").prompt("And the changelog").reply("ok");
    source.put(`${DIR}/s7.jsonl`, t.text());
    await captureSessions(host, OPTIONS);
    expect(store.files.get("daily/2026-11-20.md")).toContain("Asked: Question 2");
    expect(store.files.get("daily/2026-11-21.md")).toContain("### Session (00:10) - Question 1 about the outbox queue and retries (continued)");
    expect(store.files.get("daily/2026-11-21.md")).toContain("Asked: After midnight: release notes");
  });

  it("skips headless runs, warm-ups, short sessions, live sessions and projects not chosen, saying why", async () => {
    const { store, source, host } = setup();
    source.put(`${DIR}/h.jsonl`, plain("h", "2026-11-20T09:00:00Z", 5, { cwd: "/home/ada/code/notes-app", entrypoint: "sdk-cli" }).text());
    source.put(`${DIR}/w.jsonl`, new TranscriptBuilder("w", "2026-11-20T09:00:00Z").prompt("Warmup").reply("ok").text());
    source.put(`${DIR}/short.jsonl`, plain("short", "2026-11-20T09:00:00Z", 2).text());
    source.put(`${DIR}/live.jsonl`, plain("live", "2026-11-22T11:55:00Z").text(), Date.parse("2026-11-22T11:58:00Z"));
    source.put(`${DIR}/other.jsonl`, plain("other", "2026-11-20T09:00:00Z", 4, { cwd: "/home/ada/code/other" }).text());
    const r = await captureSessions(host, { ...OPTIONS, projects: new Set(["/home/ada/code/notes-app"]) });
    expect(r.captured).toEqual([]);
    expect(Object.fromEntries(r.skipped.map((s) => [s.sessionId, s.reason]))).toEqual({
      h: "headless run (sdk-cli)",
      w: "no prompt from the person (warm-up or empty)",
      short: "short session (2 prompts; at least 4 are captured)",
      live: "still active (written to in the last 10 minutes)",
      other: "project /home/ada/code/other is not chosen for capture",
    });
    expect(store.writes).toEqual([]);
  });

  it("names a session by its newest custom title, and survives broken lines and unknown records", async () => {
    const { store, source, host } = setup();
    const t = plain("s8", "2026-11-20T09:00:00Z")
      .raw({ type: "ai-title", aiTitle: "Outbox retries" })
      .raw({ type: "custom-title", customTitle: "Old name" })
      .raw({ type: "custom-title", customTitle: "Retry policy for uploads" })
      .raw({ type: "file-history-snapshot", snapshot: {} })
      .broken();
    source.put(`${DIR}/s8.jsonl`, t.text());
    const r = await captureSessions(host, OPTIONS);
    expect(r.brokenLines).toBe(1);
    expect(store.files.get("daily/2026-11-20.md")).toContain("### Session (09:02) - Retry policy for uploads");
  });

  it("lets no secret through from prompts, tool inputs or tool outputs", async () => {
    const secrets = [
      "sk-ant-api03-AbCdEfGhIjKlMnOpQrStUvWx0123456789",
      "ghp_1234567890abcdefghijABCDEFGHIJ123456",
      "AKIAIOSFODNN7EXAMPLE",
      "xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOp",
      "sk_live_51H8abcdefghijklmnopqrstu",
      "npm_abcdefghijklmnopqrstuvwxyz0123456789",
      "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
      "AIzaSyA1234567890abcdefghijklmnopqrstuv",
    ];
    const t = new TranscriptBuilder("s9", "2026-11-20T09:00:00Z");
    secrets.forEach((s, i) =>
      t
        .prompt(`step ${i}: my key is ${s}, and the db is postgres://admin:hunter2@db:5432/x`)
        .reply("ok", [{ id: `b${i}`, name: "Bash", input: { command: `curl -H "Authorization: Bearer ${s}" https://api.example.com` } }])
        .result(`b${i}`, `error: token ${s} rejected`, true),
    );
    const { store, source, host } = setup();
    source.put(`${DIR}/s9.jsonl`, t.text());
    const r = await captureSessions(host, OPTIONS);
    const text = store.files.get("daily/2026-11-20.md")!;
    for (const s of [...secrets, "hunter2"]) expect(text, s).not.toContain(s.slice(-10));
    expect(r.redactions).toBeGreaterThanOrEqual(secrets.length * 3);
    expect(text).toMatch(/redacted=\d+ %%/);
  });

  it("keeps the person's edit made while capture appends, byte for byte", async () => {
    const { store, source, host } = setup({ "daily/2026-11-20.md": "# Daily Log: 2026-11-20\n\nfirst thoughts\n" });
    source.put(`${DIR}/s10.jsonl`, plain("s10", "2026-11-20T09:00:00Z").text());
    const read = store.read.bind(store);
    store.read = async (p) => {
      const t = await read(p);
      store.files.set(p, `${t}typed just now\n`);
      return t;
    };
    await captureSessions(host, OPTIONS);
    const text = store.files.get("daily/2026-11-20.md")!;
    expect(text.startsWith("# Daily Log: 2026-11-20\n\nfirst thoughts\ntyped just now\n")).toBe(true);
    expect(text).toContain("### Session (09:02)");
  });

  it("never appends inside the knowledge folder, even when the daily notes settings point there", async () => {
    const { store, source, host } = setup();
    host.rules = () => ({ ...TEST_RULES, dailyFolder: "knowledge/daily" });
    source.put(`${DIR}/s11.jsonl`, plain("s11", "2026-11-20T09:00:00Z").text());
    const r = await captureSessions(host, OPTIONS);
    expect(r.failed).toEqual([{ path: "knowledge/daily/2026-11-20.md", reason: "knowledge/daily/2026-11-20.md is inside the knowledge folder" }]);
    expect(store.writes).toEqual([]);
  });
});

describe("the optional distillation", () => {
  it("adds decisions, lessons and action items from the model, sending only redacted text, and counts its tokens", async () => {
    const { store, source, host } = setup();
    const t = plain("d1", "2026-11-20T09:00:00Z")
      .prompt("my key is sk-ant-api03-DISTILLSECRETDISTILLSECRET99")
      .reply("Decided: cap retries at five. Key noted.");
    source.put(`${DIR}/d1.jsonl`, t.text());
    const model = new ScriptedLanguageModel([
      JSON.stringify({
        decisions: ["Cap upload retries at five"],
        lessons: ["Jitter avoids thundering herds", "token sk-ant-api03-LEAKEDLEAKEDLEAKEDLEAKED1"],
        actions: ["Add a dead-letter queue"],
      }),
    ]);
    const r = await captureSessions(host, { ...OPTIONS, distill: model });
    const text = store.files.get("daily/2026-11-20.md")!;
    expect(text).toContain("**Decisions Made:**\n- Cap upload retries at five");
    expect(text).toContain("**Lessons Learned:**\n- Jitter avoids thundering herds");
    expect(text).toContain("**Action Items:**\n- [ ] Add a dead-letter queue");
    expect(text).not.toContain("LEAKEDLEAKED");
    expect(model.requests[0]!.messages[0]!.content).not.toContain("DISTILLSECRET");
    expect(model.requests[0]!.messages[0]!.content).toContain("Assistant: Decided: cap retries at five.");
    expect(r.usage.inputTokens).toBe(100);
  });

  it("falls back to the deterministic entry when the reply does not fit", async () => {
    const { store, source, host } = setup();
    source.put(`${DIR}/d2.jsonl`, plain("d2", "2026-11-20T09:00:00Z").text());
    await captureSessions(host, { ...OPTIONS, distill: new ScriptedLanguageModel([JSON.stringify({ decisions: "all of them" })]) });
    const text = store.files.get("daily/2026-11-20.md")!;
    expect(text).toContain("**Key Exchanges:**");
    expect(text).not.toContain("**Decisions Made:**");
  });
});
