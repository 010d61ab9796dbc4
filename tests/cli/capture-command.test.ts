import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, createWriteStream } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { runCli } from "../../src/cli/main";
import { runKc } from "../fakes/run-kc";
import { FsTranscriptSource } from "../../src/desktop/fs-transcript-source";
import { changedPaths, hashVault } from "../fakes/vault-snapshot";
import { TranscriptBuilder } from "../fakes/transcript-builder";
import { FIXTURE_VAULT } from "../core/compile/compile-fixture";
import { startLoopbackAnthropic } from "../fakes/loopback-anthropic-server";
import { CONFIG_DIR } from "../fakes/config-dir";

const DEMO = join(import.meta.dirname, "..", "..", "examples", "demo-vault");
let vault: string;
let claude: string;
beforeEach(() => {
  vault = mkdtempSync(join(tmpdir(), "kc-capture-vault-"));
  cpSync(FIXTURE_VAULT, vault, { recursive: true });
  claude = mkdtempSync(join(tmpdir(), "kc-claude-"));
});
afterEach(() => {
  rmSync(vault, { recursive: true, force: true });
  rmSync(claude, { recursive: true, force: true });
});

const kc = (args: string[], env: Record<string, string> = {}) => runKc(args, env);

function session(id: string, day: string, prompts: string[]): string {
  const t = new TranscriptBuilder(id, `${day}T10:00:00`, { cwd: join(claude, "work", "notes-app"), gitBranch: "feature/outbox", entrypoint: "cli" });
  for (const p of prompts) t.prompt(p).reply("ok");
  return t.text();
}

describe("kc capture", () => {
  it("appends idle sessions to the day's daily note, once, and shows them first with --dry-run", async () => {
    const dir = join(claude, "projects", "-work-notes-app");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "a1.jsonl"), session("a1", "2026-11-20", ["Why do uploads retry forever?", "Cap them at five", "Add jitter", "Write the test"]));
    const before = hashVault(vault);
    const dry = await kc(["capture", vault, "--from", join(claude, "projects"), "--idle-minutes", "0", "--dry-run"]);
    expect(dry.code).toBe(0);
    expect(dry.out).toContain("would append to daily/2026-11-20.md: Why do uploads retry forever? (notes-app)");
    expect(dry.out).toContain("- Asked: Cap them at five");
    expect(changedPaths(before, hashVault(vault))).toEqual([]);
    const daily = readFileSync(join(vault, "daily/2026-11-20.md"), "utf8");
    const r = await kc(["capture", vault, "--from", join(claude, "projects"), "--idle-minutes", "0"]);
    expect(r.code, r.err).toBe(0);
    const after = readFileSync(join(vault, "daily/2026-11-20.md"), "utf8");
    expect(after.startsWith(daily)).toBe(true);
    expect(after).toContain("**Context:** Claude Code in `notes-app` on branch `feature/outbox`.");
    expect(changedPaths(before, hashVault(vault)).filter((p) => !p.endsWith("/"))).toEqual([
      `${CONFIG_DIR}/plugins/ckp-knowledge-compiler/capture-state.json`,
      "daily/2026-11-20.md",
    ]);
    const again = await kc(["capture", vault, "--from", join(claude, "projects"), "--idle-minutes", "0"]);
    expect(again.err).toContain("0 session entries appended");
    expect(readFileSync(join(vault, "daily/2026-11-20.md"), "utf8")).toBe(after);
  });

  it("captures nothing twice even when its state file is lost (the markers in the daily note say what is there)", async () => {
    const dir = join(claude, "projects", "p");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "b1.jsonl"), session("b1", "2026-11-21", ["one", "two", "three", "four"]));
    await kc(["capture", vault, "--from", join(claude, "projects"), "--idle-minutes", "0"]);
    const text = readFileSync(join(vault, "daily/2026-11-21.md"), "utf8");
    rmSync(join(vault, `${CONFIG_DIR}/plugins/ckp-knowledge-compiler/capture-state.json`));
    const r = await kc(["capture", vault, "--from", join(claude, "projects"), "--idle-minutes", "0"]);
    expect(r.err).toContain("already in daily/2026-11-21.md");
    expect(readFileSync(join(vault, "daily/2026-11-21.md"), "utf8")).toBe(text);
  });

  it("reads a 50 MB session as a stream, holding about one line at a time", async () => {
    const path = join(claude, "big.jsonl");
    const out = createWriteStream(path);
    const filler = "x".repeat(2000);
    const t = new TranscriptBuilder("big", "2026-11-20T10:00:00Z");
    for (let i = 0; i < 4; i++) t.prompt(`prompt ${i}`);
    for (const l of t.lines) out.write(`${l}\n`);
    let bytes = 0;
    for (let i = 0; bytes < 50 * 1024 * 1024; i++) {
      const line = `${JSON.stringify({ type: "assistant", uuid: `u-${i}`, message: { id: `m${i}`, content: [{ type: "text", text: filler }] } })}\n`;
      out.write(line);
      bytes += line.length;
    }
    await new Promise((r) => out.end(r));
    const source = new FsTranscriptSource([claude]);
    let lines = 0;
    let longest = 0;
    const heapBefore = process.memoryUsage().heapUsed;
    let heapPeak = heapBefore;
    const end = await source.read(path, 0, (l) => {
      lines++;
      longest = Math.max(longest, l.length);
      if (lines % 5000 === 0) heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
    });
    expect(end).toBeGreaterThan(50 * 1024 * 1024);
    expect(lines).toBeGreaterThan(20000);
    expect(longest).toBeLessThan(3000);
    // The file is 50 MB (100 MB as a JS string): streaming keeps the growth far below that.
    expect(heapPeak - heapBefore).toBeLessThan(40 * 1024 * 1024);
  });

  it("says what is wrong with its arguments", async () => {
    expect((await kc(["capture", vault, "--since", "yesterday"])).code).toBe(2);
    expect((await kc(["capture", vault, "--min-prompts", "0"])).code).toBe(2);
  });
});

