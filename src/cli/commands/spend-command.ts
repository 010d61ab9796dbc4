import { stat } from "node:fs/promises";
import { resolve } from "node:path";
import { formatCost } from "../../core/llm/cost";
import { dayStartWords } from "../../core/spend/capped-model";
import { SpendLedger } from "../../core/spend/spend-ledger";
import type { SpendRecord } from "../../core/spend/spend-entry";
import { spendSince, summarizeSpend, type SpendTotal } from "../../core/spend/summarize-spend";
import { isCalendarDate } from "../../core/util/calendar-date";
import { fsPluginFiles } from "../../node/plugin-file-store";
import { EXIT, usage, type NodeIo } from "../../node/node-io";
import { readNodeSpendSettings } from "../../node/node-spend";
import { flagString, type ParsedArgs } from "../parse-args";
import type { Command } from "../run-cli";

/** Help text of `kc spend`. */
export const SPEND_HELP = `kc spend <vault> [--since YYYY-MM-DD] [--format text|json]

What the model calls of the plugin and of kc cost: today, this month and this month by feature, from the spend
ledger in the plugin's folder (spend-ledger.jsonl), with the caps in force. --since adds the spend from that day
on, by feature and by day. Calls of a model whose price is not known are counted, not priced.
Caps: the plugin's Spend settings, or KC_DAILY_CAP_USD / KC_MONTHLY_CAP_USD (0 turns a cap off); every model call
of kc is refused before it is sent when its worst case, with the calls of every host still under way, would pass one,
or when the ledger cannot be read or written. A day runs from local midnight on this computer's clock. No network.`;

/** "$0.1200 (3 calls)", naming calls of unknown cost. */
function total(t: SpendTotal): string {
  return `${formatCost(t.usd)} (${t.calls} call${t.calls === 1 ? "" : "s"}${t.unknownCalls > 0 ? `, ${t.unknownCalls} of unknown cost` : ""})`;
}

/** Lines "  name  $x (n calls)" for a table of totals, largest first. */
function table(rows: Record<string, SpendTotal>, order: "usd" | "key" = "usd"): string {
  const entries = Object.entries(rows).sort((a, b) => (order === "usd" ? b[1].usd - a[1].usd : a[0].localeCompare(b[0])));
  const width = Math.max(0, ...entries.map(([k]) => k.length));
  return entries.map(([k, t]) => `  ${k.padEnd(width)}  ${total(t)}\n`).join("");
}

/** Runs `kc spend`. */
export async function runSpendCommand(args: ParsedArgs, io: NodeIo): Promise<number> {
  const dir = args.positionals[1];
  if (!dir) return usage(io, `Missing the vault folder.\n\n${SPEND_HELP}`);
  const format = flagString(args, "format", "text");
  if (format !== "text" && format !== "json") return usage(io, `--format must be text or json, not "${format}".`);
  const since = flagString(args, "since");
  if (since !== undefined && !isCalendarDate(since)) return usage(io, `--since must be a real date written like 2026-10-01, not "${since}".`);
  const root = resolve(dir);
  if (
    !(await stat(root).then(
      (s) => s.isDirectory(),
      () => false,
    ))
  )
    return usage(io, `No such folder: ${dir}`);
  const settings = await readNodeSpendSettings(root, io.env);
  if (typeof settings === "string") return usage(io, settings);
  let records: SpendRecord[];
  try {
    records = await new SpendLedger(fsPluginFiles(root)).read();
  } catch (e) {
    io.err(`The spend ledger cannot be read: ${(e as Error).message}\n`);
    return EXIT.findings;
  }
  const summary = summarizeSpend(records, new Date());
  const range = since !== undefined ? spendSince(records, since) : null;
  const caps = { dailyCapUsd: settings.dailyCapUsd, monthlyCapUsd: settings.monthlyCapUsd };
  if (format === "json") {
    io.out(`${JSON.stringify({ ...summary, caps, ...(range ? { since: { from: since, ...range } } : {}) }, null, 2)}\n`);
    return EXIT.ok;
  }
  const cap = (usd: number) => (usd > 0 ? formatCost(usd) : "off");
  let text = `Today (${summary.day}): ${total(summary.today)}\nThis month (${summary.month}): ${total(summary.thisMonth)}\n`;
  if (Object.keys(summary.byFeature).length > 0) text += `By feature this month:\n${table(summary.byFeature)}`;
  text += `Caps: daily ${cap(caps.dailyCapUsd)}, monthly ${cap(caps.monthlyCapUsd)}\n`;
  text += `Days and months start at ${dayStartWords()}.\n`;
  if (range) {
    text += `\nSince ${since}: ${total(range.total)}\n`;
    if (Object.keys(range.byFeature).length > 0) text += `By feature:\n${table(range.byFeature)}By day:\n${table(range.byDay, "key")}`;
  }
  io.out(text);
  return EXIT.ok;
}

/** The command as kc's command tables hold it (main.ts, and the release bundle of this command alone). */
export const command: Command = { help: SPEND_HELP, run: runSpendCommand };
