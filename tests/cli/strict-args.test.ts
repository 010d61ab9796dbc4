import { describe, expect, it } from "vitest";
import { cpSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runKc } from "../fakes/run-kc";
import { COMMAND_SPECS } from "../../src/cli/command-specs";
import { isCalendarDate } from "../../src/core/util/calendar-date";
import { changedPaths, hashVault } from "../fakes/vault-snapshot";
import { FIXTURE_VAULT } from "../core/compile/compile-fixture";
import packageJson from "../../package.json";

const kc = (args: string[], env: Record<string, string> = {}) => runKc(args, env);

describe("the command line is strict", () => {
  for (const command of Object.keys(COMMAND_SPECS)) {
    it(`kc ${command} refuses an unknown option with exit 2 and says how to get help`, async () => {
      const r = await kc([command, "some-vault", "--bogus"]);
      expect(r.code).toBe(2);
      expect(r.err).toContain(`kc ${command} has no option --bogus.`);
      expect(r.err).toContain(`kc help ${command}`);
    });
  }

  it("suggests the option meant: compile --dryrun never calls a model", async () => {
    const vault = mkdtempSync(join(tmpdir(), "kc-strict-"));
    cpSync(FIXTURE_VAULT, vault, { recursive: true });
    const before = hashVault(vault);
    const r = await kc(["compile", vault, "--all", "--dryrun"], { ANTHROPIC_API_KEY: "sk-test", ANTHROPIC_BASE_URL: "http://127.0.0.1:9" });
    expect(r.code).toBe(2);
    expect(r.err).toContain("kc compile has no option --dryrun. Did you mean --dry-run?");
    expect(changedPaths(before, hashVault(vault))).toEqual([]);
  });

  it("reads a negative number as the option's value, so the command says what a valid one is", async () => {
    const vault = mkdtempSync(join(tmpdir(), "kc-strict-"));
    cpSync(FIXTURE_VAULT, vault, { recursive: true });
    const budget = await kc(["route", vault, "retries", "--budget", "-5"]);
    expect(budget).toMatchObject({ code: 2, err: expect.stringContaining("--budget must be") as unknown });
    expect(budget.err).not.toContain("needs a value");
    const chars = await kc(["prime", vault, "--max-chars", "-1"]);
    expect(chars).toMatchObject({ code: 2, err: expect.stringContaining("--max-chars must be") as unknown });
  });

  it("says so when --budget is too small for any article, rather than loading more in silence", async () => {
    const r = await kc(["route", "examples/demo-vault", "how do I retry failed requests", "--budget", "10"]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/Loaded 1 file\(s\), \d+ tokens/);
    expect(r.out).toContain("over the 10-token budget: the best match's summary is loaded even when nothing fits");
    const roomy = await kc(["route", "examples/demo-vault", "how do I retry failed requests"]);
    expect(roomy.out).not.toContain("-token budget");
  });

  it("refuses an option without its value, and an extra argument", async () => {
    const scope = await kc(["lint", "v", "--scope"]);
    expect(scope).toMatchObject({ code: 2, err: expect.stringContaining("--scope needs a value") as unknown });
    const format = await kc(["lint", "v", "--format", "--progress"]);
    expect(format).toMatchObject({ code: 2, err: expect.stringContaining("--format needs a value") as unknown });
    const extra = await kc(["lint", "v", "stray"]);
    expect(extra).toMatchObject({ code: 2, err: expect.stringContaining('"stray" is more than it takes') as unknown });
    const sw = await kc(["compile", "v", "--yes=no"]);
    expect(sw).toMatchObject({ code: 2, err: expect.stringContaining("--yes is a switch and takes no value") as unknown });
  });

  it("refuses dates that are not on the calendar", async () => {
    for (const d of ["2026-13-45", "2026-02-30", "26-1-1"]) {
      const r = await kc(["compile", "v", "--today", d]);
      expect(r.code, d).toBe(2);
      expect(r.err).toContain("--today must be a real date");
      expect(r.err).not.toMatch(/Unexpected error|Cannot read/);
    }
    expect(["2024-02-29", "2026-12-31"].every(isCalendarDate)).toBe(true);
    expect(["2025-02-29", "2026-04-31", "2026-00-10"].some(isCalendarDate)).toBe(false);
  });

  it("still shows help with --help anywhere, and for kc help <command>", async () => {
    expect((await kc(["compile", "--help"])).out).toContain("kc compile <vault>");
    expect((await kc(["help", "graph"])).out).toContain("kc graph <vault>");
    expect((await kc([])).out).toContain("Commands:");
  });

  it("kc help <unknown> is a usage error (exit 2) naming the word, with the command list", async () => {
    const r = await kc(["help", "frobnicate"]);
    expect(r.code).toBe(2);
    expect(r.out).toBe("");
    expect(r.err).toContain('No command "frobnicate"');
    expect(r.err).toContain("Commands:");
    expect((await kc(["help", "constructor"])).code).toBe(2);
  });

  it("kc --version prints package.json's version and nothing else", async () => {
    const r = await kc(["--version"]);
    expect(r).toEqual({ code: 0, out: `${packageJson.version}\n`, err: "" });
    expect(packageJson.version).toMatch(/^\d+\.\d+\.\d+/);
  });
});

describe("model options", () => {
  it("refuses a base URL that is not a URL before anything runs", async () => {
    const r = await kc(["ask", join(import.meta.dirname, "..", "..", "examples", "demo-vault"), "How long do retries wait?", "--base-url", "notaurl"]);
    expect(r.code).toBe(2);
    expect(r.err).toContain('--base-url must be an http or https URL such as http://127.0.0.1:8080, not "notaurl".');
  });

  it("says what to set when there is no key, in the command line's own terms", async () => {
    const r = await kc(["ask", join(import.meta.dirname, "..", "..", "examples", "demo-vault"), "How long should an upload wait before it is retried?"]);
    expect(r.code).toBe(1);
    expect(r.err).toContain("No Anthropic API key: set ANTHROPIC_API_KEY, or give --base-url for a compatible local server (which may need no key).");
    expect(r.err).not.toMatch(/Settings →|Obsidian/);
  });
});