describe("kc capture --distill", () => {
  it("asks a model for decisions, lessons and action items through the real SDK, and says what it cost", async () => {
    const server = await startLoopbackAnthropic();
    try {
      const dir = join(claude, "projects", "p");
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, "c1.jsonl"), session("c1", "2026-11-20", ["one", "two", "three", "four"]));
      server.replies.push({ kind: "tool", name: "record_session", input: { decisions: ["Keep five retries"], lessons: [], actions: ["Write the runbook"] } });
      let err = "";
      const code = await runCli(
        [
          "capture",
          vault,
          "--from",
          join(claude, "projects"),
          "--idle-minutes",
          "0",
          "--distill",
          "--yes",
          "--base-url",
          server.baseUrl,
          "--model",
          "claude-test",
        ],
        {
          out: () => undefined,
          err: (t) => (err += t),
          isTTY: false,
          env: { ANTHROPIC_API_KEY: "sk-test" },
        },
      );
      expect(code, err).toBe(0);
      const text = readFileSync(join(vault, "daily/2026-11-20.md"), "utf8");
      expect(text).toContain("**Decisions Made:**\n- Keep five retries");
      expect(text).toContain("- [ ] Write the runbook");
      expect(err).toMatch(/Distillation: \d+ in \+ \d+ out tokens/);
    } finally {
      await server.close();
    }
  });
});

describe("kc prime", () => {
  it("gives a bounded context routed for a question, with TLDRs and bodies", async () => {
    const r = await kc(["prime", DEMO, "--question", "How long should the client wait before retrying an upload?", "--max-chars", "6000"]);
    expect(r.code).toBe(0);
    expect(r.out).toContain("# Knowledge base context");
    expect(r.out).toContain("[[knowledge/concepts/retry-with-backoff]]");
    expect(r.out).toContain("TLDR: ");
    expect(r.out.length).toBeLessThanOrEqual(6000);
  });

  it("prints the SessionStart hook's JSON, and says so when nothing is covered", async () => {
    const r = await kc(["prime", DEMO, "--question", "Which snapshot camera is good for a beginner?", "--hook"]);
    const v = JSON.parse(r.out) as { hookSpecificOutput: { hookEventName: string; additionalContext: string } };
    expect(v.hookSpecificOutput.hookEventName).toBe("SessionStart");
    expect(v.hookSpecificOutput.additionalContext).toContain("No article in the knowledge base covers this");
  });

  it("keeps a hook's context within Claude Code's 10,000 characters by default, and when asked for more", async () => {
    // Four long articles about the question: their bodies alone are over 20,000 characters.
    const long = (n: number): string =>
      `---\ntitle: Upload retries ${n}\ntldr: How uploads retry, part ${n}.\nanswers_when: [how uploads retry]\n---\n# Upload retries ${n}\n\n${"Uploads retry with backoff and jitter after a failure. ".repeat(110)}\n`;
    for (let n = 1; n <= 4; n++) writeFileSync(join(vault, "knowledge", "concepts", `upload-retries-${n}.md`), long(n));
    for (const extra of [[], ["--max-chars", "50000"]]) {
      const r = await kc(["prime", vault, "--question", "How do uploads retry?", "--hook", ...extra]);
      const context = (JSON.parse(r.out) as { hookSpecificOutput: { additionalContext: string } }).hookSpecificOutput.additionalContext;
      expect(context).toContain("[[knowledge/concepts/upload-retries-");
      expect(context.length).toBeGreaterThan(4000);
      expect(context.length).toBeLessThanOrEqual(10_000);
    }
  });

  it("routes by the project's recent daily-log entries when there is no question", async () => {
    const day = join(vault, "daily", "2026-11-22.md");
    writeFileSync(
      day,
      "# Daily Log: 2026-11-22\n\n## Sessions\n\n### Session (10:00) - Retries\n**Context:** Claude Code in `notes-app`. First request: captive portal on hotel wifi keeps failing uploads\n",
    );
    const r = await kc(["prime", vault, "--cwd", "/home/ada/code/notes-app", "--max-chars", "3000"]);
    expect(r.code).toBe(0);
    expect(r.out).toContain("Routed for project notes-app");
    expect(r.out.length).toBeLessThanOrEqual(3000);
    expect(r.out).toMatch(/\[\[knowledge\/concepts\//);
  });
});
