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

/** Splits a table row into its cells, honouring `\|` escapes. */
function cells(line: string): string[] {
  const out: string[] = [];
  let cur = "";
  const body = line.trim().replace(/^\|/, "").replace(/\|$/, "");
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c === "\\" && body[i + 1] === "|") {
      cur += "|";
      i++;
    } else if (c === "|") {
      out.push(cur.trim());
      cur = "";
    } else cur += c;
  }
  out.push(cur.trim());
  return out;
}

/** The article rows of an index.md as data (rows the table does not describe fully get empty fields). */
export function readIndexRows(text: string): Map<string, IndexRow> {
  const rows = new Map<string, IndexRow>();
  for (const line of text.split(/\r?\n/)) {
    const article = rowArticle(line);
    if (article === null) continue;
    const c = cells(line);
    const list = (s: string | undefined): string[] =>
      (s ?? "")
        .split(",")
        .map((x) => x.trim())
        .filter(Boolean);
    rows.set(article, { article, summary: c[1] ?? "", sources: list(c[2]), updated: c[3] ?? "", tldr: c[4] ?? "", answersWhen: list(c[5]) });
  }
  return rows;
}
