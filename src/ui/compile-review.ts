import { diffLines } from "../core/compile/format-compile";
import type { FileChange } from "../core/compile/compile-types";
import { diffWords } from "../core/compile/diff-words";
import { appendBreakablePath } from "./lint-finding-row";

/** Everything the review shows: the files, the model's summary and notes, and the cost before and after the call. */
export interface CompileReviewModel {
  /** The modal's title (default: "Review compile of <logPath>"). */
  title?: string;
  logPath: string;
  summary: string;
  changes: FileChange[];
  notes: string[];
  /** e.g. "estimated before the call: about 6,200 tokens, about $0.0561". */
  estimateText: string;
  /** e.g. "spent: 5,200 in + 1,400 out tokens (1 call), $0.0366". */
  spentText: string;
}

/**
 * Renders the review into `el`: a checkbox per file (all ticked), new/updated badge, what changes, the diff of an
 * update or the text of a new file, and a count on the accept button. Returns the accepted paths on demand.
 */
export function renderCompileReview(el: HTMLElement, model: CompileReviewModel, onSelection: (count: number) => void): () => Set<string> {
  el.empty();
  el.addClass("kc-review");
  el.createEl("p", { cls: "kc-review-summary", text: model.summary || "The model gave no summary." });
  if (model.estimateText || model.spentText) {
    const cost = el.createDiv({ cls: "kc-review-cost" });
    for (const t of [model.estimateText, model.spentText]) if (t) cost.createDiv({ text: t });
  }
  if (model.notes.length > 0) {
    const notes = el.createEl("ul", { cls: "kc-review-notes" });
    for (const n of model.notes) notes.createEl("li", { text: n });
  }
  const chosen = new Set(model.changes.map((c) => c.path));
  if (model.changes.length === 0) {
    el.createEl("p", { cls: "kc-review-empty", text: "No articles proposed: the model found nothing durable in this log." });
    return () => chosen;
  }
  const boxes: HTMLInputElement[] = [];
  const all = el.createEl("label", { cls: "kc-review-all" });
  const allBox = all.createEl("input", { type: "checkbox" });
  allBox.checked = true;
  all.appendText(` All ${model.changes.length} files`);
  allBox.addEventListener("change", () => {
    for (const b of boxes) {
      b.checked = allBox.checked;
      b.dispatchEvent(new Event("change"));
    }
  });
  for (const c of model.changes) {
    const file = el.createDiv({ cls: "kc-review-file" });
    const head = file.createEl("label", { cls: "kc-review-head" });
    const box = head.createEl("input", { type: "checkbox" });
    box.checked = true;
    box.dataset.path = c.path;
    boxes.push(box);
    head.createSpan({ cls: `kc-review-badge kc-review-${c.kind}`, text: c.kind === "create" ? "New" : "Update" });
    appendBreakablePath(head.createSpan({ cls: "kc-review-path" }), c.path);
    box.addEventListener("change", () => {
      if (box.checked) chosen.add(c.path);
      else chosen.delete(c.path);
      file.toggleClass("is-unchecked", !box.checked);
      onSelection(chosen.size);
    });
    const what = file.createEl("ul", { cls: "kc-review-what" });
    for (const s of c.summary) what.createEl("li", { text: s });
    const details = file.createEl("details", { cls: "kc-review-diff" });
    details.createEl("summary", { text: c.kind === "create" ? "Text" : "Changes" });
    const pre = details.createEl("pre");
    const lines = c.kind === "create" || c.before === null ? c.after.split("\n").map((l) => `+ ${l}`) : diffLines(c.before, c.after);
    renderDiffLines(pre, lines);
  }
  onSelection(chosen.size);
  return () => new Set(chosen);
}

const kindOf = (line: string): "add" | "del" | "ctx" => (line.startsWith("+ ") ? "add" : line.startsWith("- ") ? "del" : "ctx");

/**
 * The diff's lines, each marked added, deleted or context; where a run of deleted lines is followed by as many added
 * ones, each pair is a changed line and the words that changed are highlighted on both sides.
 */
export function renderDiffLines(pre: HTMLElement, lines: readonly string[]): void {
  for (let i = 0; i < lines.length;) {
    let dels = 0;
    while (kindOf(lines[i + dels] ?? "") === "del") dels++;
    let adds = 0;
    while (dels > 0 && kindOf(lines[i + dels + adds] ?? "") === "add") adds++;
    if (dels > 0 && dels === adds) {
      const pairs = Array.from({ length: dels }, (_, k) => diffWords(lines[i + k]!.slice(2), lines[i + dels + k]!.slice(2)));
      for (const [side, sign, kind] of [
        ["before", "- ", "del"],
        ["after", "+ ", "add"],
      ] as const) {
        for (const d of pairs) {
          const row = pre.createDiv({ cls: `kc-diff-${kind}` });
          row.appendText(sign);
          for (const piece of d[side]) {
            if (piece.changed) row.createSpan({ cls: "kc-diff-word", text: piece.text });
            else row.appendText(piece.text);
          }
        }
      }
      i += dels * 2;
      continue;
    }
    pre.createDiv({ cls: `kc-diff-${kindOf(lines[i]!)}`, text: lines[i]! });
    i++;
  }
}
