import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { cpSync, existsSync, mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { COMMAND_SPECS } from "../../src/cli/command-specs";
import { runKc } from "../fakes/run-kc";
import { startLoopbackAnthropic, type LoopbackServer } from "../fakes/loopback-anthropic-server";
import { changedPaths, hashVault } from "../fakes/vault-snapshot";
import { CONFIG_DIR } from "../fakes/config-dir";

// A newcomer's slips and broken files: each gets a sentence and an exit code a script can trust (issue 16).
// A copy of the demo vault: an answer records its spend in the vault's plugin folder, never in the checked-in example.
const DEMO_COPY = mkdtempSync(join(tmpdir(), "kc-first-run-demo-"));
const DEMO = join(DEMO_COPY, "demo-vault");
cpSync(join(import.meta.dirname, "..", "..", "examples", "demo-vault"), DEMO, { recursive: true });
afterAll(() => rmSync(DEMO_COPY, { recursive: true, force: true }));
const DATA = `${CONFIG_DIR}/plugins/ckp-knowledge-compiler/data.json`;
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function vault(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "kc-first-run-"));
  dirs.push(dir);
  for (const [p, content] of Object.entries(files)) {
    mkdirSync(join(dir, p, ".."), { recursive: true });
    writeFileSync(join(dir, p), content);
  }
  return dir;
}

function demoCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), "kc-demo-copy-"));
  dirs.push(dir);
  cpSync(DEMO, dir, { recursive: true });
  return dir;
}

const kc = (args: string[], env: Record<string, string> = {}) => runKc(args, env);

const article = (links: string): string => `---\ntitle: T\ntldr: t\nanswers_when: [a]\n---\n# T\n\n${links}\n`;
const twoArticles = { "knowledge/concepts/a.md": article("[[b]]"), "knowledge/concepts/b.md": article("[[a]]"), "daily/2026-11-01.md": "# Log\n" };
const checks = (out: string): string[] => (JSON.parse(out) as { findings: { check: string }[] }).findings.map((f) => f.check);

describe("help and behaviour agree", () => {
  for (const [command, spec] of Object.entries(COMMAND_SPECS)) {
    it(`kc help ${command} names every option kc ${command} accepts`, async () => {
      const r = await kc(["help", command]);
      expect([...spec.values, ...spec.switches].filter((o) => !r.out.includes(`--${o}`))).toEqual([]);
    });
  }
});

describe("broken settings files are named, never silently used", () => {
  it("says data.json is not JSON, uses the defaults, and does not call every daily log uncompiled", async () => {
    const dir = vault({ ...twoArticles, [DATA]: '{ "settings": { "knowledgeFolder": "knowledge" },\n' });
    const r = await kc(["lint", dir, "--format", "json"]);
    expect(r.code).toBe(0);
    expect(r.err).toContain(
      `warning: ${DATA} is not valid JSON (it ends too early); the default settings are used and which daily logs were compiled is not known.`,
    );
    expect(r.err).toContain("daily logs are not checked for being uncompiled or changed, because the compile state could not be read");
    expect(checks(r.out)).not.toContain("uncompiled-log");
  });

  it("survives knowledgeFolder: 42 with a warning and lints the default folder", async () => {
    const dir = vault({ ...twoArticles, [DATA]: JSON.stringify({ settings: { knowledgeFolder: 42, sparseWords: "lots" } }) });
    const r = await kc(["lint", dir, "--format", "json"]);
    expect(r.code).toBe(0);
    expect(r.err).toContain(`warning: ${DATA}: settings.knowledgeFolder is 42, not a folder inside the vault (not its root); using "knowledge".`);
    expect(r.err).toContain(`settings.sparseWords is "lots", not a whole number of words, 0 or more; using 200.`);
    expect((JSON.parse(r.out) as { noteCount: number }).noteCount).toBe(3);
  });

  it("says a compile state of the wrong shape is unknown instead of planning every log as new", async () => {
    const dir = vault({ ...twoArticles, [DATA]: JSON.stringify({ compileState: { logs: ["daily/2026-11-01.md"] } }) });
    const r = await kc(["lint", dir, "--format", "json"]);
    expect(r.err).toContain(`${DATA}: compileState is a list where a record of compiled logs belongs, so which daily logs were compiled is not known.`);
    expect(checks(r.out)).not.toContain("uncompiled-log");
  });

  it("names an invalid daily-notes.json and says which daily notes folder is used instead", async () => {
    const dir = vault({
      ...twoArticles,
      [`${CONFIG_DIR}/daily-notes.json`]: '{"folder": "Journal",}',
      [DATA]: JSON.stringify({ settings: { dailyFolder: "daily" } }),
    });
    const r = await kc(["lint", dir, "--format", "json"]);
    expect(r.err).toContain(`warning: .obsidian/daily-notes.json is not valid JSON (line 1); the plugin's daily notes setting is used ("daily", YYYY-MM-DD).`);
    expect(checks(r.out)).toContain("uncompiled-log");
    const shape = vault({ ...twoArticles, [`${CONFIG_DIR}/daily-notes.json`]: '["Journal"]' });
    expect((await kc(["lint", shape])).err).toContain(
      `${CONFIG_DIR}/daily-notes.json is a list, not the Daily Notes settings; the plugin's daily notes setting is used`,
    );
  });
});

