import { Document, isMap, isNode, isScalar, isSeq, parseDocument } from "yaml";
import { findFrontmatter } from "../notes/frontmatter";
import { err, ok, type Result } from "../result";

/**
 * Sets frontmatter properties and changes nothing else: every other line of the frontmatter stays byte for byte (its
 * keys, their order, quoting, spacing and comments), line endings (CRLF stays CRLF) and a BOM stay, and the body after
 * the closing `---` is returned byte for byte. A property set is written on the lines its old value took (or added at
 * the end); a value of `undefined` deletes the key's lines. Invalid existing YAML is an error and the text is not touched.
 */
export function setHeaderFields(text: string, fields: Record<string, unknown>): Result<string, string> {
  const bom = text.charCodeAt(0) === 0xfeff ? "\ufeff" : "";
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  const block = findFrontmatter(text);
  let yaml = block ? block.yamlText.replace(/\r\n/g, "\n") : "";
  // One parse: whitespace alone (no frontmatter, or an empty one) has no properties and needs none.
  const doc = yaml.trim() === "" ? null : parseDocument(yaml);
  if (doc && doc.errors.length > 0) return err(`The frontmatter is not valid YAML (${doc.errors[0]!.message.split("\n")[0]}); nothing was changed.`);
  const map = doc?.contents ?? null;
  if (map !== null && !isMap(map)) return err("The frontmatter is not a set of properties; nothing was changed.");
  if (map?.flow) return err("The frontmatter is written as one {…} block; nothing was changed.");
  const before = yaml;
  // Each set key's old lines are replaced where they are, from the last to the first so that earlier offsets hold; two
  // keys on one line are never cut apart (the edit is refused). New keys go at the end, in the order given.
  const edits: { start: number; end: number; text: string }[] = [];
  const added: [string, unknown][] = [];
  for (const [key, value] of Object.entries(fields)) {
    const pair = map?.items.find((p) => isScalar(p.key) && p.key.value === key);
    const lines = pair && isScalar(pair.key) && pair.key.range ? pairLines(yaml, pair.key.range[0], nodeEnd(pair.value) ?? pair.key.range[1]) : null;
    if (lines)
      edits.push({
        ...lines,
        text: value === undefined ? "" : ((isSeq(pair?.value) && pair.value.flow ? null : simplePair(key, value)) ?? writePair(key, value, pair?.value)),
      });
    else if (value !== undefined) added.push([key, value]);
  }
  edits.sort((a, b) => b.start - a.start);
  for (let i = 1; i < edits.length; i++)
    if (edits[i]!.end > edits[i - 1]!.start) return err("Two properties share a line in the frontmatter; nothing was changed.");
  for (const e of edits) yaml = yaml.slice(0, e.start) + e.text + yaml.slice(e.end);
  if (added.length > 0) yaml = `${yaml}${yaml === "" || yaml.endsWith("\n") ? "" : "\n"}${writePairs(added)}`;
  // Nothing to write (a key already absent deleted): the note stays byte for byte, blank frontmatter lines included.
  if (block && yaml === before) return ok(text);
  // (Blank lines left after the last key is deleted stay too: every line but the written key's is kept as it was.)
  const header = `---\n${yaml}---\n`.replace(/\n/g, eol);
  const body = block ? text.slice(block.bodyStart) : text.slice(bom.length);
  return ok(bom + header + body);
}

/** The end offset of a value node, when it has one. */
function nodeEnd(node: unknown): number | undefined {
  return isNode(node) && node.range ? node.range[1] : undefined;
}

/** The whole lines from the one holding `from` to the one holding the last character before `to` (its line break included). */
function pairLines(yaml: string, from: number, to: number): { start: number; end: number } {
  const start = yaml.lastIndexOf("\n", from - 1) + 1;
  const last = Math.max(from, to - 1);
  const nl = yaml.charCodeAt(last) === 10 ? last : yaml.indexOf("\n", last);
  return { start, end: nl === -1 ? yaml.length : nl + 1 };
}

