import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, sep } from "node:path";
import { runCli } from "../../src/cli/main";
import { runKc } from "../fakes/run-kc";
import { COMPILE_SYSTEM_PROMPT, COMPILE_TOOL } from "../../src/core/compile/compile-prompt";
import { startLoopbackAnthropic, type LoopbackServer, type ScriptedReply } from "../fakes/loopback-anthropic-server";
import { FIXTURE_VAULT } from "../core/compile/compile-fixture";
import { firstConcept, replyWith, validReply } from "../core/compile/scripted-replies";
import { CONFIG_DIR } from "../fakes/config-dir";

let server: LoopbackServer;
let vault: string;
beforeEach(async () => {
  server = await startLoopbackAnthropic();
  vault = mkdtempSync(join(tmpdir(), "kc-compile-"));
  cpSync(FIXTURE_VAULT, vault, { recursive: true });
});
afterEach(async () => {
  await server.close();
  rmSync(vault, { recursive: true, force: true });
});

const KEY = { ANTHROPIC_API_KEY: "sk-test" };
const tool = (input: unknown, stopReason?: string): ScriptedReply => ({ kind: "tool", name: COMPILE_TOOL.name, input, ...(stopReason ? { stopReason } : {}) });

async function kc(args: string[], env: Record<string, string | undefined> = KEY, confirm?: (q: string) => Promise<boolean>) {
  // The model options belong to the commands that call a model; undo takes none of them.
  const model = args[0] === "undo" || args[0] === "lint" ? [] : ["--base-url", server.baseUrl, "--model", "claude-test", "--today", "2026-11-22"];
  return runKc([...args, ...model], env, confirm);
}

/** Every file of the vault copy, config folder included, but the spend ledger (every model call appends to it). */
function snapshot(): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const abs = join(dir, name);
      if (statSync(abs).isDirectory()) walk(abs);
      else if (name !== "spend-ledger.jsonl") out.set(relative(vault, abs).split(sep).join("/"), readFileSync(abs, "utf8"));
    }
  };
  walk(vault);
  return out;
}
const compileLog = (...extra: string[]) => kc(["compile", vault, "--file", "daily/2026-11-20.md", ...extra]);

