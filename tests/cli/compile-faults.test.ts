import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { Buffer } from "node:buffer";
import { join } from "node:path";
import { runKc } from "../fakes/run-kc";
import { COMPILE_TOOL } from "../../src/core/compile/compile-prompt";
import { startLoopbackAnthropic, type LoopbackServer, type ScriptedReply } from "../fakes/loopback-anthropic-server";
import { changedPaths, hashVault } from "../fakes/vault-snapshot";
import { FIXTURE_VAULT } from "../core/compile/compile-fixture";
import { firstConcept, replyWith, validReply } from "../core/compile/scripted-replies";
import { CONFIG_DIR } from "../fakes/config-dir";

// The hostile tester's cases of issue 10, through the CLI on a copy of the fixture vault: each hashes the whole copy
// (config folder and hidden files included) before and after.
let server: LoopbackServer;
let vault: string;
beforeEach(async () => {
  server = await startLoopbackAnthropic();
  vault = mkdtempSync(join(tmpdir(), "kc-faults-"));
  cpSync(FIXTURE_VAULT, vault, { recursive: true });
});
afterEach(async () => {
  await server.close();
  rmSync(vault, { recursive: true, force: true });
});

const tool = (input: unknown): ScriptedReply => ({ kind: "tool", name: COMPILE_TOOL.name, input });
const LOG = "daily/2026-11-20.md";
const DATA = `${CONFIG_DIR}/plugins/ckp-knowledge-compiler`;

async function kc(args: string[]) {
  // The model options belong to the commands that call a model; undo takes none of them.
  const model = args[0] === "undo" || args[0] === "lint" ? [] : ["--base-url", server.baseUrl, "--model", "claude-test", "--today", "2026-11-22"];
  return runKc([...args, ...model], { ANTHROPIC_API_KEY: "sk-test" });
}
const compile = (...extra: string[]) => kc(["compile", vault, "--file", LOG, "--yes", ...extra]);
const write = (rel: string, text: string | Buffer) => {
  mkdirSync(join(vault, rel, ".."), { recursive: true });
  writeFileSync(join(vault, rel), text);
};
const read = (rel: string) => readFileSync(join(vault, rel), "utf8");

describe("writes stay inside the knowledge folder", () => {
  it("never turns a new article into an update of a same-named note outside the knowledge folder", async () => {
    write("archive/concepts/captive-portal-detection.md", "# Old notes on portals\n");
    write("concepts/captive-portal-detection.md", "# Top-level note\n");
    const outside = ["archive/concepts/captive-portal-detection.md", "concepts/captive-portal-detection.md"].map(read);
    server.replies.push(tool(validReply()));
    const r = await compile();
    expect(r.code, r.err).toBe(0);
    expect(["archive/concepts/captive-portal-detection.md", "concepts/captive-portal-detection.md"].map(read)).toEqual(outside);
    expect(read("knowledge/concepts/captive-portal-detection.md")).toContain("title: Captive portal detection");
  });

  it("never turns a new article whose title matches a filed answer into an update of the qa/ note", async () => {
    const qa = read("knowledge/qa/why-duplicates.md");
    const title = /^title: "?(.*?)"?$/m.exec(qa)![1]!;
    server.replies.push(tool(replyWith((x) => (x.new_articles[0]!.title = title))));
    const r = await compile();
    expect(r.code, r.err).toBe(0);
    expect(read("knowledge/qa/why-duplicates.md")).toBe(qa);
    expect(read("knowledge/concepts/captive-portal-detection.md")).toContain("corroborations: 1");
  });

  for (const target of ["daily/2026-11-20", "projects/sync", "knowledge/qa/why-duplicates"]) {
    it(`refuses a relationship to ${target}, which is not an article`, async () => {
      write("projects/sync.md", "# Sync project\n");
      const bad = replyWith((x) => (x.new_articles[0]!.similar_mid = [{ target, stamp: "2026-11" }]));
      server.replies.push(tool(bad), tool(bad));
      const before = hashVault(vault);
      const r = await compile();
      expect(r.code).toBe(1);
      expect(r.err).toMatch(/similar_mid target "[^"]+" is not an article/);
      expect(changedPaths(before, hashVault(vault))).toEqual([]);
    });
  }
});

