import { readFileSync } from "node:fs";
import process from "node:process";
import { describe, expect, it } from "vitest";
import { compareVersions, findApiUses, readSinceTable } from "./obsidian-api-versions";

const root = process.cwd();
const manifest = JSON.parse(readFileSync("manifest.json", "utf8")) as { version: string; minAppVersion: string };

/**
 * Obsidian API newer than minAppVersion that the plugin uses only behind a guard, and the guard. Each entry must
 * still be used (a stale entry fails), and no other newer API may be.
 */
const GUARDED: Record<string, string> = {
  // Obsidian 1.13+ calls it for its settings search; older versions never do and call display() instead
  // (tests/ui/settings-tab.spec.ts draws the tab both ways).
  "PluginSettingTab.getSettingDefinitions": "defined, called only by Obsidian 1.13+",
  // Obsidian's command line for plugins: registerCliHandlers returns before calling it where the method is missing
  // (tests/main-wiring.test.ts loads the built plugin where it is missing, tests/commands/register-cli-handlers.test.ts
  // where it is there).
  "Plugin.registerCliHandler": "called only where the running Obsidian defines it (1.12.2+)",
};

describe("minAppVersion against the Obsidian API the plugin calls", () => {
  const uses = findApiUses(root, "src/main.ts");

  it("reads the @since tags of the obsidian package", () => {
    const table = readSinceTable();
    expect(table.get("Vault.process")).toMatch(/^\d+\.\d+\.\d+$/);
    expect(table.get("PluginSettingTab.getSettingDefinitions")).toBe("1.13.0");
    expect(uses.length).toBeGreaterThan(20);
  });

  it("calls nothing newer than minAppVersion without a guard", () => {
    const unguarded = uses.filter((u) => compareVersions(u.since, manifest.minAppVersion) > 0 && !(u.api in GUARDED));
    expect(unguarded.map((u) => `${u.api} (${u.since}) at ${u.at}`)).toEqual([]);
    const newest = uses.filter((u) => !(u.api in GUARDED)).reduce((v, u) => (compareVersions(u.since, v) > 0 ? u.since : v), "0.0.0");
    expect(compareVersions(manifest.minAppVersion, newest)).toBeGreaterThanOrEqual(0);
  });

  it("uses every API the guard table lists, and each is newer than minAppVersion", () => {
    for (const api of Object.keys(GUARDED)) {
      const use = uses.find((u) => u.api === api);
      expect(use, api).toBeDefined();
      expect(compareVersions(use!.since, manifest.minAppVersion), api).toBeGreaterThan(0);
    }
  });
});
