/** One row of knowledge/index.md: the routing table (seed 000's catalog plus the CKP TLDR and ANSWERS_WHEN). */
export interface IndexRow {
  /** Article link path without `.md`, relative to the knowledge folder (e.g. `concepts/retry-with-backoff`). */
  article: string;
  summary: string;
  sources: string[];
  updated: string;
  tldr: string;
  answersWhen: string[];
}

const HEADER = "| Article | Summary | Compiled From | Updated | TLDR | Answers when |";
const RULE = "|---------|---------|---------------|---------|------|--------------|";

function cell(s: string): string {
  return s.replace(/\r?\n/g, " ").replace(/\|/g, "\\|").trim();
}

/** Renders one table row. */
export function renderIndexRow(r: IndexRow): string {
  return `| [[${r.article}]] | ${cell(r.summary)} | ${cell(r.sources.join(", "))} | ${cell(r.updated)} | ${cell(r.tldr)} | ${cell(r.answersWhen.join(", "))} |`;
}

/** A fresh index.md with the given rows. */
export function renderIndex(rows: IndexRow[]): string {
  return ["# Knowledge Base Index", "", HEADER, RULE, ...rows.map(renderIndexRow), ""].join("\n");
}

/** The article link of a table row, or null for lines that are not article rows. */
export function rowArticle(line: string): string | null {
  const m = /^\|\s*\[\[([^\]|]+)(?:\|[^\]]*)?\]\]\s*\|/.exec(line);
  return m ? m[1]!.trim() : null;
}

/**
 * Replaces the rows of the given articles, appends rows for new ones after the table's last row, and removes rows of
 * deleted articles; every other line (text above or below the table, rows of other articles) is kept byte for byte.
 * A file without a table gets one appended.
 */
export function upsertIndexRows(text: string, rows: IndexRow[], removed: string[] = []): string {
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  const lines = text === "" ? [] : text.split(/\r?\n/);
  const byArticle = new Map(rows.map((r) => [r.article, r]));
  const gone = new Set(removed);
  const out: string[] = [];
  let lastRow = -1;
  let headerAt = -1;
  for (const line of lines) {
    const article = rowArticle(line);
    if (line.trim() === HEADER.trim() || /^\|\s*Article\s*\|/.test(line)) headerAt = out.length;
    if (article === null) {
      out.push(line);
      continue;
    }
    if (gone.has(article)) continue;
    const row = byArticle.get(article);
    out.push(row ? renderIndexRow(row) : line);
    byArticle.delete(article);
    lastRow = out.length - 1;
  }
  const fresh = [...byArticle.values()].map(renderIndexRow);
  if (fresh.length > 0) {
    if (lastRow >= 0) out.splice(lastRow + 1, 0, ...fresh);
    else if (headerAt >= 0) out.splice(headerAt + 2, 0, ...fresh);
    else {
      while (out.length > 0 && out[out.length - 1] === "") out.pop();
      if (out.length === 0) out.push("# Knowledge Base Index");
      out.push("", HEADER, RULE, ...fresh, "");
    }
  }
  return out.join(eol);
}
