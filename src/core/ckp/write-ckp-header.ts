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
  const first = parseDocument(yaml);
  if (first.errors.length > 0) return err(`The frontmatter is not valid YAML (${first.errors[0]!.message.split("\n")[0]}); nothing was changed.`);
  if (first.contents !== null && !isMap(first.contents)) return err("The frontmatter is not a set of properties; nothing was changed.");
  const before = yaml;
  for (const [key, value] of Object.entries(fields)) {
    const doc = parseDocument(yaml);
    const map = doc.contents;
    const pair = isMap(map) ? map.items.find((p) => isScalar(p.key) && p.key.value === key) : undefined;
    const lines = pair && isScalar(pair.key) && pair.key.range ? pairLines(yaml, pair.key.range[0], nodeEnd(pair.value) ?? pair.key.range[1]) : null;
    const written = value === undefined ? "" : writePair(key, value, pair?.value);
    if (lines) yaml = yaml.slice(0, lines.start) + written + yaml.slice(lines.end);
    else if (written !== "") yaml = `${yaml}${yaml === "" || yaml.endsWith("\n") ? "" : "\n"}${written}`;
  }
  // Nothing to write (a key already absent deleted): the note stays byte for byte, blank frontmatter lines included.
  if (block && yaml === before) return ok(text);
  if (parseDocument(yaml).contents === null && yaml.trim() === "") yaml = "";
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

/** `key: value` as its own lines, ending in a line break; a list written inline ([a, b]) stays inline when replaced. */
function writePair(key: string, value: unknown, old: unknown): string {
  const doc = new Document({});
  const node = doc.createNode(value);
  if (isSeq(old) && old.flow && isSeq(node)) node.flow = true;
  doc.set(key, node);
  return doc.toString({ lineWidth: 0, defaultStringType: "PLAIN", defaultKeyType: "PLAIN", flowCollectionPadding: false });
}