describe("a missing folder is not a clean result", () => {
  it("lint on a vault without the knowledge folder says so, suggests --scope vault, and exits 2", async () => {
    const dir = vault({ "notes/a.md": "[[b]]", "notes/b.md": "x" });
    const r = await kc(["lint", dir]);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`The knowledge folder "knowledge" (from the default) does not exist in ${dir}.`);
    expect(r.err).toContain("--scope vault");
    expect(r.out).toBe("");
    expect((await kc(["lint", dir, "--scope", "vault"])).code).toBe(0);
  });

  it("a typo in --knowledge fails the gate instead of passing with no findings", async () => {
    const dir = vault(twoArticles);
    const r = await kc(["lint", dir, "--knowledge", "nope"]);
    expect(r.code).toBe(2);
    expect(r.err).toContain('The knowledge folder "nope" (from --knowledge) does not exist');
    expect((await kc(["route", dir, "what is b?", "--knowledge", "nope"])).code).toBe(2);
    expect((await kc(["ask", dir, "what is b?", "--knowledge", "nope"])).code).toBe(2);
  });

  it("route refuses a --scope it does not know", async () => {
    const r = await kc(["route", DEMO, "retries", "--scope", "everything"]);
    expect(r).toMatchObject({ code: 2, err: expect.stringContaining('--scope must be knowledge or vault, not "everything".') as unknown });
  });
});

describe("kc route speaks to people", () => {
  it("shows the question's own words, lists no loaded file as skipped, and calls no full match weak", async () => {
    for (const q of [
      "Why isn't exponential backoff enough on its own to stop duplicate writes?",
      "What jitter do we use for retry backoff?",
      "Why is the spacing of retries doubled each time, and what happens to edits merging twice?",
    ]) {
      const r = await kc(["route", DEMO, q, "--closest"]);
      expect(r.code).toBe(0);
      const [loadedPart, skippedPart = ""] = r.out.split("Skipped:\n");
      const loaded = [...loadedPart!.matchAll(/^ {2}\+ (\S+)/gm)].map((m) => m[1]);
      const skipped = [...skippedPart.matchAll(/^ {2}- (\S+)/gm)].map((m) => m[1]);
      expect(
        skipped.filter((p) => loaded.includes(p)),
        q,
      ).toEqual([]);
      expect(new Set(skipped).size, q).toBe(skipped.length);
      expect(r.out, q).not.toMatch(/weak match|"(twic|spac|merg|doubl)"/);
    }
    expect((await kc(["route", DEMO, "Why is the spacing of retries doubled each time, and what happens to edits merging twice?", "--closest"])).out).toContain(
      '"twice"',
    );
  });
});