describe("a compile that fails half-way changes nothing and keeps the previous undo", () => {
  for (const [name, spoil] of [
    ["index.md is not UTF-8", () => write("knowledge/index.md", Buffer.from([0x23, 0x20, 0xff, 0xfe, 0x0a]))],
    [
      "index.md is a folder",
      () => {
        rmSync(join(vault, "knowledge/index.md"));
        mkdirSync(join(vault, "knowledge/index.md"));
      },
    ],
    ["log.md is not UTF-8", () => write("knowledge/log.md", Buffer.from([0xc3, 0x28, 0x0a]))],
  ] as const) {
    it(`when ${name}: one sentence, the vault as it was, and undo still undoes the compile before`, async () => {
      write("daily/2026-11-21.md", "# Daily Log 2026-11-21\n\n## Sessions\n- Looked at retries again.\n");
      server.replies.push(tool({ summary: "nothing durable", new_articles: [], updates: [] }));
      expect((await kc(["compile", vault, "--file", "daily/2026-11-21.md", "--yes"])).code).toBe(0);
      spoil();
      const before = hashVault(vault);
      server.replies.push(tool(validReply()));
      const r = await compile();
      expect(r.code).toBe(1);
      expect(r.err).toMatch(/Nothing was (written|changed)/);
      expect(r.err).not.toMatch(/Unexpected error|TypeError|EISDIR|\bat \w+ \(/);
      expect(changedPaths(before, hashVault(vault))).toEqual([]);
      if (name !== "log.md is not UTF-8") {
        const undo = await kc(["undo", vault]);
        expect(undo.code, undo.err + undo.out).toBe(0);
        expect(undo.err + undo.out).not.toContain("2026-11-20");
        expect(read("knowledge/log.md")).toContain("undo | compile of daily/2026-11-21.md");
      }
    });
  }
});

describe("daily notes are never articles", () => {
  it("refuses a knowledge folder that holds the daily notes, before any request", async () => {
    write(`${CONFIG_DIR}/daily-notes.json`, JSON.stringify({ folder: "knowledge/daily", format: "YYYY-MM-DD" }));
    write("knowledge/daily/2026-11-20.md", read(LOG));
    const before = hashVault(vault);
    const r = await kc(["compile", vault, "--file", "knowledge/daily/2026-11-20.md", "--yes"]);
    expect(r.code).toBe(2);
    expect(r.err).toContain("contains the daily notes folder");
    expect(server.requests).toHaveLength(0);
    expect(changedPaths(before, hashVault(vault))).toEqual([]);
  });

  it("refuses the vault root as the knowledge folder, before any request", async () => {
    const before = hashVault(vault);
    const r = await kc(["compile", vault, "--file", LOG, "--yes", "--knowledge", "/"]);
    expect(r.code).toBe(2);
    expect(r.err).toContain("vault root");
    expect(server.requests).toHaveLength(0);
    expect(changedPaths(before, hashVault(vault))).toEqual([]);
  });

  it("compiles only daily notes: index.md or another note is refused with how to compile it on purpose", async () => {
    for (const file of ["knowledge/index.md", "knowledge/concepts/sqlite-wal-mode.md"]) {
      const r = await kc(["compile", vault, "--file", file, "--yes"]);
      expect(r.code).not.toBe(0);
      expect(r.err).toMatch(/only daily logs are compiled/);
    }
    write("notes/meeting.md", "# Meeting\n");
    const r = await kc(["compile", vault, "--file", "notes/meeting.md", "--yes"]);
    expect(r.err).toContain("move it into the daily notes folder");
    expect(server.requests).toHaveLength(0);
  });
});

describe("undo trusts no record", () => {
  for (const bad of [
    "daily/2026-11-20.md",
    "notes/other.md",
    `${CONFIG_DIR}/plugins/other-plugin/data.json`,
    "../outside.md",
    "knowledge/../daily/2026-11-20.md",
  ]) {
    it(`refuses a record naming ${bad} and changes nothing`, async () => {
      write("notes/other.md", "mine\n");
      write(
        `${DATA}/last-compile.json`,
        JSON.stringify({
          version: 1,
          op: "compile",
          at: "2026-11-22T10:00:00Z",
          logPath: LOG,
          previousState: null,
          files: [
            { path: "knowledge/concepts/sqlite-wal-mode.md", before: "x", after: read("knowledge/concepts/sqlite-wal-mode.md") },
            { path: bad, before: "evil\n", after: "whatever" },
          ],
        }),
      );
      const before = hashVault(vault);
      const r = await kc(["undo", vault]);
      expect(r.code).toBe(1);
      expect(r.err).toContain("it was not applied and nothing was changed");
      expect(changedPaths(before, hashVault(vault))).toEqual([]);
    });
  }
});

describe("bounded replies and logs", () => {
  it("refuses a reply with 300 new articles, before anyone reviews it", async () => {
    const many = Array.from({ length: 300 }, (_, i) => ({ ...firstConcept(), path: `concepts/flood-${i}` }));
    server.replies.push(tool({ summary: "flood", new_articles: many, updates: [] }), tool({ summary: "flood", new_articles: many, updates: [] }));
    const before = hashVault(vault);
    const r = await compile();
    expect(r.code).toBe(1);
    expect(r.err).toContain("proposes 300 new articles");
    expect(changedPaths(before, hashVault(vault))).toEqual([]);
  });

  it("refuses an article body of 5 MB", async () => {
    const huge = replyWith((x) => (x.new_articles[0]!.body = `# Big\n\n${"word ".repeat(1_000_000)}`));
    server.replies.push(tool(huge), tool(huge));
    const before = hashVault(vault);
    const r = await compile();
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/more than a reply can need|over the \d+ kB|at most 40000 are accepted/);
    expect(changedPaths(before, hashVault(vault))).toEqual([]);
  });

  it("refuses a daily log too large for one prompt before any request", async () => {
    write(LOG, `# Daily Log\n\n${"a long line of notes\n".repeat(10_000)}`);
    const r = await compile();
    expect(r.code).toBe(1);
    expect(r.err).toContain("split it into smaller daily logs");
    expect(server.requests).toHaveLength(0);
  });

  for (const [name, why] of [
    ["com¹", /device name/],
    ["ｃａｐｔｉｖｅ", /compatibility or look-alike/],
    ["cаptive-portal", /mixes letters of Latin, Cyrillic or Greek/],
    ["lpt9", /device name/],
    ["captive\u200bportal", /invisible/],
    ["con", /device name/],
    ["ﬁle-sync", /compatibility or look-alike/],
  ] as const) {
    it(`refuses the new file name ${JSON.stringify(name)}`, async () => {
      const bad = { summary: "one concept", new_articles: [{ ...firstConcept(), path: `concepts/${name}` }], updates: [] };
      server.replies.push(tool(bad), tool(bad));
      const before = hashVault(vault);
      const r = await compile();
      expect(r.code).toBe(1);
      expect(r.err).toMatch(why);
      expect(changedPaths(before, hashVault(vault))).toEqual([]);
    });
  }

  it("strips control and escape sequences from model text before a terminal or index.md sees it", async () => {
    server.replies.push(
      tool(
        replyWith((x) => {
          x.summary = "ok\u001b[2J\u001b]0;pwned\u0007 done\r";
          x.new_articles[0]!.tldr = "A redirect\r to a foreign host\u001b[31m means a portal\u202e.";
        }),
      ),
    );
    const r = await compile();
    expect(r.code, r.err).toBe(0);
    const controls = ["\u001b", "\r", "\u0007", "\u202e"];
    expect(controls.filter((c) => (r.out + r.err).includes(c))).toEqual([]);
    expect(controls.filter((c) => read("knowledge/index.md").includes(c))).toEqual([]);
  });
});

