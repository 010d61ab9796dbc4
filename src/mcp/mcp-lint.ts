import { LintEngine } from "../core/lint/lint-engine";
import type { LintFinding, Severity } from "../core/lint/lint-types";
import { localDate } from "../core/util/local-date";
import { sha256Hex } from "../core/util/sha256";
import { shortHash } from "../core/util/short-hash";
import { fsPluginFiles } from "../node/plugin-file-store";
import { contradictionStateStore } from "../core/workflows/contradiction-state-store";
import type { McpVaultView } from "./mcp-vault";

/** Lint counts and the most important findings, errors first. */
export interface LintSummary {
  total: number;
  bySeverity: Record<Severity, number>;
  byCheck: { check: string; count: number }[];
  top: LintFinding[];
}

const RANK: Record<Severity, number> = { error: 0, warning: 1, suggestion: 2 };

/**
 * Lints the vault as `kc lint` does without a code repository (the scope the server runs on; the contradictions
 * `kc contradictions` stored; a daily log is not called uncompiled when the compile state cannot be read), and sums it
 * up, optionally for one note. The lint workflow, once in core, replaces the engine set-up here.
 */
export async function summarizeLint(view: McpVaultView, options: { note?: string; top: number }): Promise<LintSummary> {
  const { vault } = view;
  const contradictions = await contradictionStateStore(fsPluginFiles(vault.root)).load();
  const engine = new LintEngine(vault.index, {
    settings: { ...vault.settings, lintScope: view.scope },
    compileState: vault.compileState,
    logHash: (p) => {
      const t = vault.texts.get(p);
      return t === undefined ? undefined : sha256Hex(t);
    },
    today: localDate(),
    articleHash: (p) => {
      const t = vault.texts.get(p);
      return t === undefined ? undefined : shortHash(t);
    },
    contradictions: () => contradictions,
  });
  const unknownState = new Set(vault.compileStateUnknown ? ["uncompiled-log", "changed-log"] : []);
  const findings = engine.run().filter((f) => !unknownState.has(f.check) && (options.note === undefined || f.path === options.note));
  const bySeverity: Record<Severity, number> = { error: 0, warning: 0, suggestion: 0 };
  const checks = new Map<string, number>();
  for (const f of findings) {
    bySeverity[f.severity]++;
    checks.set(f.check, (checks.get(f.check) ?? 0) + 1);
  }
  const top = [...findings]
    .sort((a, b) => RANK[a.severity] - RANK[b.severity] || (a.path < b.path ? -1 : a.path > b.path ? 1 : a.line - b.line))
    .slice(0, options.top);
  const byCheck = [...checks].map(([check, count]) => ({ check, count })).sort((a, b) => b.count - a.count || (a.check < b.check ? -1 : 1));
  return { total: findings.length, bySeverity, byCheck, top };
}
