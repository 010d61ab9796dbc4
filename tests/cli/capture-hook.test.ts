import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCli } from "../../src/cli/main";
import { TranscriptBuilder } from "../fakes/transcript-builder";
import { FIXTURE_VAULT } from "../core/compile/compile-fixture";

let vault: string;
let claude: string;
beforeEach(() => {
  vault = mkdtempSync(join(tmpdir(), "kc-hook-vault-"));
  cpSync(FIXTURE_VAULT, vault, { recursive: true });
  claude = mkdtempSync(join(tmpdir(), "kc-hook-claude-"));
});
afterEach(() => {
  rmSync(vault, { recursive: true, force: true });
  rmSync(claude, { recursive: true, force: true });
});

function transcript(name: string, id: string, prompts: string[]): string {
  const t = new TranscriptBuilder(id, "2026-11-20T10:00:00", { cwd: join(claude, "work", "notes-app"), entrypoint: "cli" });
  for (const p of prompts) t.prompt(p).reply("ok");
  const dir = join(claude, "projects", "-work-notes-app");
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, name), t.text());
  return join(dir, name);
}

/** `kc capture <vault> --hook` as Claude Code's SessionEnd hook runs it: its JSON on stdin. */
async function hook(stdin: string) {
  let out = "";
  let err = "";
  const code = await runCli(["capture", vault, "--hook"], {
    out: (t) => (out += t),
    err: (t) => (err += t),
    isTTY: false,
    env: {},
    readStdin: () => Promise.resolve(stdin),
  });
  return { code, out, err };
}

describe("kc capture --hook (SessionEnd)", () => {
  it("captures only the session that ended, at once (no idle wait), and its new records only on the next end", async () => {
    const ended = transcript("s1.jsonl", "s1", ["Why do uploads retry forever?", "Cap them at five", "Add jitter", "Write the test"]);
    transcript("s2.jsonl", "s2", ["Another session", "still", "going", "on"]);
    const r = await hook(
      JSON.stringify({ session_id: "s1", transcript_path: ended, cwd: join(claude, "work", "notes-app"), hook_event_name: "SessionEnd", reason: "exit" }),
    );
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain("appended to daily/2026-11-20.md: Why do uploads retry forever?");
    const daily = readFileSync(join(vault, "daily/2026-11-20.md"), "utf8");
    expect(daily).not.toContain("Another session");
    const again = await hook(JSON.stringify({ session_id: "s1", transcript_path: ended }));
    expect(again.err).toContain("0 session entries appended");
    expect(readFileSync(join(vault, "daily/2026-11-20.md"), "utf8")).toBe(daily);
  });

  it("refuses stdin without a transcript_path with a usage error, and --session-file with --hook", async () => {
    const r = await hook("not json");
    expect(r.code).toBe(2);
    expect(r.err).toContain("--hook expects Claude Code's SessionEnd JSON (with transcript_path) on stdin");
    let err = "";
    const both = await runCli(["capture", vault, "--hook", "--session-file", "x.jsonl"], {
      out: () => undefined,
      err: (t) => (err += t),
      isTTY: false,
      env: {},
    });
    expect(both).toBe(2);
    expect(err).toContain("not both");
  });

  it("captures one transcript by hand with --session-file", async () => {
    const file = transcript("s3.jsonl", "s3", ["Plan the outbox", "Make it durable", "Retry on boot", "Test it"]);
    let out = "";
    const code = await runCli(["capture", vault, "--session-file", file], { out: (t) => (out += t), err: () => undefined, isTTY: false, env: {} });
    expect(code).toBe(0);
    expect(out).toContain("appended to daily/2026-11-20.md: Plan the outbox");
  });
});
