import { formatChanges } from "../../core/compile/format-compile";
import { proposeRevalidation, relatedFactsOf } from "../../core/compile/revalidate";
import { writeRevalidationReviewed } from "../../core/workflows/reviewed-writes";
import { cliCompileHost } from "../cli-compile-host";
import { readCkpHeader } from "../../core/ckp/read-ckp-header";
import { classifyPath, knowledgePaths } from "../../core/knowledge/knowledge-layout";
import { estimateCost, formatCost } from "../../core/llm/cost";
import { localDate } from "../../core/util/local-date";
import { modelFromArgs, waitLine } from "../model-options";
import { EXIT, type CliIo } from "../cli-io";
import { loadVault, printVaultWarnings, type LoadedVault } from "../load-vault";
import { flagString, type ParsedArgs } from "../parse-args";
import { buildRouterIndex } from "../router-index";

/** Help text of `kc revalidate`. */
export const REVALIDATE_HELP = `kc revalidate <vault> <article> [--yes] [--model <id>] [--base-url <url>] [--knowledge <folder>] [--month YYYY-MM]

Re-applies seed 002's rubric to one article's SIMILAR_HIGH and SIMILAR_MID relationships (one bounded
model call that sees the article's header and opening and the headers of at most 8 related articles),
shows the header change, and writes it only after you say yes (or with --yes): kept relationships are
re-stamped with the current month, dropped ones are removed, the body is never touched. log.md gets a
"revalidate" entry; \`kc undo <vault>\` puts the article back. <article> is a path such as
knowledge/concepts/retry-with-backoff.md or a link such as concepts/retry-with-backoff.
Needs ANTHROPIC_API_KEY (or --base-url).`;

/** Runs `kc revalidate`. */
export async function runRevalidateCommand(args: ParsedArgs, io: CliIo): Promise<number> {
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
  const folder = vault.settings.knowledgeFolder;
  const path = findArticle(vault, name);
  const kind = path ? classifyPath(path, folder) : null;
  if (!path) {
    io.err(`No concept or connection article "${name}" in ${folder}/.\n`);
    return EXIT.usage;
  }
  if (kind !== "concept" && kind !== "connection" && kind !== "article") {
    io.err(`${path} is not a concept or connection article; only those carry relationships to revalidate.\n`);
    return EXIT.usage;
  }
  const text = vault.texts.get(path)!;
  const parsed = vault.index.note(path)!;
  const header = readCkpHeader(parsed.frontmatter);
  const { index } = buildRouterIndex(vault, "knowledge");
  const related = relatedFactsOf(path, header, folder, (l, from) => vault.index.resolve(l, from), (p) => index.get(p));
  if (related.length === 0) {
    io.err(`${path} has no SIMILAR_HIGH or SIMILAR_MID relationship to an existing article; nothing to revalidate.\n`);
    return EXIT.ok;
  }
  const built = await modelFromArgs(args, io, { streaming: false, onWait: waitLine(io) });
  if ("error" in built) {
    io.err(`${built.error}\n`);
    return built.exitCode;
  }
  const model = built.model;
  io.err(`Revalidating ${path} against ${related.length} related article${related.length === 1 ? "" : "s"}…\n`);
  const r = await proposeRevalidation(model, {
    path, text, header, opening: text.slice(parsed.bodyStartOffset, parsed.bodyStartOffset + 1500), related, month, knowledgeFolder: folder,
  });
  const usage = r.ok ? r.value.usage : r.error.usage;
  io.err(`Tokens: ${usage.inputTokens} in, ${usage.outputTokens} out, ${formatCost(estimateCost(usage))}\n`);
  if (!r.ok) {
    io.err(`${r.error.message}\n`);
    return EXIT.findings;
  }
  io.out(`${formatChanges([r.value.change], [])}\n`);
  const yes = args.flags.has("yes") || (io.confirm ? await io.confirm("Write this change?") : false);
  if (!yes) {
    io.err("Not written. Re-run with --yes to write it.\n");
    return EXIT.ok;
  }
  const w = await writeRevalidationReviewed(cliCompileHost(vault, index), r.value.change);
  if (!w.ok) {
    io.err(`${w.error}\n`);
    return EXIT.findings;
  }
  io.err(`Wrote ${path}; log.md updated. \`kc undo\` puts it back.\n`);
  return EXIT.ok;
}

/** The article a command-line name points to: a vault path (with or without .md) or a link resolved from index.md. */
function findArticle(vault: LoadedVault, name: string): string | null {
  const clean = name.replace(/^\.?\//, "");
  for (const p of [clean, `${clean}.md`]) if (vault.texts.has(p)) return p;
  return vault.index.resolve(clean.replace(/\.md$/, ""), knowledgePaths(vault.settings.knowledgeFolder).index);
}
