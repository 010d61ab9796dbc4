import { relationSource } from "../../core/headers/draft-header";
import { formatCost } from "../../core/llm/cost";
import { stripControls } from "../../core/util/strip-controls";
import type { HeaderModelPass, HeaderProposal, HeaderRun } from "../../core/workflows/propose-headers-workflow";
import { proposeNoteHeaders } from "../../core/workflows/propose-headers-workflow";
import { nodeHost, unavailableExit } from "../../node/node-host";
import { confirmBatch } from "../batch-confirm";
import { EXIT, usage, type NodeIo } from "../../node/node-io";
import { loadVault, printVaultWarnings } from "../../node/load-vault";
import { baseUrlProblem, modelFlags } from "../model-options";
import { flagString, type ParsedArgs } from "../parse-args";
import { warmRouterIndex } from "../../node/router-index-cache";
import { NoteReadingCache } from "../../node/note-reading-cache";
import { readFile } from "node:fs/promises";
import { templateFoldersOf } from "../../node/template-folders";
import type { Command } from "../run-cli";

/** Help text of `kc headers`. */
export const HEADERS_HELP = `kc headers <vault> <note>... [--all-missing N] [--with-model] [--model <id>] [--base-url <url>|--server <name>] [--yes]
           [--accept <file>] [--dry-run] [--confirm-above <usd>] [--knowledge <folder>]

Proposes CKP headers for existing notes that lack them, so Ask, route and the graph know them better: a
TLDR that states the note's point (the sentence of its opening that best does, or its description
property), answers_when as the questions a person would bring (from its title, headings, the terms it
defines and the questions it asks), SIMILAR_HIGH from the notes it links to that belong with it and
SIMILAR_MID from further links and its closest notes by words, each stamped with this month. Offline by
default. Templates (the Templates and Templater folders, placeholders), drawings, boards, canvases and
generated reports are skipped with the reason. Shows every proposal, then asks about each note on a
terminal and writes the notes you accept as one write that changes their frontmatter only (the body stays
byte for byte); \`kc undo <vault>\` puts them back. A field a note already has is never replaced; daily
notes and hidden folders are never written.

  <note>...            vault paths (with or without .md) or note names
  --all-missing N      also up to N notes of the vault without a TLDR or answers_when, those that gain
                       most first (the notes Ask's past questions loaded, then the most linked to)
  --with-model         improve each TLDR and answers_when with the model (its total estimate is shown
                       first, and asked about above --confirm-above; --yes accepts it)
  --confirm-above <usd>  ask before a model pass estimated above this (default: the plugin's "Ask
                       before costly compiles", else $0.25; 0 always asks)
  --model <id>         the model of that pass (implies --with-model); --base-url as for kc ask
  --yes                write every proposal without asking (and accept the model pass's cost)
  --accept <file>      write only the notes the file lists (one vault path a line; # starts a comment),
                       without asking: the accepted set of a review made elsewhere
  --dry-run            show the proposals and write nothing`;

/** Runs `kc headers`: parses the flags, builds the host over every note, calls the header workflow and prints. */
export async function runHeadersCommand(args: ParsedArgs, io: NodeIo): Promise<number> {
  const [, dir, ...notes] = args.positionals;
  const allMissing = Number(flagString(args, "all-missing", "0"));
  if (!Number.isInteger(allMissing) || allMissing < 0) return usage(io, "--all-missing must be a whole number of notes.");
  if (!dir || (notes.length === 0 && allMissing === 0)) {
    io.err(`Missing the vault folder, or the notes (give paths or --all-missing N).\n\n${HEADERS_HELP}\n`);
    return EXIT.usage;
  }
  const withModel = args.flags.has("with-model") || args.flags.has("model");
  const badUrl = withModel ? baseUrlProblem(args, io.env) : null;
  if (badUrl) return usage(io, badUrl);
  const yes = args.flags.has("yes");
  const dryRun = args.flags.has("dry-run");
  const acceptFile = flagString(args, "accept");
  let accept: Set<string> | null = null;
  if (acceptFile !== undefined) {
    const listed = await readAcceptList(acceptFile);
    if (typeof listed === "string") return usage(io, listed);
    accept = listed;
  }
  const knowledge = flagString(args, "knowledge");
  // Drafts never read a note's word count.
  const vault = await loadVault(dir, knowledge !== undefined ? { knowledgeFolder: knowledge } : {}, undefined, { countWords: "no" });
  const { index, state } = await warmRouterIndex(vault, "vault", io.env);
  // What an earlier run read of each note's words (a dry run keeps them too: they only save reading them again).
  const readings = NoteReadingCache.open(vault.root, state, io.env);
  printVaultWarnings(vault, io);
  const host = nodeHost(vault, index, modelFlags(args), io);
  const run = await proposeNoteHeaders(
    host,
    {
      paths: notes,
      allMissing,
      model: withModel,
      dryRun,
      templateFolders: await templateFoldersOf(vault.root),
      loaded: {
        text: (p) => vault.texts.get(p),
        parsed: (p) => vault.index.note(p),
        reading: (p) => readings?.get(p),
        keepReading: (p, r) => readings?.keep(p, r),
      },
    },
    {
      confirmSpend: async (e, modelId) =>
        (await confirmBatch(args, io, host.settings(), {
          batch: e,
          modelId,
          what: `Improving ${e.calls === 1 ? "the drafts in 1 call" : `the drafts in ${e.calls} calls`}`,
          question: "Ask the model for better headers",
          declined: "The model was not called; the offline drafts follow.",
        })) === null,
      review: async (proposals, pass) => {
        printProposals(io, proposals, pass);
        return reviewEach(io, proposals, { yes, accept });
      },
    },
  );
  readings?.save();
  return report(io, run, dryRun);
}

