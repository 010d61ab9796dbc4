import { afterEach, describe, expect, it } from "vitest";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import process from "node:process";
import { CONFIG_DIR } from "../fakes/config-dir";
import { runKc } from "../fakes/run-kc";
import { tempVaults } from "../fakes/temp-vault";

/** Every file of a vault outside hidden folders, as bytes (the plugin's own folder is hidden). */
function filesOf(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string): void => {
    for (const name of readdirSync(d)) {
      if (name.startsWith(".")) continue;
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else out[relative(dir, p).split("\\").join("/")] = readFileSync(p).toString("base64");
    }
  };
  walk(dir);
  return out;
}

/** How many findings of a check `kc lint --scope vault` reports. */
async function count(dir: string, check: string): Promise<number> {
  const r = await runKc(["lint", dir, "--scope", "vault", "--format", "json"]);
  return (JSON.parse(r.out) as { findings: { check: string }[] }).findings.filter((f) => f.check === check).length;
}

const vaults = tempVaults();
afterEach(() => vaults.cleanup());

// An ordinary vault: notes in folders of their own, no knowledge folder, a daily note, a hidden folder.
const ORDINARY = {
  "Projects/Alpha.md": "# Alpha\n\nSee [[Beta]] and [[Gamma]].\n",
  "Projects/Beta.md": "# Beta\n\nAbout beta.\n",
  "Areas/Gamma.md": "# Gamma\n\nAbout gamma.\n",
  ".trash/Old.md": "# Old\n\n[[Alpha]]\n",
  [`${CONFIG_DIR}/app.json`]: "{}\n",
};

describe("kc lint --fix on a vault linted as a whole", () => {
  it("reviews, writes nothing without a yes, writes with --yes outside the knowledge folder, and kc undo puts it back", async () => {
    const dir = vaults.make(ORDINARY);
    const before = filesOf(dir);
    expect(await count(dir, "missing-backlink")).toBe(2);

    const unasked = await runKc(["lint", dir, "--scope", "vault", "--fix"]);
    expect(unasked.out).toContain("Projects/Beta.md\n  adds a link back to Projects/Alpha.md");
    expect(unasked.err).toContain("Nothing was written: re-run with --yes");
    expect(filesOf(dir)).toEqual(before);

    const declined = await runKc(["lint", dir, "--scope", "vault", "--fix"], {}, () => Promise.resolve(false));
    expect(declined.err).toContain("Nothing was written.");
    expect(filesOf(dir)).toEqual(before);

    const fixed = await runKc(["lint", dir, "--scope", "vault", "--fix", "--yes"]);
    expect(fixed.code).toBe(0);
    expect(fixed.err).toContain("Fixed 2 findings in 2 notes as one write; `kc undo` puts them back.");
    expect(readFileSync(join(dir, "Projects/Beta.md"), "utf8")).toContain("[[Projects/Alpha]]");
    expect(readFileSync(join(dir, ".trash/Old.md"), "utf8")).toBe(ORDINARY[".trash/Old.md"]);
    expect(await count(dir, "missing-backlink")).toBe(0);

    const undo = await runKc(["undo", dir]);
    expect(undo.code).toBe(0);
    expect(undo.err).toContain("Undid the lint fix, written");
    expect(filesOf(dir)).toEqual(before);
  });

  it("fixes nothing outside the knowledge folder when lint covers only that folder", async () => {
    const dir = vaults.make({ ...ORDINARY, "knowledge/index.md": "# Index\n" });
    const before = filesOf(dir);
    const r = await runKc(["lint", dir, "--scope", "knowledge", "--fix", "--yes"]);
    expect(r.err).toContain("Nothing to fix");
    expect(filesOf(dir)).toEqual(before);
  });

  it("takes --yes only with --fix", async () => {
    const dir = vaults.make(ORDINARY);
    expect((await runKc(["lint", dir, "--yes"])).code).toBe(2);
  });
});

// A real third-party vault (see ../shared/research-data/README.md), copied to a temporary folder: never written in place.
const NOCLOCKS = join(process.env.KC_RESEARCH_DATA ?? join(import.meta.dirname, "..", "..", "..", "shared", "research-data"), "noclocks-vault");

describe.skipIf(!existsSync(NOCLOCKS))("kc lint --scope vault --fix --yes on a copy of noclocks-vault", () => {
  it("lowers the missing backlinks, and kc undo puts every note back byte for byte", async () => {
    const dir = mkdtempSync(join(tmpdir(), "kc-noclocks-fix-"));
    try {
      cpSync(NOCLOCKS, dir, { recursive: true });
      const before = filesOf(dir);
      const missing = await count(dir, "missing-backlink");
      expect(missing).toBeGreaterThan(0);
      const fixed = await runKc(["lint", dir, "--scope", "vault", "--fix", "--yes"]);
      expect(fixed.err).toMatch(/Fixed \d+ findings in \d+ notes as one write/);
      expect(await count(dir, "missing-backlink")).toBeLessThan(missing);
      expect((await runKc(["undo", dir])).code).toBe(0);
      expect(filesOf(dir)).toEqual(before);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
