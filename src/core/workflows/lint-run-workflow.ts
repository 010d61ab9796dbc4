import type { ContradictionState } from "../contradictions/contradiction-state";
import { findCitations, type Citation } from "../drift/citations";
import type { CodeRepoView } from "../drift/code-repo-view";
import type { CompileState, KnowledgeSettings } from "../knowledge/knowledge-settings";
import type { LintCheck } from "../lint/lint-check";
import { LINT_CHECKS } from "../lint/lint-checks";
import { LintEngine } from "../lint/lint-engine";
import type { LintFinding, Severity } from "../lint/lint-types";
import type { VaultView } from "../notes/vault-view";
import type { PluginFileStore } from "../ports/host";
import { sha256Hex } from "../util/sha256";
import { shortHash } from "../util/short-hash";
import { contradictionStateStore } from "./contradiction-state-store";

/** What the lint reads of each note's text (the host reads it): a daily log's hash, an article's short hash, its code citations. */
export interface LintNoteFacts {
  logHash(path: string): string | undefined;
  articleHash(path: string): string | undefined;
  citationsOf(path: string): readonly Citation[];
}

/** The checks that need to know which daily logs were compiled: left out when the compile state could not be read. */
export const COMPILE_STATE_CHECKS: readonly string[] = ["uncompiled-log", "changed-log"];

/** Everything one lint is set up from, the same in every host (`kc lint`, the MCP server, the plugin). */
export interface LintInputs {
  /** The merged knowledge settings (folders, daily notes, lint scope, sparse threshold). */
  settings: KnowledgeSettings;
  /** Over the settings' lint scope (a flag, the MCP server's scope). */
  scope?: "knowledge" | "vault";
  /** Which logs were compiled; null when it could not be read: then no log is called uncompiled or changed. */
  compileState: CompileState | null;
  /** YYYY-MM-DD the checks count from. */
  today: string;
  staleAfterDays?: number;
  /** The code repository articles cite (desktop, `--repo`); absent or null: the drift checks report nothing. */
  codeRepo?: CodeRepoView | null;
  /** The contradiction state the contradiction check shows (from the state store). */
  contradictions(): ContradictionState | null;
  notes: LintNoteFacts;
}

/** What a host shows of the findings: one note's, and some severities. */
export interface LintFilter {
  note?: string;
  severities?: readonly Severity[];
}

/** One whole lint run: the findings (filtered), the settings it ran with, and the checks it left out. */
export interface LintRun {
  findings: LintFinding[];
  settings: KnowledgeSettings;
  /** Checks not run, because the compile state could not be read (the host says so). */
  leftOut: readonly string[];
}

/** The facts of one note's text: its log hash when it is a daily log, its short hash and citations when an article. */
export function readLintFacts(
  text: string,
  kinds: { daily: boolean; article: boolean; citations: boolean },
): { logHash?: string; articleHash?: string; citations?: Citation[] } {
  return {
    ...(kinds.daily ? { logHash: sha256Hex(text) } : {}),
    ...(kinds.article ? { articleHash: shortHash(text) } : {}),
    ...(kinds.article && kinds.citations ? { citations: findCitations(text) } : {}),
  };
}

/** Note facts over texts read whole (the Node hosts), each worked out when the engine asks for it. */
export function lintFactsOfTexts(textOf: (path: string) => string | undefined): LintNoteFacts {
  const of = <T>(path: string, f: (text: string) => T): T | undefined => {
    const text = textOf(path);
    return text === undefined ? undefined : f(text);
  };
  return {
    logHash: (p) => of(p, sha256Hex),
    articleHash: (p) => of(p, shortHash),
    citationsOf: (p) => of(p, findCitations) ?? [],
  };
}

/**
 * The lint engine over a vault view, set up the one way: the settings with the scope, the compile state (its checks
 * left out when it is unknown, never "never compiled"), the hashes, today, the stored contradictions and the code
 * repository. The plugin runs it in slices and incrementally; `runLint` runs it once.
 */
export function lintEngineFor(
  view: VaultView,
  inputs: LintInputs,
  checks: readonly LintCheck[] = LINT_CHECKS,
): { engine: LintEngine; leftOut: readonly string[] } {
  const leftOut = inputs.compileState === null ? COMPILE_STATE_CHECKS : [];
  const engine = new LintEngine(
    view,
    {
      settings: inputs.scope === undefined ? inputs.settings : { ...inputs.settings, lintScope: inputs.scope },
      compileState: inputs.compileState ?? { logs: {} },
      logHash: (p) => inputs.notes.logHash(p),
      today: inputs.today,
      ...(inputs.staleAfterDays !== undefined ? { staleAfterDays: inputs.staleAfterDays } : {}),
      codeRepo: inputs.codeRepo ?? null,
      citationsOf: (p) => inputs.notes.citationsOf(p),
      articleHash: (p) => inputs.notes.articleHash(p),
      contradictions: () => inputs.contradictions(),
    },
    checks.filter((c) => !leftOut.includes(c.id)),
  );
  return { engine, leftOut };
}

/** The findings a host shows: of one note, of some severities; the order is kept. */
export function filterLintFindings(findings: readonly LintFinding[], filter: LintFilter): LintFinding[] {
  return findings.filter(lintFilterTest(filter));
}

/** The same filter as a test of one finding, for a host that goes through the findings in steps of its own. */
export function lintFilterTest(filter: LintFilter): (f: LintFinding) => boolean {
  const severities = filter.severities === undefined ? null : new Set(filter.severities);
  return (f) => (filter.note === undefined || f.path === filter.note) && (severities === null || severities.has(f.severity));
}

/** What a Node host hands a whole lint run: the vault as the engine reads it, the notes' texts, the plugin's files. */
export interface LintRunHost {
  view: VaultView;
  textOf(path: string): string | undefined;
  pluginFiles: PluginFileStore;
}

/**
 * Lints the vault once, as `kc lint` and the MCP server's lint_summary both do: the contradiction state from the state
 * store the plugin shares, the engine set up by `lintEngineFor`, then the filter.
 */
export async function runLint(host: LintRunHost, request: Omit<LintInputs, "contradictions" | "notes"> & { filter?: LintFilter }): Promise<LintRun> {
  const contradictions = await contradictionStateStore(host.pluginFiles).load();
  const { filter, ...inputs } = request;
  const { engine, leftOut } = lintEngineFor(host.view, { ...inputs, contradictions: () => contradictions, notes: lintFactsOfTexts((p) => host.textOf(p)) });
  const settings = inputs.scope === undefined ? inputs.settings : { ...inputs.settings, lintScope: inputs.scope };
  return { findings: filterLintFindings(engine.runOnce(), filter ?? {}), settings, leftOut };
}