describe("kc compile", () => {
  it("dry-run shows the articles the model would see and the cost, without any request or write", async () => {
    const before = snapshot();
    const r = await compileLog("--dry-run");
    expect(r.code).toBe(0);
    expect(server.requests).toHaveLength(0);
    expect(r.out).toContain("knowledge/concepts/sqlite-wal-mode.md");
    expect(r.out).toMatch(/partly \(\d of 9 sections\)/);
    expect(r.out).toMatch(/Prompt: about \d+ tokens/);
    expect(snapshot()).toEqual(before);
    const json = await compileLog("--dry-run", "--format", "json");
    const parsed = JSON.parse(json.out) as { logs: { log: string; shown: { path: string }[]; promptTokens: number }[] };
    expect(parsed.logs[0]!.log).toBe("daily/2026-11-20.md");
    expect(parsed.logs[0]!.promptTokens).toBeGreaterThan(1000);
  });

  it("writes a valid proposal with --yes, records the compile, and never writes the daily note", async () => {
    const log = readFileSync(join(vault, "daily/2026-11-20.md"), "utf8");
    server.replies.push(tool(validReply()));
    const r = await compileLog("--yes");
    expect(r.code).toBe(0);
    expect(r.out).toContain("NEW     knowledge/concepts/captive-portal-detection.md");
    expect(r.out).toContain("+ A read transaction in the search indexer");
    expect(existsSync(join(vault, "knowledge/connections/retries-and-captive-portals.md"))).toBe(true);
    expect(readFileSync(join(vault, "daily/2026-11-20.md"), "utf8")).toBe(log);
    const data = JSON.parse(readFileSync(join(vault, `${CONFIG_DIR}/plugins/ckp-knowledge-compiler/data.json`), "utf8")) as {
      compileState: { logs: Record<string, { hash: string }> };
    };
    expect(data.compileState.logs["daily/2026-11-20.md"]?.hash).toMatch(/^[0-9a-f]{64}$/);
    const body = server.requests[0]!.body as { system: { text: string; cache_control?: unknown }[]; tool_choice: { name: string }; max_tokens: number };
    expect(body.system[0]!.text).toBe(COMPILE_SYSTEM_PROMPT);
    expect(body.system[0]!.cache_control).toEqual({ type: "ephemeral" });
    expect(body.tool_choice.name).toBe("propose_articles");
    // An unchanged log is not compiled twice, unless forced.
    const again = await kc(["compile", vault, "--all"]);
    expect(again.err).not.toContain("daily/2026-11-20.md");
    const same = await compileLog("--yes");
    expect(same.err).toContain("daily/2026-11-20.md is compiled and unchanged since; skipped");
    expect(server.requests).toHaveLength(1);
    expect((await compileLog("--force", "--dry-run")).out).toContain("Compile daily/2026-11-20.md");
  });

  it("shows each new article's text (bounded) before it asks to write, not only its path and title", async () => {
    const long = { ...validReply() } as { new_articles: { body: string }[] };
    long.new_articles = [...long.new_articles];
    long.new_articles[1] = {
      ...long.new_articles[1]!,
      body: `${long.new_articles[1]!.body}\n${Array.from({ length: 80 }, (_, i) => `Line ${i} of evidence.`).join("\n")}\n`,
    };
    server.replies.push(tool(long));
    let shownWhenAsked = "";
    let out = "";
    const r = await runKc(["compile", vault, "--file", "daily/2026-11-20.md", "--base-url", server.baseUrl, "--model", "claude-test"], KEY, (q) => {
      shownWhenAsked = q;
      return Promise.resolve(false);
    }).then((x) => ((out = x.out), x));
    expect(shownWhenAsked).toMatch(/^Write \d+ files\?$/);
    expect(r.err).toContain("Not written.");
    const created = out.slice(out.indexOf("NEW     knowledge/concepts/captive-portal-detection.md"));
    expect(created).toContain("+ Public wifi often answers every request with a redirect to a login page.");
    expect(created).toContain("+ - A 302 to a foreign host means a captive portal.");
    expect(created).toContain('+ tldr: "A redirect to a foreign host means a captive portal');
    // A long article is cut, saying how much more there is; the write would still be the whole text.
    expect(out).toContain("+ Line 5 of evidence.");
    expect(out).not.toContain("Line 79 of evidence.");
    expect(out).toMatch(/… \d+ more lines? \(the whole text is written\)/);
    expect(existsSync(join(vault, "knowledge/concepts/captive-portal-detection.md"))).toBe(false);
  });

  it("adds no broken links, one-way links or CKP breaches; only stamps pointing at updated articles go stale, as designed", async () => {
    const lint = async () => {
      const r = await kc(["lint", vault, "--format", "json"]);
      return (JSON.parse(r.out) as { findings: { check: string; path: string; message: string }[] }).findings
        .filter((f) => f.check !== "uncompiled-log" && f.check !== "sparse-article")
        .map((f) => `${f.check} ${f.path} ${f.message}`);
    };
    const before = await lint();
    server.replies.push(tool(validReply()));
    expect((await compileLog("--yes")).code).toBe(0);
    const added = (await lint()).filter((f) => !before.includes(f));
    expect(added.filter((f) => !f.startsWith("stale-stamp"))).toEqual([]);
    expect(added.filter((f) => f.startsWith("stale-stamp")).every((f) => f.includes('→ "concepts/retry-with-backoff"'))).toBe(true);
  });

  it("asks before writing when it can, and writes nothing without a yes", async () => {
    const before = snapshot();
    const questions: string[] = [];
    server.replies.push(tool(validReply()));
    const asked = await kc(["compile", vault, "--file", "daily/2026-11-20.md"], KEY, (q) => {
      questions.push(q);
      return Promise.resolve(false);
    });
    expect(asked.code).toBe(0);
    expect(questions).toEqual(["Write 4 files?"]);
    expect(asked.err).toContain("Not written");
    expect(snapshot()).toEqual(before);
  });

  it("retries once with the problems listed when the first reply is not valid JSON", async () => {
    server.replies.push({ kind: "text", text: '{"new_articles": [ {"path": "concepts/x"' }, tool(validReply()));
    const r = await compileLog("--yes");
    expect(r.code).toBe(0);
    expect(server.requests).toHaveLength(2);
    const retry = server.requests[1]!.body as { messages: { content: string }[] };
    expect(retry.messages[0]!.content).toContain("Your previous proposal was rejected for these reasons:\n- The reply is not valid JSON");
    expect(r.err).toContain("(2 calls)");
  });

  it("writes nothing when the reply is invalid twice, and says why and what it cost", async () => {
    const before = snapshot();
    const bad = replyWith((x) => ((x.updates[0]!.sections as unknown[])[0] = { heading: "Troubleshooting", action: "append", text: "x" }));
    server.replies.push(tool(bad), tool(bad));
    const r = await compileLog("--yes");
    expect(r.code).toBe(1);
    expect(r.err).toContain("invalid twice, so nothing was written");
    expect(r.err).toContain('there is no section "Troubleshooting"');
    expect(r.err).toMatch(/spent 20 input \+ 10 output tokens/);
    expect(snapshot()).toEqual(before);
  });

  it("does not use a reply cut off by max_tokens, and does not retry it", async () => {
    const before = snapshot();
    server.replies.push(tool({ summary: "cut", new_articles: [], updates: [] }, "max_tokens"));
    const r = await compileLog("--yes");
    expect(r.code).toBe(1);
    expect(server.requests).toHaveLength(1);
    expect(r.err).toContain("cut off");
    expect(snapshot()).toEqual(before);
  });

  it("cannot be talked into writing outside the reviewed proposal by the daily note", async () => {
    const before = snapshot();
    const obeying = replyWith((x) => {
      x.new_articles.push({ path: `../${CONFIG_DIR}/plugins/evil`, title: "Evil", tldr: "x", answers_when: ["x"], body: "# Evil" });
      x.updates.push({ path: "index", sections: [{ heading: "Knowledge Base Index", action: "replace", text: "| empty |" }] });
    });
    server.replies.push(tool(obeying), tool(obeying));
    const r = await compileLog("--yes");
    expect(r.code).toBe(1);
    expect(r.err).toContain("leaves the knowledge folder");
    expect(existsSync(join(vault, `${CONFIG_DIR}/plugins/evil.md`))).toBe(false);
    expect(snapshot()).toEqual(before);
  });

  it("turns a duplicate of an existing article into a corroboration", async () => {
    server.replies.push(
      tool(
        replyWith((x) => {
          x.new_articles = [{ path: "concepts/dedup-keys", title: "Dedup keys", tldr: "x", answers_when: ["x"], body: "# Dedup keys\n\nAgain." }];
          x.updates = [];
        }),
      ),
    );
    const r = await compileLog("--yes");
    expect(r.code).toBe(0);
    expect(r.out).toContain("is already in the knowledge base as concepts/idempotency-keys");
    expect(existsSync(join(vault, "knowledge/concepts/dedup-keys.md"))).toBe(false);
    expect(readFileSync(join(vault, "knowledge/concepts/idempotency-keys.md"), "utf8")).toContain("corroborations: 2");
  });

  it("waits out a 429 and then succeeds", async () => {
    server.replies.push({ kind: "status", status: 429, type: "rate_limit_error", message: "slow down", headers: { "retry-after": "0" } }, tool(validReply()));
    const r = await compileLog("--yes");
    expect(r.code).toBe(0);
    expect(server.requests).toHaveLength(2);
  });

  it("needs a key (or a local server's --base-url) unless it is a dry run, and says so without calling anything", async () => {
    let err = "";
    const code = await runCli(["compile", vault, "--file", "daily/2026-11-20.md", "--today", "2026-11-22"], {
      out: () => undefined,
      err: (t) => (err += t),
      isTTY: false,
      env: {},
    });
    const r = { code, err };
    expect(r.code).toBe(1);
    expect(server.requests).toHaveLength(0);
    expect(r.err).toContain("No Anthropic API key");
  });

  it("says what is wrong with its arguments", async () => {
    expect((await kc(["compile", vault])).err).toContain("Today's daily note daily/2026-11-22.md does not exist");
    expect((await kc(["compile", vault, "--file", "nope.md"])).code).toBe(2);
    expect((await kc(["compile", vault, "--format", "xml"])).code).toBe(2);
  });

  it("compiles every changed log with --all, oldest first, and skips compiled unchanged ones", async () => {
    writeFileSync(join(vault, "daily/2026-11-18.md"), "# Daily Log: 2026-11-18\n\nThe idempotency keys now live 48 hours.\n");
    const r = await kc(["compile", vault, "--all", "--dry-run", "--format", "json"]);
    const logs = (JSON.parse(r.out) as { logs: { log: string }[] }).logs.map((l) => l.log);
    expect(logs).toEqual(["daily/2026-11-18.md", "daily/2026-11-20.md"]);
  });
});