describe("two compiles at once", () => {
  it("never lose a row of index.md or an entry of log.md", async () => {
    write("daily/2026-11-21.md", read(LOG).replace(/2026-11-20/g, "2026-11-21"));
    const other = { summary: "b", new_articles: [{ ...firstConcept(), path: "concepts/portal-probes", title: "Portal probes", aliases: [] }], updates: [] };
    server.replies.push(tool(validReply()), tool(other));
    const [a, b] = await Promise.all([compile(), kc(["compile", vault, "--file", "daily/2026-11-21.md", "--yes"])]);
    expect([a.code, b.code], a.err + b.err).toEqual([0, 0]);
    const index = read("knowledge/index.md");
    expect(index).toContain("[[concepts/captive-portal-detection]]");
    expect(index).toContain("[[concepts/portal-probes]]");
    const log = read("knowledge/log.md");
    expect(log).toContain("compile | Daily Log 2026-11-20");
    expect(log).toContain("compile | Daily Log 2026-11-21");
  });
});

describe("compile says what it will do", () => {
  it("--all --force plans every daily note, compiled and unchanged ones too", async () => {
    server.replies.push(tool({ summary: "nothing durable", new_articles: [], updates: [] }));
    expect((await compile()).code).toBe(0);
    const plain = await kc(["compile", vault, "--all", "--dry-run", "--format", "json"]);
    expect(JSON.parse(plain.out)).toEqual({ logs: [] });
    const forced = await kc(["compile", vault, "--all", "--force", "--dry-run", "--format", "json"]);
    expect((JSON.parse(forced.out) as { logs: { log: string }[] }).logs.map((l) => l.log)).toEqual([LOG]);
  });

  it("says there are no daily notes instead of 'everything is compiled' when none match the settings", async () => {
    rmSync(join(vault, "daily"), { recursive: true });
    const gone = await kc(["compile", vault, "--all", "--dry-run"]);
    expect(gone.code).toBe(2);
    expect(gone.err).toContain('The daily notes folder "daily" (from the default) does not exist');
    expect(gone.err).not.toContain("every daily log is compiled");
    mkdirSync(join(vault, "daily"));
    writeFileSync(join(vault, "daily", "notes.md"), "not a dated note\n");
    const none = await kc(["compile", vault, "--all", "--dry-run"]);
    expect(none.code).toBe(2);
    expect(none.err).toContain("No daily notes in this vault: none matches daily/YYYY-MM-DD.md");
  });

  it("does not plan every log as 'never compiled' when data.json cannot be read, and says so", async () => {
    write(`${CONFIG_DIR}/plugins/ckp-knowledge-compiler/data.json`, "{ not json");
    const r = await kc(["compile", vault, "--all", "--dry-run"]);
    expect(r.code).toBe(2);
    expect(r.err).toContain("Which daily logs were compiled is not known");
    expect(r.err).toContain("warning: ");
    const forced = await kc(["compile", vault, "--all", "--force", "--dry-run"]);
    expect(forced.code).toBe(0);
  });
});
