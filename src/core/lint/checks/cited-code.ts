import { citationDrift, type CitationDrift } from "../../drift/check-citations";
import { finding, type LintCheck } from "../lint-check";
import type { LintContext } from "../lint-context";
import type { LintFinding } from "../lint-types";

const REPO = {
  "src/sync/outbox.ts": "export class Outbox {\n  async flush(): Promise<void> {}\n}\nexport const MAX_RETRIES = 5;\n",
  "server/merge.py": "class FieldMerge:\n    def resolve(self, a, b):\n        pass\n",
};

/** The drift of one article's citations of one kind, as findings at the citation (none without a repository). */
function driftFindings(check: LintCheck, kind: CitationDrift["check"], path: string, ctx: LintContext): LintFinding[] {
  const repo = ctx.codeRepo;
  if (!repo || !ctx.citationsOf || !ctx.inScope(path) || !ctx.isArticle(path)) return [];
  const out: LintFinding[] = [];
  for (const c of ctx.citationsOf(path)) {
    const d = citationDrift(c, repo);
    // A link to a file of the vault (`[script](attachments/backup.sh)`) is not a citation of the repository.
    if (d?.check === "cited-file-missing" && c.link && ctx.view.resolve(c.path, path) !== null) continue;
    if (d && d.check === kind) out.push(finding(check, path, d.line, d.col, `Cites ${d.message.slice("cites ".length)}.`));
  }
  return out;
}

/** Seed 003's drift, deterministic: an article cites a source file that is not in the code repository. */
export const citedFileMissing: LintCheck = {
  id: "cited-file-missing",
  severity: "warning",
  description:
    "An article cites a file of the code repository (`path/to/file.ts`) that no longer exists there: moved, renamed or deleted. Checked only when a code repository folder is set (in the lint settings).",
  examples: [
    {
      name: "a moved file, a URL and fenced code",
      repo: REPO,
      files: {
        "knowledge/concepts/sync.md":
          "# Sync\n\nThe queue is `src/sync/outbox.ts`; retries are in [merge](server/merge.py).\nIt used to be `src/sync/queue.ts`, see `https://example.com/src/a.ts`.\n```\nsrc/old.ts\n```\n",
      },
      expected: [{ at: "knowledge/concepts/sync.md:4", message: "src/sync/queue.ts" }],
    },
    {
      name: "URLs without a scheme and a link to a file of the vault are not code citations",
      repo: REPO,
      files: {
        "knowledge/concepts/deps.md":
          "# Deps\n\nFrom `deno.land/x/oak/mod.ts`, `esm.sh/react.js`, `example.co.uk/a/b.js` and `cdn.example.de/lib/x.js`.\nRun [script](attachments/backup.sh) nightly; `src/sync/gone.ts` is gone.\n",
        "attachments/backup.sh": "",
      },
      expected: [{ at: "knowledge/concepts/deps.md:4", message: "src/sync/gone.ts" }],
    },
    {
      name: "no repository configured: nothing to report",
      files: { "knowledge/concepts/sync.md": "# Sync\n\nIt used to be `src/sync/queue.ts`.\n" },
      expected: [],
    },
  ],
  check(path, ctx) {
    return driftFindings(this, "cited-file-missing", path, ctx);
  },
};

/** Seed 003's drift, deterministic: an article cites a symbol its file no longer defines. */
export const citedSymbolMissing: LintCheck = {
  id: "cited-symbol-missing",
  severity: "warning",
  description:
    "An article cites a symbol (`file.ts:Name`, `file.py:Class.method`, `lib.rs:Type::fn`) that the file no longer defines: renamed or deleted (a light definition scan for TypeScript/JavaScript, Python, Go and Rust).",
  examples: [
    {
      name: "a renamed method and a deleted constant",
      repo: REPO,
      files: {
        "knowledge/concepts/sync.md":
          "# Sync\n\n`src/sync/outbox.ts:Outbox.flush` drains it, not `src/sync/outbox.ts:Outbox.drain`.\n`server/merge.py:FieldMerge.resolve` and `server/merge.py:TIMEOUT`.\n",
      },
      expected: [
        { at: "knowledge/concepts/sync.md:3", message: "drain" },
        { at: "knowledge/concepts/sync.md:4", message: "TIMEOUT" },
      ],
    },
  ],
  check(path, ctx) {
    return driftFindings(this, "cited-symbol-missing", path, ctx);
  },
};
