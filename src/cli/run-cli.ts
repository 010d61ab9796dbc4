import { EXIT, type NodeIo } from "../node/node-io";
import { VaultPathError } from "../node/load-vault";
import { COMMAND_SPECS } from "./command-specs";
import { describeError } from "../core/workflows/commit-writes";
import { scrubSecrets } from "../core/util/scrub-secrets";
import { stripControls } from "../core/util/strip-controls";
import { parseCommandArgs, type ParsedArgs } from "./parse-args";
import { readCommandLine } from "./command-line";
import process from "node:process";
import { isatty } from "node:tty";
import { outputWriter } from "../node/write-out";
import { clearTimeout, setTimeout } from "node:timers";
// Only the version is bundled (esbuild keeps the one field a named import of JSON uses): built in at build time.
import { version } from "../../package.json";

export const HELP = `kc: the Knowledge Compiler's command line, on the same core as the Obsidian plugin.

Commands:
  kc lint <vault>                   check links, orphans, backlinks, CKP headers, daily logs
  kc route <vault> "question"       show which articles a question would load, and why (no network)
  kc ask <vault> "question"         answer from the routed articles with citations (needs ANTHROPIC_API_KEY)
  kc compile <vault>                compile today's daily note (or --file, --all) into reviewed articles
  kc revalidate <vault> <article>   re-check one article's relationships and re-stamp them (reviewed)
  kc headers <vault> <note>...      propose CKP headers for notes that lack them (offline draft, reviewed, undoable)
  kc undo <vault>                   put back the files of the last compile, revalidation or header write
  kc contradictions <vault>         ask the model whether related articles contradict each other (bounded, opt-in)
  kc drift <vault> --repo <dir>     articles citing code files or symbols that no longer exist (offline)
  kc eval-route <vault> <set.json>  recall of routing on a question set (lexical, shortlist ceiling; --select)
  kc graph <vault>                  the graph of CKP tiers as JSON, DOT or Mermaid (no network)
  kc capture <vault>                turn Claude Code sessions into daily-log entries (redacted, never twice)
  kc prime <vault>                  a bounded, routed context for a new Claude Code session (--hook for SessionStart)
  kc mcp <vault>                    an MCP server (stdio) for Claude Code: route, read_article, ask, lint_summary, recent_sessions
  kc hooks install|uninstall        add (or remove) the prime and capture hooks and the MCP server in Claude Code's settings
  kc spend <vault>                  what model calls cost today, this month and by feature, and the caps (no network)
  kc help <command>                 help for one command
  kc --version                      this package's version

Run \`kc help lint\` for options.`;

/** One command: its help text and how to run it. */
export interface Command {
  help: string;
  run: (args: ParsedArgs, io: NodeIo) => Promise<number>;
}

/** The commands a build of kc holds, each loaded when it is run or its help is asked for. */
export type CommandTable = Readonly<Record<string, () => Promise<Command>>>;

/** The command of that name, loaded; undefined for a name that is none (including "constructor" and the like). */
function loadCommand(commands: CommandTable, name: string | undefined): Promise<Command> | undefined {
  return name !== undefined && Object.hasOwn(commands, name) ? commands[name]!() : undefined;
}

/**
 * Runs the CLI with arguments (without node and script) and returns the exit code; never throws. `commands` is the
 * table of this build: every command (main.ts), or the one a release bundle holds (kc's launcher picks the bundle by
 * the command's name, so a name outside a bundle's table is one no bundle has).
 */
export async function runCliWith(argv: readonly string[], io: NodeIo, commands: CommandTable): Promise<number> {
  const { name, topic, wantsHelp } = readCommandLine(argv);
  if (!name && argv.includes("--version")) {
    io.out(`${version}\n`);
    return EXIT.ok;
  }
  if (!name || name === "help") {
    const command = await loadCommand(commands, topic);
    if (topic !== undefined && !command) {
      io.err(`No command "${topic}".\n\n${HELP}\n`);
      return EXIT.usage;
    }
    io.out(`${command?.help ?? HELP}\n`);
    return EXIT.ok;
  }
  const spec = Object.hasOwn(COMMAND_SPECS, name) ? COMMAND_SPECS[name] : undefined;
  const command = spec ? await loadCommand(commands, name) : undefined;
  if (!command || !spec) {
    io.err(`Unknown command "${name}".\n\n${HELP}\n`);
    return EXIT.usage;
  }
  if (wantsHelp) {
    io.out(`${command.help}\n`);
    return EXIT.ok;
  }
  const args = parseCommandArgs(name, argv, spec);
  if ("error" in args) {
    io.err(`${args.error}\nRun \`kc help ${name}\` for its options.\n`);
    return EXIT.usage;
  }
  try {
    return await command.run(args, io);
  } catch (e) {
    if (e instanceof VaultPathError) {
      io.err(`${e.message}\n`);
      return EXIT.usage;
    }
    // Never a raw JavaScript message or stack: the file-system cause in words, else what to do.
    const cause = describeError(e);
    io.err(
      cause === "the file system refused the write"
        ? `kc ${name} stopped on an error it cannot explain; nothing more was done. Please report it with the command you ran.\n`
        : `kc ${name} stopped: ${stripControls(scrubSecrets(cause))}.\n`,
    );
    return EXIT.findings;
  }
}

/** A yes/no question on the terminal (default no). */
async function askOnTerminal(question: string): Promise<boolean> {
  // Loaded here, not at start-up: only a terminal run that asks a question needs it.
  const { createInterface } = await import("node:readline");
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  const answer = await new Promise<string>((r) => rl.question(`${question} [y/N] `, r));
  rl.close();
  return /^y(es)?$/i.test(answer.trim());
}

/**
 * Reads stdin until it ends or holds one whole JSON value, but gives up after `ms` (Claude Code may leave a hook's
 * stdin open): a hook never hangs on it. Reads nothing from a terminal.
 */
function readStdin(ms = 1000): Promise<string> {
  if (isatty(0)) return Promise.resolve("");
  return new Promise((done) => {
    let text = "";
    const finish = (): void => {
      clearTimeout(timer);
      // Let go of stdin so an open pipe does not keep the process alive after the command has finished.
      process.stdin.destroy();
      done(text);
    };
    const timer = setTimeout(finish, ms);
    process.stdin.setEncoding("utf8");
    process.stdin.on("data", (chunk: string) => {
      text += chunk;
      // A hook's JSON is one object: once it parses, there is nothing more to wait for.
      try {
        JSON.parse(text);
        finish();
      } catch {
        // Not whole yet.
      }
    });
    process.stdin.on("end", finish);
    process.stdin.on("error", finish);
  });
}

/** Runs kc as the program: arguments from the command line, output to stdout and stderr, the exit code set. */
export function startCli(commands: CommandTable): void {
  const io: NodeIo = {
    // A closed pipe (`kc lint … | head`) ends the command quietly instead of crashing; a reader of stderr that has gone
    // leaves the command to finish its work.
    out: outputWriter(1, () => process.exit(process.exitCode ?? 0)),
    err: outputWriter(2, () => {}),
    isTTY: isatty(2),
    env: process.env,
    readStdin,
    // isatty, not process.stdin.isTTY: that makes stdin's stream (and loads the modules behind it) for every command.
    ...(isatty(0) && isatty(2) ? { confirm: askOnTerminal } : {}),
  };
  void runCliWith(process.argv.slice(2), io, commands).then((code) => {
    process.exitCode = code;
  });
}
