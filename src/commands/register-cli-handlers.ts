import { requireApiVersion, type CliData, type CliFlags, type Plugin } from "obsidian";
import { EMPTY_MODEL_ANSWER, formatAnswerUsage } from "../core/ask/format-answer-usage";
import { formatLintSummary, summarizeLint } from "../core/lint/summarize-lint";
import { filterLintFindings } from "../core/workflows/lint-run-workflow";
import type { LintFinding } from "../core/lint/lint-types";
import type { KcHost } from "../core/ports/host";
import { formatRouteTrace } from "../core/route/format-route-trace";
import { stripControls } from "../core/util/strip-controls";
import { askQuestion, routeFor } from "../core/workflows/ask-workflow";
import { primeSession } from "../core/workflows/prime-workflow";

/** What the command-line handlers read from the running plugin: its host bundle and where its index and lint stand. */
export interface CliHandlerServices {
  host: KcHost;
  /** What the index holds (Ask's scope): the knowledge articles or every note. */
  scope(): "knowledge" | "vault";
  /** What lint covers (its scope setting). */
  lintScope(): "knowledge" | "vault";
  /** Null once the router's index is complete; else how many notes it holds of how many (0 of 0 before it starts). */
  indexing(): { done: number; total: number } | null;
  lint: { readonly ready: boolean; findings(): readonly LintFinding[] };
  /** The project prime routes for when no question is given (the vault's name by default). */
  vaultName(): string;
}

const question = { value: "<text>", description: "The question, in words.", required: true };

/**
 * Registers `<plugin-id>:route`, `:ask`, `:lint` and `:prime` with Obsidian's command line (Obsidian 1.12.2+), so an
 * agent reaches the running app's index instead of starting a second process that reads the whole vault. Each
 * answers as the `kc` command of the same name prints it, from the same core workflow over the plugin's host.
 * Returns false, registering nothing, where the running Obsidian has no command line for plugins.
 */
export function registerCliHandlers(plugin: Plugin, s: CliHandlerServices): boolean {
  if (requireApiVersion("1.12.2")) {
    if (typeof plugin.registerCliHandler !== "function") return false;
    const id = plugin.manifest.id;
    registerAll(s, (action, description, flags, run) =>
      plugin.registerCliHandler(`${id}:${action}`, description, flags, async (p) => {
        try {
          return await run(p);
        } catch (e) {
          return `${action} failed: ${e instanceof Error ? e.message : String(e)}`;
        }
      }),
    );
    return true;
  }
  return false;
}

/** Registers one handler as `<plugin-id>:<action>`; whatever it throws is answered as a sentence. */
type AddHandler = (action: string, description: string, flags: CliFlags, run: (p: CliData) => string | Promise<string>) => void;

/** The four handlers, each a call into a core workflow over the plugin's host, formatted as the kc command formats it. */
function registerAll(s: CliHandlerServices, add: AddHandler): void {
  add(
    "route",
    "Which notes a question would load, and why (as kc route; no network).",
    { question, closest: { description: "Load the best matches even when the question is not covered." } },
    (p) => notReady(s) ?? formatRouteTrace(routeFor(s.host, p.question ?? "", { closest: p.closest === "true" })),
  );
  add(
    "ask",
    "A routed, cited answer from your notes (as kc ask and the panel: the choosing call first when it is on, within the spending caps).",
    { question },
    async (p) => {
      const wait = notReady(s);
      if (wait) return wait;
      // The whole Ask of every host: keywords, the selection step when the settings turn it on, the answer.
      const { answer: answered } = await askQuestion(s.host, p.question ?? "", { streaming: false });
      if (!answered.ok) return answered.error.kind === "empty-answer" ? EMPTY_MODEL_ANSWER : answered.error.message;
      const { completion, costUsd } = answered.value;
      return `${stripControls(completion.text)}\n\n${formatAnswerUsage(completion, costUsd)}`;
    },
  );
  add(
    "lint",
    "Lint counts and the top findings (as the MCP server's lint_summary).",
    {
      note: { value: "<path>", description: "Only this note's findings (a vault-relative path)." },
      top: { value: "<n>", description: "How many findings to list, errors first (default 10)." },
    },
    (p) => {
      if (!s.lint.ready) return "Lint is still reading the vault; run this again in a moment.";
      const top = Number(p.top ?? "10");
      if (!Number.isInteger(top) || top < 1) return "top must be a whole number, 1 or more.";
      const where = p.note ?? `the ${s.lintScope() === "knowledge" ? "knowledge base" : "vault"}`;
      return formatLintSummary(summarizeLint(filterLintFindings(s.lint.findings(), p.note !== undefined ? { note: p.note } : {}), top), where);
    },
  );
  add(
    "prime",
    "A bounded, routed context for a new agent session (as kc prime).",
    {
      question: { value: "<text>", description: "Prime for this question (else for the project)." },
      project: { value: "<name>", description: "The project to prime for (default: the vault's name)." },
      "max-chars": { value: "<n>", description: "Most characters of context (default 20000)." },
    },
    async (p) => {
      const wait = notReady(s);
      if (wait) return wait;
      const maxChars = Number(p["max-chars"] ?? "20000");
      if (!Number.isInteger(maxChars) || maxChars < 500) return "max-chars must be a whole number of characters, 500 or more.";
      const about = p.question !== undefined ? { question: p.question } : { project: { name: p.project ?? s.vaultName() } };
      return (await primeSession(s.host, { maxChars, scope: s.scope(), ...about })).text;
    },
  );
}

/** What to say while the router's index is still being built (it answers only once complete, as kc does), or null. */
function notReady(s: CliHandlerServices): string | null {
  const i = s.indexing();
  return i ? `The index is still being built${i.total > 0 ? ` (${i.done} of ${i.total} notes)` : ""}; run this again in a moment.` : null;
}