describe("kc compile names on stderr an article edited during the call", () => {
  it("says which article it left out and why, also with --format json", async () => {
    server.replies.push(tool(validReply()));
    const wal = join(vault, "knowledge/concepts/sqlite-wal-mode.md");
    server.onRequest = () => writeFileSync(wal, readFileSync(wal, "utf8").replace("A checkpoint copies pages", "A checkpoint (edited meanwhile) copies pages"));
    const r = await compileLog("--yes", "--format", "json");
    expect(r.code).toBe(0);
    expect(r.err).toMatch(/^(skipped|dropped):? knowledge\/concepts\/sqlite-wal-mode\.md: .*changed/m);
    expect(readFileSync(wal, "utf8")).toContain("edited meanwhile");
  });
});

describe("kc undo", () => {
  it("puts back every file of the last compile and the log's compile state", async () => {
    const before = snapshot();
    server.replies.push(tool(validReply()));
    expect((await compileLog("--yes")).code).toBe(0);
    const r = await kc(["undo", vault]);
    expect(r.code).toBe(0);
    expect(r.out).toContain("removed  knowledge/concepts/captive-portal-detection.md");
    const after = snapshot();
    for (const [path, text] of before) {
      if (path === "knowledge/log.md") expect(after.get(path)!.startsWith(text)).toBe(true);
      else expect(after.get(path), path).toBe(text);
    }
    const data = JSON.parse(after.get(`${CONFIG_DIR}/plugins/ckp-knowledge-compiler/data.json`)!) as { compileState: { logs: Record<string, unknown> } };
    expect(data.compileState.logs["daily/2026-11-20.md"]).toBeUndefined();
    expect((await kc(["undo", vault])).err).toContain("Nothing to undo");
  });

  it("names the write it undoes and when, and the earlier compiles that stay (only the last can be undone)", async () => {
    writeFileSync(join(vault, "daily/2026-11-18.md"), "# 2026-11-18\n\nHotel wifi answered every upload with a 302 to a login page.\n");
    server.replies.push(tool(validReply()));
    expect((await compileLog("--yes")).code).toBe(0);
    server.replies.push(tool({ summary: "x", new_articles: [{ ...firstConcept(), path: "concepts/hotel-wifi" }], updates: [] }));
    expect((await kc(["compile", vault, "--file", "daily/2026-11-18.md", "--yes"])).code).toBe(0);
    const r = await kc(["undo", vault]);
    expect(r.code).toBe(0);
    expect(r.err).toMatch(/^Undid the compile of daily\/2026-11-18\.md, written 2026-11-22 \d{2}:\d{2} UTC: \d+ restored, \d+ removed\./m);
    expect(r.err).toMatch(
      /^2 earlier writes since the last undo stay as written; undo puts back only the last write: compile of Daily Log 2026-11-20 \([^)]*\); compile of Daily Log 2026-10-02 \(2026-10-02 20:00 UTC\) \(see log\.md\)\./m,
    );
    expect(existsSync(join(vault, "knowledge/concepts/captive-portal-detection.md"))).toBe(true);
  });

  it("treats a damaged undo record as nothing to undo and touches no file", async () => {
    mkdirSync(join(vault, `${CONFIG_DIR}/plugins/ckp-knowledge-compiler`), { recursive: true });
    writeFileSync(join(vault, `${CONFIG_DIR}/plugins/ckp-knowledge-compiler/last-compile.json`), '{"version":1,"files":');
    const before = snapshot();
    const r = await kc(["undo", vault]);
    expect(r.code).toBe(0);
    expect(r.err).toContain("Nothing to undo");
    expect(snapshot()).toEqual(before);
  });
});
