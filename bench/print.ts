// Benchmarks and harnesses report on standard output (Markdown tables, pass/fail lines): one writer for them all.
import process from "node:process";

/** Writes each line to standard output, followed by a newline. */
export function print(...lines: string[]): void {
  process.stdout.write(lines.map((line) => `${line}\n`).join(""));
}

/** The rows as the lines of a Markdown table, one column per key of the first row. */
export function formatTable(rows: readonly object[]): string[] {
  const keys = rows[0] ? Object.keys(rows[0]) : [];
  const cell = (v: unknown): string => (typeof v === "string" ? v : (JSON.stringify(v) ?? ""));
  return [
    `| ${keys.join(" | ")} |`,
    `|${keys.map(() => "---|").join("")}`,
    ...rows.map((r) => `| ${keys.map((k) => cell((r as Record<string, unknown>)[k])).join(" | ")} |`),
  ];
}
