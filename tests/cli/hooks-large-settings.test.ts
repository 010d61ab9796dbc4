import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { runKc } from "../fakes/run-kc";
import { CONFIG_DIR } from "../fakes/config-dir";
import { diffSettingsText } from "../../src/cli/settings-diff";

// Issue 32, finding 4: install time and memory grew with the square of ~/.claude.json (a line diff's full table:
// 1.16 MB took 43 s and 8.4 GB). Active users have files of several MB.

/** A ~/.claude.json as Claude Code writes one after long use: many projects, each with a long prompt history. */
function bigClaudeJson(projects: number): string {
  const value = {
    numStartups: 812,
    oauthAccount: { accountUuid: "0000", emailAddress: "a@b.c" },
    projects: Object.fromEntries(
      Array.from({ length: projects }, (_, p) => [
        `/home/a/work/project-${p}`,
        {
          allowedTools: [],
          history: Array.from({ length: 50 }, (_, h) => ({
            display: `prompt ${h} of project ${p}: ${"lorem ipsum dolor sit amet ".repeat(10)}`,
            pastedContents: {},
          })),
          mcpServers: {},
          hasTrustDialogAccepted: true,
        },
      ]),
    ),
  };
  return JSON.stringify(value, null, 2) + "\n";
}

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "kc-hooks-big-"));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("a settings file of megabytes (issue 32, finding 4: a linear diff)", () => {
  it("installs into a 5 MB ~/.claude.json and back out, with memory bounded, leaving every other byte", async () => {
    const home = join(root, "home");
    const vault = join(root, "vault");
    const project = "/home/a/work/project-150";
    mkdirSync(join(home, ".claude"), { recursive: true });
    mkdirSync(join(vault, CONFIG_DIR), { recursive: true });
    const text = bigClaudeJson(330);
    expect(text.length).toBeGreaterThan(5_000_000);
    writeFileSync(join(home, ".claude.json"), text, { mode: 0o600 });
    const before = process.resourceUsage().maxRSS;
    // --project names a folder that need not exist for the server entry; its local settings go to a scratch copy.
    mkdirSync(join(root, "p"), { recursive: true });
    const r = await runKc(["hooks", "install", "--user", "--vault", vault, "--yes"], { HOME: home });
    expect(r.code, r.err).toBe(0);
    const after = readFileSync(join(home, ".claude.json"), "utf8");
    const parsed = JSON.parse(after) as { mcpServers: Record<string, unknown>; projects: Record<string, unknown> };
    expect(Object.keys(parsed.mcpServers)).toEqual(["knowledge-compiler"]);
    expect(Object.keys(parsed.projects)).toHaveLength(330);
    expect(parsed.projects[project]).toEqual((JSON.parse(text) as typeof parsed).projects[project]);
    // The diff shown is the few lines kc adds, not the file.
    expect(r.out.split("\n").length).toBeLessThan(60);
    const u = await runKc(["hooks", "uninstall", "--user", "--yes"], { HOME: home });
    expect(u.code, u.err).toBe(0);
    expect(readFileSync(join(home, ".claude.json"), "utf8")).toBe(text);
    // Peak resident memory (kilobytes) grew by less than 600 MB over both runs; the line diff's table alone for this
    // file (about 170,000 lines) would have been 170,000² × 4 bytes.
    expect(process.resourceUsage().maxRSS - before).toBeLessThan(600 * 1024);
  }, 120_000);
});

describe("the settings diff", () => {
  const lines = (n: number, tag = "") => Array.from({ length: n }, (_, i) => `  "k${i}": "value ${i}${tag}",`);

  it("shows an edit in the middle of a long file with two lines of context around it", () => {
    const a = lines(200_000);
    const b = [...a.slice(0, 100_000), '  "new": 1,', ...a.slice(100_000)];
    expect(diffSettingsText(a.join("\n"), b.join("\n"))).toEqual([
      "…",
      `    "k99998": "value 99998",`,
      `    "k99999": "value 99999",`,
      '+   "new": 1,',
      `    "k100000": "value 100000",`,
      `    "k100001": "value 100001",`,
      "…",
    ]);
  });

  it("stays linear when edits at both ends leave a long middle: the middle is shown whole", () => {
    const a = lines(200_000);
    const b = ["{", ...a, "}"];
    const d = diffSettingsText(a.join("\n"), b.join("\n"));
    expect(d[0]).toBe('-   "k0": "value 0",');
    expect(d.filter((l) => l.startsWith("- "))).toHaveLength(200_000);
    expect(d.filter((l) => l.startsWith("+ "))).toHaveLength(200_002);
  });

  it("reads as the line diff for small files, and is empty without a change", () => {
    expect(diffSettingsText("a\nb\nc\nd\ne\nf\ng\nh", "a\nb\nC\nd\ne\nf\ng\nh\ni")).toEqual([
      "  a",
      "  b",
      "- c",
      "+ C",
      "  d",
      "  e",
      "…",
      "  g",
      "  h",
      "+ i",
    ]);
    expect(diffSettingsText("x\ny", "x\ny")).toEqual([]);
  });
});
