import { finding, type LintCheck } from "../lint-check";

/** Daily logs that were never compiled (no entry in the compile state). */
export const uncompiledLog: LintCheck = {
  id: "uncompiled-log",
  severity: "suggestion",
  description: "A daily log has never been compiled into the knowledge base.",
  examples: [
    {
      name: "one compiled, one not",
      files: { "daily/2026-09-01.md": "# Daily Log: 2026-09-01\n", "daily/2026-09-02.md": "# Daily Log: 2026-09-02\n", "daily/notes.md": "x" },
      compileState: { logs: { "daily/2026-09-01.md": { hash: "h", compiledAt: "2026-09-01T20:00:00Z" } } },
      expected: [{ at: "daily/2026-09-02.md:1" }],
    },
  ],
  check(path, ctx) {
    if (ctx.dailyDate(path) === null || ctx.compileState.logs[path]) return [];
    return [finding(this, path, 0, 0, "Daily log never compiled.")];
  },
};
