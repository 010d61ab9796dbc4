import { sha256Hex } from "../../util/sha256";
import { finding, type LintCheck } from "../lint-check";

const COMPILED = "# Daily Log: 2026-09-01\n\nSession one.\n";

/** Daily logs whose content changed since they were compiled (content hash differs). */
export const changedLog: LintCheck = {
  id: "changed-log",
  severity: "warning",
  description: "A daily log changed after it was compiled; its articles may be stale.",
  examples: [
    {
      name: "one unchanged, one edited after compile",
      files: { "daily/2026-09-01.md": COMPILED, "daily/2026-09-02.md": "# Daily Log: 2026-09-02\n\nEdited later.\n" },
      compileState: {
        logs: {
          "daily/2026-09-01.md": { hash: sha256Hex(COMPILED), compiledAt: "2026-09-01T20:00:00Z" },
          "daily/2026-09-02.md": { hash: sha256Hex("# Daily Log: 2026-09-02\n"), compiledAt: "2026-09-02T20:00:00Z" },
        },
      },
      expected: [{ at: "daily/2026-09-02.md:1", message: "changed since" }],
    },
  ],
  check(path, ctx) {
    const entry = ctx.compileState.logs[path];
    if (!entry || ctx.dailyDate(path) === null) return [];
    const hash = ctx.logHash(path);
    if (hash === undefined || hash === entry.hash) return [];
    return [finding(this, path, 0, 0, `Daily log changed since it was compiled on ${entry.compiledAt.slice(0, 10)}.`)];
  },
};
