import { afterEach, describe, expect, it } from "vitest";
import { mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createHash } from "node:crypto";
import { runCli } from "../../src/cli/main";
import type { NodeIo } from "../../src/node/node-io";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function vault(files: Record<string, string | Uint8Array>): string {
  const dir = mkdtempSync(join(tmpdir(), "kc-vault-"));
  dirs.push(dir);
  for (const [p, content] of Object.entries(files)) {
    mkdirSync(join(dir, p, ".."), { recursive: true });
    writeFileSync(join(dir, p), content);
  }
  return dir;
}

function treeHash(dir: string): string {
  const h = createHash("sha256");
  const walk = (d: string): void => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else h.update(p).update(readFileSync(p));
    }
  };
  walk(dir);
  return h.digest("hex");
}

async function run(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const io: NodeIo = { out: (t) => (out += t), err: (t) => (err += t), isTTY: false, env: {} };
  const code = await runCli(argv, io);
  return { code, out, err };
}

const article = (body: string, extra = ""): string => `---\ntitle: T\ntldr: t\nanswers_when: [a]\n${extra}---\n# T\n\n${body}\n`;

describe("kc lint", () => {
  it("prints a markdown report and exits 1 when there are errors", async () => {
    const dir = vault({ "knowledge/concepts/a.md": article("See [[nowhere]].") });
    const r = await run("lint", dir);
    expect(r.code).toBe(1);
    expect(r.out).toContain("## error: broken-link (1)");
    expect(r.out).toContain("knowledge/concepts/a.md:8:5");
  });

  it("exits 0 and prints JSON when there are no errors", async () => {
    const dir = vault({ "knowledge/concepts/a.md": article("[[b]]"), "knowledge/concepts/b.md": article("[[a]]") });
    const r = await run("lint", dir, "--format", "json");
    expect(r.code).toBe(0);
    const json = JSON.parse(r.out) as { counts: { error: number }; noteCount: number };
    expect(json.counts.error).toBe(0);
    expect(json.noteCount).toBe(2);
  });

  it("says clearly when the vault path does not exist or is a file", async () => {
    const missing = await run("lint", "/no/such/vault/here");
    expect(missing.code).toBe(2);
    expect(missing.err).toBe("No such folder: /no/such/vault/here\n");
    const dir = vault({ "a.md": "x" });
    const file = await run("lint", join(dir, "a.md"));
    expect(file.code).toBe(2);
    expect(file.err).toContain("Not a folder");
  });

  it("rejects unknown options values and commands with usage help", async () => {
    expect((await run("lint", ".", "--scope", "everything")).code).toBe(2);
    expect((await run("frobnicate")).err).toContain('Unknown command "frobnicate"');
    expect((await run("lint")).err).toContain("Missing the vault folder");
    expect((await run("--help")).out).toContain("kc lint <vault>");
  });

  it("survives bad input without a crash and without changing a byte of the vault", async () => {
    const big = `# Big\n\n${"lorem ipsum [[knowledge/concepts/ok]] dolor sit amet ".repeat(110_000)}\n`;
    const dir = vault({
      "knowledge/concepts/invalid-yaml.md": '---\ntitle: "unclosed\ntldr: [\n---\n# Bad\n',
      "knowledge/concepts/bom.md": "\ufeff---\ntitle: BOM\ntldr: t\nanswers_when: [x]\n---\n# BOM [[crlf]]\n",
      "knowledge/concepts/crlf.md": "---\r\ntitle: CRLF\r\ntldr: t\r\nanswers_when: [x]\r\n---\r\n# CRLF\r\n[[bom]] [[missing-crlf]]\r\n",
      "knowledge/concepts/big.md": big,
      "knowledge/concepts/binary.md": new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 1, 2, 3]),
      "knowledge/concepts/latin1.md": new Uint8Array([0x63, 0x61, 0x66, 0xe9, 0x0a]),
      "knowledge/concepts/日本語 ノート.md": article("[[🎉 party notes]] [[self]] [[日本語 ノート]]"),
      "knowledge/concepts/🎉 party notes.md": article("[[日本語 ノート]] [[cycle-a]]"),
      "knowledge/concepts/cycle-a.md": article("[[cycle-b]]"),
      "knowledge/concepts/cycle-b.md": article("[[cycle-a]]"),
      "knowledge/concepts/empty.md": "",
      "knowledge/concepts/ok.md": article("fine"),
    });
    const before = treeHash(dir);
    const r = await run("lint", dir, "--format", "json");
    expect(treeHash(dir)).toBe(before);
    expect(r.code).toBe(1);
    const json = JSON.parse(r.out) as { findings: { check: string; path: string; line: number; message: string }[] };
    const at = (check: string, path: string) => json.findings.filter((f) => f.check === check && f.path === path);
    expect(at("invalid-frontmatter", "knowledge/concepts/invalid-yaml.md")).toHaveLength(1);
    expect(at("broken-link", "knowledge/concepts/crlf.md").map((f) => f.line)).toEqual([7]);
    expect(at("broken-link", "knowledge/concepts/bom.md")).toEqual([]);
    expect(at("broken-link", "knowledge/concepts/日本語 ノート.md").map((f) => f.message)).toEqual([
      'Broken link [[self]]: nothing named "self" in the vault.',
    ]);
    expect(at("sparse-article", "knowledge/concepts/empty.md")).toHaveLength(1);
    expect(r.err).toContain("knowledge/concepts/binary.md is not UTF-8 text");
    expect(r.err).toContain("knowledge/concepts/latin1.md is not UTF-8 text");
  });
});

