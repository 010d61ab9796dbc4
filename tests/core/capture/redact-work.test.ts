import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CUT_MARGIN, REDACTION_RULES, redactThenCut } from "../../../src/core/capture/redact";
import { MAX_DISTILL_CHARS } from "../../../src/core/capture/distill-session";
import { buildRefineRequest } from "../../../src/core/headers/refine-headers";
import { captureSessions, type CaptureHost, type CaptureState } from "../../../src/core/workflows/capture-workflow";
import { QueueWriteLock } from "../../../src/core/ports/compile-records";
import { InMemoryNoteStore } from "../../fakes/in-memory-note-store";
import { TEST_RULES } from "../../fakes/in-memory-compile-host";
import { InMemoryTranscripts, TranscriptBuilder } from "../../fakes/transcript-builder";
import { ScriptedLanguageModel } from "../../fakes/scripted-language-model";

// Issue 26, class 9: "redact only what is kept (plus a margin)", checked by counting the characters each rule is
// given, not by timing. Every pattern's own time is linear (redact-linear.test.ts), so the work is this count.
const MB = 1 << 20;
const prose = (n: number): string => "the outbox queue retries ".repeat(Math.ceil(n / 25)).slice(0, n);

/** The length of every text a redaction rule was run over, while the tests run. */
let examined: number[] = [];
const patterns = new Set<RegExp>(REDACTION_RULES.map((r) => r.pattern));
type Replace = (this: RegExp, text: string, by: unknown) => string;
const proto = RegExp.prototype as unknown as Record<symbol, Replace>;
const original = proto[Symbol.replace]!;
beforeEach(() => {
  examined = [];
  proto[Symbol.replace] = function (this: RegExp, text: string, by: unknown): string {
    if (patterns.has(this)) examined.push(text.length);
    return original.call(this, text, by);
  };
});
afterEach(() => {
  proto[Symbol.replace] = original;
});

describe("how much text redaction examines", () => {
  it("gives every rule the kept length plus the margin of a 1 MB text, once, when nothing in it is a secret", () => {
    const r = redactThenCut(prose(MB), 240);
    expect(r.text).toHaveLength(240);
    expect(examined).toEqual(REDACTION_RULES.map(() => 240 + CUT_MARGIN));
  });

  it("captures a session with a 1 MB prompt and a 1 MB distilled line without giving any rule more than the largest kept text plus the margin", async () => {
    const store = new InMemoryNoteStore({});
    const source = new InMemoryTranscripts();
    let saved: CaptureState = { version: 1, files: {}, seen: [] };
    const host: CaptureHost = {
      store,
      source,
      rules: () => TEST_RULES,
      localParts: (iso) => ({ date: iso.slice(0, 10), time: iso.slice(11, 16) }),
      now: () => new Date("2026-11-22T12:00:00Z"),
      lock: new QueueWriteLock(),
      state: { load: () => Promise.resolve(structuredClone(saved)), save: (s) => Promise.resolve(void (saved = structuredClone(s))) },
    };
    const t = new TranscriptBuilder("big", "2026-11-20T09:00:00Z");
    t.prompt(`Why does it stall? ${prose(MB)}`).reply(`Because ${prose(MB)}`);
    for (let i = 2; i <= 4; i++) t.prompt(`Question ${i} about the outbox queue`).reply(`Answer ${i}`);
    source.put("/home/ada/.claude/projects/-home-ada-code-app/big.jsonl", t.text());
    const model = new ScriptedLanguageModel([JSON.stringify({ decisions: [`Keep the queue. ${prose(MB)}`], lessons: [], actions: [] })]);
    const r = await captureSessions(host, { projects: "all", minPrompts: 4, idleMinutes: 10, distill: model });
    expect(r.captured.map((c) => c.sessionId)).toEqual(["big"]);
    expect(store.files.get("daily/2026-11-20.md")).toContain("Keep the queue.");
    expect(examined.length).toBeGreaterThan(0);
    expect(Math.max(...examined)).toBeLessThanOrEqual(MAX_DISTILL_CHARS + CUT_MARGIN);
  });

  it("redacts a note's opening for the header pass before cutting it, so a secret across the cut is hidden whole", () => {
    const token = "ghp_1234567890abcdefghijABCDEFGHIJ123456";
    const opening = `${prose(1500 - 20)}${token} ${prose(MB)}`;
    const request = buildRefineRequest([{ path: "a.md", title: "A", opening, tldr: null, answersWhen: [] }]);
    const user = request.messages[0]!.content;
    expect(user).not.toContain(token.slice(0, 12));
    expect(Math.max(...examined)).toBeLessThanOrEqual(1500 + CUT_MARGIN);
  });
});
