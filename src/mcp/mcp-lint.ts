import { LintEngine } from "../core/lint/lint-engine";
import { summarizeFindings, type LintSummary } from "../core/lint/lint-summary";
import { localDate } from "../core/util/local-date";
import { sha256Hex } from "../core/util/sha256";
import { shortHash } from "../core/util/short-hash";
import { fsPluginFiles } from "../node/node-host";
import { contradictionStateStore } from "../core/workflows/contradiction-state-store";
import type { McpVaultView } from "./mcp-vault";

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
  return summarizeFindings(
    engine.run().filter((f) => !unknownState.has(f.check)),
    options,
  );
}