/** The parts of `kc route --format json` these tests read. */
interface RouteJson {
  status: string;
  loaded: { path: string; reason: unknown }[];
  totalTokens: number;
  loadAllTokens: number;
}

describe("kc route", () => {
  it("prints the route as JSON with load order, reasons and token totals, without network", async () => {
    const dir = vault({
      "knowledge/concepts/retry.md": article(
        "Wait 1s, 2s, 4s between attempts after a 503.",
        'similar_high: ["[[knowledge/concepts/keys|keys · 2026-10]]"]\n',
      ).replace("answers_when: [a]", "answers_when: [retry, backoff]"),
      "knowledge/concepts/keys.md": article("Idempotency keys make repeats safe.").replace("answers_when: [a]", "answers_when: [idempotent]"),
    });
    const r = await run("route", dir, "how long to wait between retry attempts after 503", "--format", "json");
    expect(r.code).toBe(0);
    const route = JSON.parse(r.out) as RouteJson;
    expect(route.loaded.map((l) => l.path)).toEqual(["knowledge/concepts/retry.md", "knowledge/concepts/keys.md"]);
    expect(route.loaded[1]!.reason).toEqual({ kind: "high", of: "knowledge/concepts/retry.md" });
    expect(route.totalTokens).toBeLessThanOrEqual(route.loadAllTokens);
  });

  it("says 'not covered' for a question sharing one word, and loads the closest matches with --closest", async () => {
    const dir = vault({
      "knowledge/concepts/retry.md": article("Wait 1s, 2s, 4s between attempts after a 503.").replace("answers_when: [a]", "answers_when: [retry, backoff]"),
    });
    const q = "which retry rules apply to arctic tern migration in winter storms";
    const plain = JSON.parse((await run("route", dir, q, "--format", "json")).out) as RouteJson;
    expect(plain.status).toBe("not-covered");
    expect(plain.loaded).toEqual([]);
    const closest = JSON.parse((await run("route", dir, q, "--format", "json", "--closest")).out) as RouteJson;
    expect(closest.status).toBe("routed");
    expect(closest.loaded.map((l) => l.path)).toEqual(["knowledge/concepts/retry.md"]);
  });
});
