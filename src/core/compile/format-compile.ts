import { formatCost } from "../llm/cost";
import type { CompilePlan, FileChange } from "./compile-types";
import type { CompileEstimate } from "./propose-compile";

/** A dry-run report of one plan: the articles the model would see (and why), the prompt's size and the cost estimate. */
export function formatCompilePlan(plan: CompilePlan, estimate: CompileEstimate): string {
  const lines = [`Compile ${plan.logPath} (dry run: no model call)`];
  if (plan.shown.length === 0) lines.push("  Existing articles shown: none related to this log");
  else lines.push(`  Existing articles shown (${plan.shown.length}):`);
  for (const a of plan.shown) {
    lines.push(
      `    ${a.path}  ${a.tokens} tokens${a.partial ? `, partly (${a.sections.length} of ${a.sections.length + a.hiddenSections.length} sections)` : ""}  — ${a.reason}`,
    );
  }
  for (const s of plan.skipped) lines.push(`    skipped ${s.path}: ${s.reason}`);
  lines.push(`  Prompt: about ${estimate.inputTokens} tokens; reply up to ${estimate.maxOutputTokens}`);
  lines.push(`  Cost: about ${formatCost(estimate.usd)} (at most ${formatCost(estimate.maxUsd)})`);
  return lines.join("\n");
}

/** The JSON form of a dry run, for other tools. */
export function compilePlanJson(plan: CompilePlan, estimate: CompileEstimate): Record<string, unknown> {
  return {
    log: plan.logPath,
    shown: plan.shown.map((a) => ({
      path: a.path,
      tokens: a.tokens,
      partial: a.partial,
      sections: a.sections.map((s) => s.heading),
      hiddenSections: a.hiddenSections,
      reason: a.reason,
    })),
    skipped: plan.skipped,
    promptTokens: estimate.inputTokens,
    maxOutputTokens: estimate.maxOutputTokens,
    estimatedUsd: round(estimate.usd),
    maxUsd: round(estimate.maxUsd),
  };
}

/** A unified-style line diff of two texts, with a few lines of context; enough for a review in a terminal or modal. */
export function diffLines(before: string, after: string, context = 2): string[] {
  const a = before.split("\n");
  const b = after.split("\n");
  // Longest common subsequence table; articles are small (hundreds of lines), so O(n·m) is fine.
  const n = a.length;
  const m = b.length;
  const lcs: Uint32Array[] = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--) lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const ops: { op: " " | "-" | "+"; line: string }[] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[i] === b[j]) {
      ops.push({ op: " ", line: a[i++]! });
      j++;
    } else if (i < n && (j >= m || lcs[i + 1]![j]! >= lcs[i]![j + 1]!)) ops.push({ op: "-", line: a[i++]! });
    else ops.push({ op: "+", line: b[j++]! });
  }
  const keep = new Set<number>();
  ops.forEach((o, k) => {
    if (o.op !== " ") for (let c = k - context; c <= k + context; c++) keep.add(c);
  });
  const out: string[] = [];
  let last = -1;
  ops.forEach((o, k) => {
    if (!keep.has(k)) return;
    if (last !== -1 && k > last + 1) out.push("…");
    out.push(`${o.op} ${o.line}`);
    last = k;
  });
  return out;
}

/** The review of a proposal as text: each file, new or updated, what changes, and the diff of updates. */
export function formatChanges(changes: FileChange[], notes: string[]): string {
  const lines: string[] = [];
  for (const c of changes) {
    lines.push(`${c.kind === "create" ? "NEW    " : "UPDATE "} ${c.path}`);
    for (const s of c.summary) lines.push(`          ${s}`);
    if (c.kind === "update" && c.before !== null) for (const d of diffLines(c.before, c.after)) lines.push(`          ${d}`);
    // A new file's text, as added lines, so the person reads what they are asked to write (a long one cut, and said so).
    if (c.kind === "create") for (const l of newFileExcerpt(c.after)) lines.push(`          ${l}`);
  }
  for (const n of notes) lines.push(`note: ${n}`);
  return lines.join("\n");
}

/** A new file's first lines as "+ " lines, at most `maxLines` and about `maxChars`, then how many more lines there are. */
export function newFileExcerpt(text: string, maxLines = 40, maxChars = 4000): string[] {
  const all = text.replace(/\n$/, "").split("\n");
  const out: string[] = [];
  let used = 0;
  for (const line of all) {
    if (out.length >= maxLines || used + line.length > maxChars) break;
    out.push(line === "" ? "+" : `+ ${line}`);
    used += line.length + 1;
  }
  const more = all.length - out.length;
  if (more > 0) out.push(`… ${more} more line${more === 1 ? "" : "s"} (the whole text is written)`);
  return out;
}

function round(n: number): number {
  return Math.round(n * 10000) / 10000;
}
