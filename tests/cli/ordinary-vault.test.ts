import { afterEach, describe, expect, it } from "vitest";
import { runKc } from "../fakes/run-kc";
import { tempVaults } from "../fakes/temp-vault";

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