/**
 * The notes to write: every proposal with --yes; those the --accept file lists; else, on a terminal, each note asked
 * about in turn; with no one to ask, none (and how to choose).
 */
async function reviewEach(
  io: NodeIo,
  proposals: readonly HeaderProposal[],
  how: { yes: boolean; accept: ReadonlySet<string> | null },
): Promise<Set<string> | null> {
  if (how.yes) return new Set(proposals.map((p) => p.path));
  if (how.accept) {
    const chosen = new Set(proposals.filter((p) => how.accept!.has(p.path) || how.accept!.has(p.path.replace(/\.md$/i, ""))).map((p) => p.path));
    const unknown = [...how.accept].filter((a) => !proposals.some((p) => p.path === a || p.path.replace(/\.md$/i, "") === a));
    for (const a of unknown) io.err(`--accept lists ${a}, which has no proposal here; left alone.\n`);
    if (chosen.size === 0) io.err("Nothing was written: --accept lists none of the proposed notes.\n");
    return chosen;
  }
  if (!io.confirm) {
    io.err("Nothing was written: re-run with --yes to write them all, or --accept <file> listing the notes to write (or --dry-run to only look).\n");
    return null;
  }
  const chosen = new Set<string>();
  for (const [i, p] of proposals.entries()) if (await io.confirm(`(${i + 1}/${proposals.length}) Write the header of ${p.path}?`)) chosen.add(p.path);
  if (chosen.size === 0) io.err("Nothing was written.\n");
  return chosen;
}

/** The vault paths an --accept file lists (one a line, # comments, blank lines ignored), or why it cannot be read. */
async function readAcceptList(file: string): Promise<Set<string> | string> {
  try {
    const text = await readFile(file, "utf8");
    return new Set(
      text
        .split(/\r?\n/)
        .map((l) => l.replace(/#.*$/, "").trim().replace(/\\/g, "/").replace(/^\.\//, ""))
        .filter((l) => l !== ""),
    );
  } catch (e) {
    const code = (e as { code?: string }).code;
    return `--accept ${file}: ${code === "ENOENT" ? "no such file" : `cannot be read (${code ?? "unknown error"})`}.`;
  }
}

/** Prints the outcome: skips, the dry run's proposals, the write and how to undo it. */
function report(io: NodeIo, run: HeaderRun, dryRun: boolean): number {
  if (run.skipped.length > 0) io.err(run.skipped.map((s) => `skipped ${s.path}: ${s.reason}\n`).join(""));
  if (run.pass.status === "unavailable") io.err(`${run.pass.error.message} (the offline drafts are shown instead)\n`);
  if (dryRun) printProposals(io, run.proposals, run.pass);
  if (run.proposals.length === 0) {
    io.err("No header to propose.\n");
    return run.skipped.length > 0 ? EXIT.findings : EXIT.ok;
  }
  if (run.writeError) {
    io.err(`${run.writeError}\n`);
    return EXIT.findings;
  }
  if (run.written) {
    const n = run.written.files.filter((f) => run.proposals.some((p) => p.path === f.path)).length;
    io.err(`Wrote headers to ${n} note${n === 1 ? "" : "s"} (frontmatter only); \`kc undo\` puts ${n === 1 ? "it" : "them"} back.\n`);
  }
  if (run.pass.status === "unavailable") return unavailableExit(run.pass.error);
  return EXIT.ok;
}

/** Each proposal as the fields it sets, relationships with where they came from, and what the model pass did. */
function printProposals(io: NodeIo, proposals: readonly HeaderProposal[], pass: HeaderModelPass): void {
  if (pass.status === "done") {
    const failed = pass.failed.length > 0 ? `; ${pass.failed.length} call${pass.failed.length === 1 ? "" : "s"} failed (${pass.failed[0]})` : "";
    io.err(
      `${pass.model} improved ${pass.refined} of ${proposals.length}: ${pass.usage.inputTokens} in + ${pass.usage.outputTokens} out tokens, ${formatCost(pass.usd)}${failed}\n`,
    );
  }
  // One write, not one per line: thousands of proposals were thousands of system calls.
  const lines: string[] = [];
  for (const p of proposals) {
    lines.push(`\n${p.path} (${p.by === "model" ? "draft improved by the model" : "offline draft"})\n`);
    if (p.fields.tldr !== undefined) lines.push(`  tldr: ${stripControls(p.fields.tldr)}\n`);
    if (p.fields.answers_when !== undefined) lines.push(`  answers_when: ${stripControls(p.fields.answers_when.join(", "))}\n`);
    for (const r of p.relations) lines.push(`  similar_${r.tier}: ${r.target.replace(/\.md$/i, "")} (${relationSource(r.why)})\n`);
  }
  io.out(`${lines.join("")}\n`);
}

/** The command as kc's command tables hold it (main.ts, and the release bundle of this command alone). */
export const command: Command = { help: HEADERS_HELP, run: runHeadersCommand };
