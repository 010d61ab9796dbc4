import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { buildCliInto } from "../fakes/build-cli";
import { ordinaryVaultFiles } from "../fakes/ordinary-vault";
import { runKc } from "../fakes/run-kc";
import { tempVaults } from "../fakes/temp-vault";

// --scope auto is what the Claude Code plugin's options default to: the person may compile a knowledge base later.
const vaults = tempVaults();
afterEach(() => vaults.cleanup());
const ARTICLE =
  "---\ntitle: Retry with backoff\ntldr: Failed uploads are retried five times.\nanswers_when: [retry, upload]\n---\n# Retry with backoff\n\nUploads retry.\n";

describe("kc prime --scope auto", () => {
  it("primes from every note, and says why, when the vault has no knowledge folder", async () => {
    const dir = vaults.make(ordinaryVaultFiles());
    const r = await runKc(["prime", dir, "--scope", "auto", "--question", "When do I drain the drip lines?", "--hook"], { KC_CACHE: "off" });
    expect(r.code, r.err).toBe(0);
    expect(r.err).toContain("has no knowledge folder");
    const context = (JSON.parse(r.out) as { hookSpecificOutput: { additionalContext: string } }).hookSpecificOutput.additionalContext;
    expect(context).toMatch(/^# Vault context/);
    expect(context).toContain("Projects/Garden irrigation");
  });

  it("primes from the knowledge articles, silently, once the knowledge folder exists", async () => {
    const dir = vaults.make({ ...ordinaryVaultFiles(), "knowledge/concepts/retry-with-backoff.md": ARTICLE });
    const r = await runKc(["prime", dir, "--scope", "auto", "--question", "How often do uploads retry?"], { KC_CACHE: "off" });
    expect(r.code, r.err).toBe(0);
    expect(r.err).not.toContain("no knowledge folder");
    expect(r.out).toMatch(/^# Knowledge base context/);
    expect(r.out).toContain("knowledge/concepts/retry-with-backoff");
    expect(r.out).not.toContain("Garden irrigation");
  });

  it("refuses a scope it does not know, naming the three", async () => {
    const r = await runKc(["prime", vaults.make(ordinaryVaultFiles()), "--scope", "everything"]);
    expect(r.code).toBe(2);
    expect(r.err).toContain('--scope must be knowledge, vault or auto, not "everything"');
  });
});

describe("kc mcp --scope auto", () => {
  let dist: string;
  let cli: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), "kc-auto-cli-"));
    cli = await buildCliInto(dist);
  }, 60_000);
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it("serves every note of a vault without a knowledge folder: route answers instead of naming the missing folder", async () => {
    const dir = vaults.make(ordinaryVaultFiles());
    const client = new Client({ name: "kc-test", version: "1.0.0" });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [cli, "mcp", dir, "--scope", "auto"],
        env: { PATH: process.env.PATH ?? "" },
        stderr: "ignore",
      }),
    );
    try {
      const r = (await client.callTool({ name: "route", arguments: { question: "When should I drain the drip lines before winter?" } })) as {
        content: { text: string }[];
        isError?: boolean;
      };
      const text = r.content.map((c) => c.text).join("");
      expect(r.isError, text).not.toBe(true);
      expect(text).toContain("Projects/Garden irrigation.md");
    } finally {
      await client.close();
    }
  }, 30_000);
});
