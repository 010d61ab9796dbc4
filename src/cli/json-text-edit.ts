// Edits of a JSON file's text that change only the bytes of what is added, replaced or removed: every other key keeps
// its place, its spacing and its comments, and removing what was added gives the text back byte for byte. The tree
// (with offsets) comes from jsonc-parser, the parser VS Code edits its settings with; the inserted text follows the
// file's own layout (indent unit, line ending, one-line or spread containers), which jsonc-parser's own `modify`
// would reformat around the edit.
import { findNodeAtLocation, getNodeValue, parseTree, printParseErrorCode, type Node, type ParseError } from "jsonc-parser/lib/esm/main.js";

/** A parsed JSON text: its tree, with the layout new text is written in. */
export interface JsonText {
  text: string;
  root: Node;
  eol: string;
  unit: string;
  /** The separator after `:` and `,` in a one-line container ("" for `{"a":1}`, " " for `{"a": 1}`). */
  space: string;
}

/** Parses a settings file's text (an absent or blank file is an empty object); a sentence when it is not JSON. */
export function parseJsonText(text: string | null): { ok: true; value: JsonText } | { ok: false; error: string } {
  const t = text === null || text.trim() === "" ? "{}\n" : text;
  const errors: ParseError[] = [];
  const root = parseTree(t, errors, { allowTrailingComma: true, disallowComments: false });
  if (errors.length > 0 || !root) {
    const e = errors[0];
    return { ok: false, error: e ? `${printParseErrorCode(e.error)} at character ${e.offset}` : "empty" };
  }
  const unit = /\n([ \t]+)["{[\]}]/.exec(t)?.[1] ?? "  ";
  return { ok: true, value: { text: t, root, eol: t.includes("\r\n") ? "\r\n" : "\n", unit, space: /"\s*:\s+\S/.test(t.slice(0, 4096)) ? " " : "" } };
}

/** The node at a path of keys and indexes, or undefined. */
export function nodeAt(doc: JsonText, path: readonly (string | number)[]): Node | undefined {
  return path.length === 0 ? doc.root : findNodeAtLocation(doc.root, [...path]);
}

/** The plain value of a node. */
export function valueOf(node: Node): unknown {
  return getNodeValue(node) as unknown;
}

/** One replacement of a range of the text. */
export interface TextEdit {
  offset: number;
  length: number;
  content: string;
}

/** The text with one edit applied. */
export function applyEdit(text: string, e: TextEdit): string {
  return text.slice(0, e.offset) + e.content + text.slice(e.offset + e.length);
}

/** Adds `key: value` as the last property of an object node, or `value` as the last element of an array node. */
export function appendChild(doc: JsonText, container: Node, value: unknown, key?: string): TextEdit {
  const open = container.offset + 1;
  const close = container.offset + container.length - 1;
  const spread = doc.text.slice(container.offset, close).includes("\n");
  const head = (space: string): string => (key === undefined ? "" : `${JSON.stringify(key)}:${space}`);
  const children = container.children ?? [];
  const last = children[children.length - 1];
  if (last) {
    if (!spread) return { offset: end(last), length: 0, content: `,${doc.space}${head(doc.space)}${compact(value, doc.space)}` };
    const indent = lineIndent(doc.text, children[0]!.offset);
    return { offset: end(last), length: 0, content: `,${doc.eol}${indent}${head(" ")}${pretty(value, doc, indent)}` };
  }
  // An empty container: spread over lines as the file is (a one-line file stays one line).
  if (!doc.text.includes("\n")) return { offset: open, length: close - open, content: `${head(doc.space)}${compact(value, doc.space)}` };
  const outer = lineIndent(doc.text, container.offset);
  const inner = outer + doc.unit;
  return { offset: open, length: close - open, content: `${doc.eol}${inner}${head(" ")}${pretty(value, doc, inner)}${doc.eol}${outer}` };
}

/** Removes the child at `index` of an object (a property) or array (an element): the inverse of appendChild. */
export function removeChild(doc: JsonText, container: Node, index: number): TextEdit {
  const children = container.children ?? [];
  const child = children[index]!;
  if (children.length === 1) {
    const open = container.offset + 1;
    return { offset: open, length: container.offset + container.length - 1 - open, content: "" };
  }
  if (index > 0) {
    const from = end(children[index - 1]!);
    return { offset: from, length: end(child) - from, content: "" };
  }
  return { offset: child.offset, length: children[1]!.offset - child.offset, content: "" };
}

/** Replaces a value node with a new value, written at the node's place in the file's layout. */
export function replaceValue(doc: JsonText, node: Node, value: unknown): TextEdit {
  const spread = doc.text.includes("\n");
  return { offset: node.offset, length: node.length, content: spread ? pretty(value, doc, lineIndent(doc.text, node.offset)) : compact(value, doc.space) };
}

/** The index of a node among its container's children (a property node among an object's). */
export function indexIn(container: Node, child: Node): number {
  return (container.children ?? []).indexOf(child);
}

function end(node: Node): number {
  return node.offset + node.length;
}

/** The spaces and tabs that start the line holding `offset`. */
function lineIndent(text: string, offset: number): string {
  const start = text.lastIndexOf("\n", offset - 1) + 1;
  let i = start;
  while (i < text.length && (text[i] === " " || text[i] === "\t")) i++;
  return text.slice(start, i);
}

function pretty(value: unknown, doc: JsonText, indent: string): string {
  return JSON.stringify(value, null, doc.unit)
    .split("\n")
    .join(doc.eol + indent);
}

function compact(value: unknown, space: string): string {
  if (space === "") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((v) => compact(v, space)).join(`,${space}`)}]`;
  if (typeof value === "object" && value !== null)
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}:${space}${compact(v, space)}`)
      .join(`,${space}`)}}`;
  return JSON.stringify(value);
}