const WRITE_OPTIONS = { lineWidth: 0, defaultStringType: "PLAIN", defaultKeyType: "PLAIN", flowCollectionPadding: false } as const;

/** `key: value` as its own lines, ending in a line break; a list written inline ([a, b]) stays inline when replaced. */
function writePair(key: string, value: unknown, old: unknown): string {
  const doc = new Document({});
  const node = doc.createNode(value);
  if (isSeq(old) && old.flow && isSeq(node)) node.flow = true;
  doc.set(key, node);
  return doc.toString(WRITE_OPTIONS);
}

/** New keys, each `key: value` on its own lines, in the order given. */
function writePairs(pairs: readonly [string, unknown][]): string {
  let out = "";
  for (const [key, value] of pairs) out += simplePair(key, value) ?? writePair(key, value, undefined);
  return out;
}

// A header's values are short strings and lists of them. Building a yaml Document for each cost a fifth of a millisecond
// a note (most of `kc headers` over a large vault); the common values are written here directly instead, in the form
// the package writes them, and anything else still goes through the package (tests/core/ckp compares the two).
const KEYWORD = /^(?:null|Null|NULL|true|True|TRUE|false|False|FALSE)$/;
// No character that is special anywhere in a plain scalar, no control, line-separator or BOM character, no lone surrogate
// (an emoji, a pair, is written as it is).
/* eslint-disable no-control-regex -- control characters are what these patterns keep out of a value written directly */
// A double quote is special only where a value starts ("Logic comes from "logica" in Latin." is plain), and commas and
// brackets only inside a {…} or […] block, which these values are never written in (a list read inline is written
// through the package).
const PLAIN = /^\p{L}[^:#\\`\x00-\x1f\x7f-\x9f\u2028\u2029\ufeff\ud800-\udfff]*$/u;
const QUOTABLE = /^[^"\\\x00-\x1f\x7f-\x9f\u2028\u2029\ufeff\ud800-\udfff]*$/u;
const SINGLE_QUOTABLE = /^[^\x00-\x1f\x7f-\x9f\u2028\u2029\ufeff\ud800-\udfff]*$/u;
/* eslint-enable no-control-regex -- end of the patterns above */

/**
 * A string as the package writes it: plain where nothing in it could be read otherwise, else in double quotes, or in
 * single quotes for a quotation; null when none is sure.
 */
function simpleScalar(s: string): string | null {
  if (s === "" || s.trim() !== s) return null;
  if (PLAIN.test(s) && !KEYWORD.test(s)) return s;
  // A month or a day (`updated: 2026-11-22`), which the package writes plain too; YAML's core schema reads it as text.
  if (/^\d{4}-\d{2}(?:-\d{2})?$/.test(s)) return s;
  if (QUOTABLE.test(s)) return `"${s}"`;
  // A quotation that cannot be plain (it opens the value, or a ": " or " #" is in it) and holds no single quote: in single
  // quotes, which need no escapes, as the package writes it.
  const cannotBePlain = s.startsWith('"') || s.includes(": ") || s.includes(" #") || s.endsWith(":");
  return cannotBePlain && s.includes('"') && !s.includes("'") && SINGLE_QUOTABLE.test(s) ? `'${s}'` : null;
}

/** `key: value` for a string or a non-empty list of strings that simpleScalar writes; null for anything else. */
function simplePair(key: string, value: unknown): string | null {
  if (!/^[a-z_]+$/.test(key)) return null;
  if (typeof value === "string") {
    const v = simpleScalar(value);
    return v === null ? null : `${key}: ${v}\n`;
  }
  if (!Array.isArray(value) || value.length === 0) return null;
  let out = `${key}:\n`;
  for (const item of value) {
    const v = typeof item === "string" ? simpleScalar(item) : null;
    if (v === null) return null;
    out += `  - ${v}\n`;
  }
  return out;
}