describe("kc lint resolves links as Obsidian does", () => {
  it("counts [[Phonetics]] beside a same-named note as a link to the root's Phonetics.md, so that note is no orphan", async () => {
    const dir = vault({
      "Phonetics.md": "Phonetics at the root.\n",
      "06. Collected Knowledge/Phonetics.md": "See [[Phonology]].\n",
      "06. Collected Knowledge/Phonology.md": "A layer above [[Phonetics]], see [notes](My%20Notes.md).\n",
      "other/My Notes.md": "[[Phonology]]\n",
    });
    const r = await kc(["lint", dir, "--scope", "vault", "--format", "json"]);
    const orphans = (JSON.parse(r.out) as { findings: { check: string; path: string }[] }).findings
      .filter((f) => f.check === "orphan-article")
      .map((f) => f.path);
    expect(orphans).toEqual(["06. Collected Knowledge/Phonetics.md"]);
    expect(checks(r.out)).not.toContain("broken-link");
  });
});

describe("kc ask with a local server and --file-back", () => {
  let server: LoopbackServer;
  beforeEach(async () => {
    server = await startLoopbackAnthropic();
  });
  afterEach(async () => server.close());

  it("refuses --base-url notaurl up front, even for a question the base does not cover", async () => {
    const r = await kc(["ask", DEMO, "Which migration routes do Arctic terns follow?", "--base-url", "notaurl"], { ANTHROPIC_API_KEY: "sk-test" });
    expect(r.code).toBe(2);
    expect(r.err).toContain('--base-url must be an http or https URL such as http://127.0.0.1:8080, not "notaurl".');
    expect(r.err).not.toContain("Question:");
  });

  it("answers through --base-url without any API key (a local server may need none)", async () => {
    server.replies.push({ kind: "text", text: "Up to 5 retries [[knowledge/concepts/retry-with-backoff]]." });
    const r = await kc(["ask", DEMO, "How long does the app wait between upload retries?", "--base-url", server.baseUrl, "--no-select"]);
    expect(r.code).toBe(0);
    expect(r.out).toContain("Up to 5 retries");
    expect(server.requests).toHaveLength(1);
  });

  it("files the answer as a qa/ article with its index row and log entry, only inside the knowledge folder, and undo removes it", async () => {
    const dir = demoCopy();
    const before = hashVault(dir);
    server.replies.push({ kind: "text", text: "Retries wait 1 to 16 s, five times \u001b[31mat most\u001b[0m [[knowledge/concepts/retry-with-backoff]]." });
    const r = await kc(["ask", dir, "How long does the app wait between upload retries?", "--base-url", server.baseUrl, "--file-back", "--no-select"]);
    expect(r.code).toBe(0);
    const qa = "knowledge/qa/how-long-does-the-app-wait-between-upload-retries.md";
    expect(r.err).toContain(`Filed to ${qa} (with its row in index.md and an entry in log.md); \`kc undo\` removes it again.`);
    const changed = changedPaths(before, hashVault(dir));
    expect(changed.filter((p) => !p.startsWith(`${CONFIG_DIR}/plugins/ckp-knowledge-compiler/`))).toEqual(["knowledge/index.md", "knowledge/log.md", qa]);
    const text = readFileSync(join(dir, qa), "utf8");
    expect(text).toContain("Retries wait 1 to 16 s, five times at most [[knowledge/concepts/retry-with-backoff]].");
    expect(text).not.toContain("\u001b");
    expect(readFileSync(join(dir, "knowledge/index.md"), "utf8")).toContain("qa/how-long-does-the-app-wait-between-upload-retries");
    const undo = await kc(["undo", dir]);
    expect(undo.code).toBe(0);
    expect(existsSync(join(dir, qa))).toBe(false);
    expect(readFileSync(join(dir, "knowledge/index.md"))).toEqual(readFileSync(join(DEMO, "knowledge/index.md")));
  });

  it("files nothing for a question the base does not cover, and says so", async () => {
    const dir = demoCopy();
    const before = hashVault(dir);
    const r = await kc(["ask", dir, "Which migration routes do Arctic terns follow?", "--base-url", server.baseUrl, "--file-back", "--no-select"]);
    expect(r.code).toBe(0);
    expect(r.err).toContain("Nothing was filed: there is no answer from the knowledge base to file.");
    expect(changedPaths(before, hashVault(dir))).toEqual([]);
    expect(server.requests).toHaveLength(0);
  });
});
