import type { CkpHeader, CkpRelation } from "../ckp/ckp-header";
import { emptyCkpHeader } from "../ckp/read-ckp-header";
import { headerFields, type ArticleDoc } from "./article-doc";

// The articles of an index snapshot, one row each: written compactly and read back with every field checked.

/** A note's file as the index saw it: a changed modification time or size means the note is read again. */
export interface FileStamp {
  mtime: number;
  size: number;
}

/**
 * One article: its engine id, its file's stamp, its field lengths, then its router view without the body and without
 * what follows from its path and header (headerFields), the header without its empty fields, and the fields that
 * differ from what the header gives (the TLDR of a note without one in its header).
 */
export type DocRow = [
  shortId: number,
  mtime: number,
  size: number,
  fieldLength: number[],
  path: string,
  headings: string,
  hasBody: 0 | 1,
  tokens: number,
  tldrTokens: number,
  header: Partial<Record<keyof CkpHeader, unknown>>,
  own: Partial<Record<"title" | "aliases" | "answers" | "tags" | "tldr", string>>,
];

const RELATION_KEYS = new Set<keyof CkpHeader>(["similarHigh", "similarMid"]);

export function docRow(shortId: number, stamp: FileStamp | undefined, lengths: number[], doc: ArticleDoc): DocRow {
  const header: DocRow[9] = {};
  const empty = emptyCkpHeader();
  for (const key of Object.keys(empty) as (keyof CkpHeader)[]) {
    const value = doc.header[key];
    if (value === null || value === empty[key] || (Array.isArray(value) && value.length === 0)) continue;
    // Relations as flat [target, stamp, …] lists: a tenth of the keys JSON would repeat.
    header[key] = RELATION_KEYS.has(key) ? (value as CkpRelation[]).flatMap((r) => [r.target, r.stamp]) : value;
  }
  const own: DocRow[10] = {};
  const derived = headerFields(doc.path, doc.header);
  for (const key of ["title", "aliases", "answers", "tags"] as const) if (doc[key] !== derived[key]) own[key] = doc[key];
  if (doc.tldr !== doc.header.tldr) own.tldr = doc.tldr;
  return [shortId, stamp?.mtime ?? -1, stamp?.size ?? -1, lengths, doc.path, doc.headings, doc.hasBody ? 1 : 0, doc.tokens, doc.tldrTokens, header, own];
}

/** The article a DocRow holds (its body empty), or null when the row is not one this version writes. */
export function docOf(row: DocRow): ArticleDoc | null {
  const [, , , , path, headings, hasBody, tokens, tldrTokens, compact, own] = row;
  if (
    typeof path !== "string" ||
    typeof headings !== "string" ||
    (hasBody !== 0 && hasBody !== 1) ||
    typeof tokens !== "number" ||
    typeof tldrTokens !== "number"
  )
    return null;
  const header = headerOf(compact);
  if (!header || typeof own !== "object" || own === null) return null;
  for (const [key, value] of Object.entries(own)) if (!["title", "aliases", "answers", "tags", "tldr"].includes(key) || typeof value !== "string") return null;
  const tldr = own.tldr ?? header.tldr;
  if (tldr === null) return null;
  return { path, ...headerFields(path, header), ...own, tldr, headings, body: "", hasBody: hasBody === 1, header, tokens, tldrTokens };
}

/** A header from its written form: every field it leaves out is empty; a field of the wrong shape refuses the row. */
function headerOf(compact: unknown): CkpHeader | null {
  if (typeof compact !== "object" || compact === null || Array.isArray(compact)) return null;
  const header = emptyCkpHeader();
  const fields = header as unknown as Record<string, unknown>;
  const isText = (v: unknown) => typeof v === "string";
  for (const [key, value] of Object.entries(compact as Record<string, unknown>)) {
    if (!(key in header)) return null;
    const empty = fields[key];
    if (RELATION_KEYS.has(key as keyof CkpHeader)) {
      if (!Array.isArray(value) || value.length % 2 !== 0) return null;
      const relations: CkpRelation[] = [];
      for (let i = 0; i < value.length; i += 2) {
        const [target, stamp] = [value[i] as unknown, value[i + 1] as unknown];
        if (!isText(target) || !(stamp === null || isText(stamp))) return null;
        relations.push({ target: target, stamp: stamp });
      }
      fields[key] = relations;
    } else if (Array.isArray(empty)) {
      if (!Array.isArray(value) || !value.every(isText)) return null;
      fields[key] = value;
    } else if (key === "form") {
      if (value !== "yaml" && value !== "plain") return null;
      fields[key] = value;
    } else if (key === "corroborations") {
      if (typeof value !== "number") return null;
      fields[key] = value;
    } else {
      if (!isText(value)) return null;
      fields[key] = value;
    }
  }
  return header;
}
