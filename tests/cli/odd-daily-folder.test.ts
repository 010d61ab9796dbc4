import { describe, expect, it } from "vitest";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runKc } from "../fakes/run-kc";
import { CONFIG_DIR } from "../fakes/config-dir";

// Issue 32: odd --daily-folder values (the rule itself: tests/core/knowledge/daily-folder-flag.test.ts).
describe("odd --daily-folder values on the command line", () => {
  it("is the rule kc compile applies: an empty or hidden folder is refused before anything is read or sent", async () => {
    const root = mkdtempSync(join(tmpdir(), "kc-daily-flag-"));
    try {
      mkdirSync(join(root, CONFIG_DIR), { recursive: true });
      writeFileSync(join(root, "2026-11-21.md"), "# day\n");
      for (const [value, why] of [
        ["", "is empty"],
        [CONFIG_DIR, "hidden folder"],
        ["~/notes", "home folder"],
      ]) {
        const r = await runKc(["compile", root, "--daily-folder", value!, "--dry-run", "--today", "2026-11-21"], { HOME: root });
        expect(r.code).toBe(2);
        expect(r.err).toContain(why);
        expect(r.err).not.toContain("Daily notes:");
      }
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
