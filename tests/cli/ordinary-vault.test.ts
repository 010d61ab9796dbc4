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
