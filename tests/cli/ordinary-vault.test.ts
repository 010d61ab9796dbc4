import { afterEach, describe, expect, it } from "vitest";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { runKc } from "../fakes/run-kc";
import { tempVaults } from "../fakes/temp-vault";
import { CONFIG_DIR } from "../fakes/config-dir";

const vaults = tempVaults();
afterEach(() => vaults.cleanup());

async function brokenLinks(dir: string): Promise<string[]> {
  const r = await runKc(["lint", dir, "--scope", "vault", "--format", "json"]);
  const json = JSON.parse(r.out) as { findings: { check: string; message: string }[] };
  return json.findings.filter((f) => f.check === "broken-link").map((f) => f.message);
}

describe("kc lint on an ordinary vault", () => {
  it("reports no link inside code that a callout's fence opened, when a bare fence follows the callout", async () => {
    const dir = vaults.make({
      "Note.md": "> [!example]\n> ```js\n> const a = [[not-a-link]];\n```\nconst b = [[still-code]];\n```\n\n[[missing]]\n",
    });
    const broken = await brokenLinks(dir);
    expect(broken).toHaveLength(1);
    expect(broken[0]).toContain("[[missing]]");
  });

  it("leaves a wikilink with a leading slash unresolved, as Obsidian does, while a markdown link with one resolves", async () => {
    const dir = vaults.make({ "_README.md": "# Readme\n", "sub/Note.md": "[[/_README]] and [readme](/_README.md)\n" });
    const broken = await brokenLinks(dir);
    expect(broken).toHaveLength(1);
    expect(broken[0]).toContain("[[/_README]]");
  });
});

describe("folders given on the command line", () => {
  const kb = { "knowledge/concepts/a.md": "---\ntitle: A\n---\n[[nowhere]]\n", "knowledge/index.md": "[[a]]\n" };

  it("reads --knowledge ./knowledge/ as the knowledge folder itself", async () => {
    const dir = vaults.make(kb);
    const plain = await runKc(["lint", dir, "--format", "json"]);
    const dotted = await runKc(["lint", dir, "--knowledge", "./knowledge/", "--format", "json"]);
    expect(JSON.parse(dotted.out)).toEqual(JSON.parse(plain.out));
    expect((JSON.parse(plain.out) as { findings: unknown[] }).findings.length).toBeGreaterThan(0);
  });

  it("refuses --knowledge . (the vault root) and a folder outside the vault with exit 2, instead of linting nothing", async () => {
    const dir = vaults.make(kb);
    for (const folder of [".", "../other"]) {
      const r = await runKc(["lint", dir, "--knowledge", folder]);
      expect(r.code).toBe(2);
      expect(r.err).toContain(`knowledge folder "${folder}"`);
      expect(r.out).toBe("");
    }
  });
});

describe("kc compile without hand-written config", () => {
  const log = "# 2026-11-20\n\nWorked on upload retries with backoff and jitter; the captive portal broke uploads.\n";

  it("finds daily notes at the vault's root (Obsidian's default) and says where it looked", async () => {
    const dir = vaults.make({ "2026-11-20.md": log, "Projects/Plan.md": "# Plan\n" });
    const r = await runKc(["compile", dir, "--all", "--dry-run"]);
    expect(r.code, r.err).toBe(0);
    expect(r.err).toContain("Daily notes: YYYY-MM-DD.md (from Obsidian's default, the vault's root");
    expect(r.out).toContain("2026-11-20.md");
  });

  it("takes --daily-folder and --daily-format, normalised", async () => {
    const dir = vaults.make({ "Journal/20.11.2026.md": log });
    const r = await runKc(["compile", dir, "--all", "--dry-run", "--daily-folder", "./Journal/", "--daily-format", "DD.MM.YYYY"]);
    expect(r.code, r.err).toBe(0);
    expect(r.err).toContain("Daily notes: Journal/DD.MM.YYYY.md (from --daily-folder");
    expect(r.out).toContain("Journal/20.11.2026.md");
  });

  it("keeps the plugin's default folder when daily notes are there", async () => {
    const dir = vaults.make({ "daily/2026-11-20.md": log });
    const r = await runKc(["compile", dir, "--all", "--dry-run"]);
    expect(r.err).toContain("Daily notes: daily/YYYY-MM-DD.md (from the default;");
  });
});

describe("kc lint agrees with the plugin's saved settings", () => {
  it("lints every note when the plugin's settings say so, and --scope still wins", async () => {
    const dir = vaults.make({
      [`${CONFIG_DIR}/plugins/ckp-knowledge-compiler/data.json`]: JSON.stringify({ settings: { lintScope: "vault" } }),
      "Notes/a.md": "[[nowhere]]\n",
    });
    const saved = await runKc(["lint", dir, "--format", "json"]);
    expect(saved.err).not.toContain("does not exist");
    expect((JSON.parse(saved.out) as { findings: { check: string }[] }).findings.map((f) => f.check)).toContain("broken-link");
    const flag = await runKc(["lint", dir, "--scope", "knowledge"]);
    expect(flag.code).toBe(2);
    expect(flag.err).toContain('knowledge folder "knowledge"');
  });

  it("dates the report by --today", async () => {
    const dir = vaults.make({ "Notes/a.md": "# A\n" });
    const r = await runKc(["lint", dir, "--scope", "vault", "--today", "2026-01-15"]);
    expect(r.out).toContain("2026-01-15");
  });
});

describe("kc undo on a vault where nothing was written", () => {
  it("says there is nothing to undo and creates no plugin folder", async () => {
    const dir = vaults.make({ "Notes/a.md": "# A\n" });
    const r = await runKc(["undo", dir]);
    expect(r.code).toBe(0);
    expect(r.err).toContain("Nothing to undo");
    expect(existsSync(join(dir, CONFIG_DIR))).toBe(false);
  });
});
