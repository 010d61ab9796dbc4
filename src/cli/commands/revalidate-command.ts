import { formatChanges } from "../../core/compile/format-compile";
import { formatCost } from "../../core/llm/cost";
import { localDate } from "../../core/util/local-date";
import { revalidateArticle } from "../../core/workflows/revalidate-workflow";
import { waitLine, modelFlags } from "../model-options";
import { nodeHost } from "../../node/node-host";
import { EXIT, type NodeIo } from "../../node/node-io";
import { loadVault, printVaultWarnings } from "../../node/load-vault";
import { flagString, type ParsedArgs } from "../parse-args";
import { buildRouterIndex } from "../../node/router-index";
import type { Command } from "../run-cli";

/** Help text of `kc revalidate`. */
export const REVALIDATE_HELP = `kc revalidate <vault> <article> [--yes] [--model <id>] [--base-url <url>|--server <name>] [--knowledge <folder>] [--month YYYY-MM]

Re-applies seed 002's rubric to one article's SIMILAR_HIGH and SIMILAR_MID relationships (one bounded
model call that sees the article's header and opening and the headers of at most 8 related articles),
shows the header change, and writes it only after you say yes (or with --yes): kept relationships are
re-stamped with the current month, dropped ones are removed, the body is never touched. log.md gets a
"revalidate" entry; \`kc undo <vault>\` puts the article back. <article> is a path such as
knowledge/concepts/retry-with-backoff.md or a link such as concepts/retry-with-backoff.
Needs ANTHROPIC_API_KEY (or --base-url).`;

/** Runs `kc revalidate`: parses the flags, builds the host, calls the revalidation workflow and prints. */
export async function runRevalidateCommand(args: ParsedArgs, io: NodeIo): Promise<number> {
  const [, dir, name] = args.positionals;
  if (!dir || !name) {
    io.err(`Missing the vault folder or the article.\n\n${REVALIDATE_HELP}\n`);
    return EXIT.usage;
  }
  const month = flagString(args, "month", localDate().slice(0, 7))!;
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) {
    io.err(`--month must look like 2026-11, not "${month}".\n`);
    return EXIT.usage;
  }
  const knowledge = flagString(args, "knowledge");
  const vault = await loadVault(dir, knowledge !== undefined ? { knowledgeFolder: knowledge } : {});
  printVaultWarnings(vault, io);
  const { index } = buildRouterIndex(vault, "knowledge");
  const r = await revalidateArticle(
    nodeHost(vault, index, modelFlags(args), io),
    name,
    {
      review: async (change) => {
        io.out(`${formatChanges([change], [])}\n`);
        const yes = args.flags.has("yes") || (io.confirm ? await io.confirm("Write this change?") : false);
        if (!yes) io.err("Not written. Re-run with --yes to write it.\n");
        return yes;
      },
    },
    {
      month,
      onWait: waitLine(io),
      events: {
        asking: (path, n) => io.err(`Revalidating ${path} against ${n} related article${n === 1 ? "" : "s"}…\n`),
        proposed: (usage, usd) => io.err(`Tokens: ${usage.inputTokens} in, ${usage.outputTokens} out, ${formatCost(usd)}\n`),
      },
    },
  );
  switch (r.status) {
    case "refused":
      io.err(`${r.message}\n`);
      return r.reason === "no-relations" ? EXIT.ok : EXIT.usage;
    case "unavailable":
      io.err(`${r.error.message}\n`);
      return r.error.kind === "bad-config" ? EXIT.usage : EXIT.findings;
    case "failed":
    case "write-failed":
      io.err(`${r.message}\n`);
      return EXIT.findings;
    case "not-written":
      return EXIT.ok;
    case "written":
      io.err(`Wrote ${r.path}; log.md updated. \`kc undo\` puts it back.\n`);
      return EXIT.ok;
  }
}

/** The command as kc's command tables hold it (main.ts, and the release bundle of this command alone). */
export const command: Command = { help: REVALIDATE_HELP, run: runRevalidateCommand };
