import { Notice, type App } from "obsidian";
import { costOrUnknown, formatCostOrUnknown } from "../core/llm/cost";
import type { PricedModel } from "../core/ports/host";
import type { CaptureReport } from "../core/workflows/capture-workflow";
import { describeError } from "../core/workflows/commit-writes";
import type { WriteRules } from "../core/knowledge/write-rules";
import type { CaptureSettings } from "../core/settings/plugin-data";
import { progressNotice } from "./progress-notice";

/**
 * One sentence about a capture run: entries appended, sessions skipped, secrets redacted, notes not written, and
 * with `distilled` what the model's distillation cost (or that no reply of it could be used).
 */
export function describeCapture(r: CaptureReport, distilled: Pick<PricedModel, "id" | "price"> | null = null): string {
  const n = r.captured.length;
  const parts = [`${n} session entr${n === 1 ? "y" : "ies"} appended to daily notes`];
  if (r.skipped.length > 0) parts.push(`${r.skipped.length} skipped`);
  if (r.redactions > 0) parts.push(`${r.redactions} secret${r.redactions === 1 ? "" : "s"} redacted`);
  if (r.longLines > 0) parts.push(`${r.longLines} transcript line${r.longLines === 1 ? "" : "s"} over 8 MB skipped unread`);
  const failed = r.failed.length > 0 ? ` Not written: ${r.failed.map((f) => `${f.path} (${f.reason})`).join("; ")}.` : "";
  let model = "";
  if (distilled && r.distillStopped) model = ` Distillation stopped: ${r.distillStopped}.`;
  else if (distilled && r.usage.inputTokens > 0)
    model = ` Distillation: ${r.usage.inputTokens.toLocaleString()} in + ${r.usage.outputTokens.toLocaleString()} out tokens, ${formatCostOrUnknown(costOrUnknown(r.usage, distilled.price))} (${distilled.id}).`;
  else if (distilled && n > 0) model = " The model gave no usable distillation (is the API key set?), so the entries are the plain summary.";
  return `Capture: ${parts.join(", ")}.${failed}${model}`;
}

/**
 * Captures new Claude Code sessions of the chosen projects (desktop only; the file-system code is loaded here, on
 * first use). With `quiet` (background capture) only a run that appended something or failed says so. `model` gives the
 * distillation's model; it is asked for only when the capture settings opt in.
 */
export async function runCaptureFlow(
  app: App,
  rules: () => WriteRules,
  settings: () => CaptureSettings,
  pluginDir: string,
  quiet = false,
  model: () => Promise<PricedModel | null> = () => Promise.resolve(null),
): Promise<void> {
  if (settings().projects.length === 0) {
    if (!quiet) new Notice("Capture: no project is chosen yet. Choose the projects to capture in the plugin's settings.", 10000);
    return;
  }
  const controller = new AbortController();
  const progress = quiet ? null : progressNotice("Capture: reading Claude Code sessions…", () => controller.abort());
  try {
    const { captureInObsidian } = await import("../desktop/obsidian-capture");
    const distill = settings().distill ? await model() : null;
    const report = await captureInObsidian(
      app,
      rules(),
      settings(),
      pluginDir,
      controller.signal,
      (done, total) => progress?.set(`Capture: session ${done + 1} of ${total}…`),
      distill?.model ?? null,
    );
    if (!quiet || report.captured.length > 0 || report.failed.length > 0) new Notice(describeCapture(report, distill), report.failed.length > 0 ? 15000 : 6000);
  } catch (e) {
    new Notice(`Capture stopped: ${describeError(e)}.`, 15000);
  } finally {
    progress?.done();
  }
}
