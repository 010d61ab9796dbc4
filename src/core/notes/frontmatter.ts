import { parse, YAMLParseError } from "yaml";
import { TEMPLATE_PLACEHOLDER } from "./template-placeholder";
import type { FrontmatterError } from "./note-types";
import { parseSimpleYaml } from "./simple-yaml";

/** Where a frontmatter block sits in a note: the YAML text and the body start. */
export interface FrontmatterBlock {
  /** Offset of the first YAML character (after the opening `---` line). */
  yamlStart: number;
  yamlText: string;
  /** Line index (0-based) of the first YAML line. */
  yamlStartLine: number;
  /** Offset and line of the body (after the closing fence line). */
  bodyStart: number;
  bodyStartLine: number;
}

/** Finds a `---` frontmatter block at the very top of a note (after an optional BOM); null when there is none. */
export function findFrontmatter(text: string): FrontmatterBlock | null {
  const start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  if (!text.startsWith("---", start)) return null;
  const firstEol = text.indexOf("\n", start);
  if (firstEol === -1 || text.slice(start + 3, firstEol).trim() !== "") return null;
  let lineStart = firstEol + 1;
  let line = 1;
  while (lineStart <= text.length) {
    const eol = text.indexOf("\n", lineStart);
    const end = eol === -1 ? text.length : eol;
    if (isClosingFence(text, lineStart, end)) {
      return {
        yamlStart: firstEol + 1,
        yamlText: text.slice(firstEol + 1, lineStart),
        yamlStartLine: 1,
        bodyStart: eol === -1 ? text.length : eol + 1,
        bodyStartLine: line + 1,
      };
    }
    if (eol === -1) return null;
    lineStart = eol + 1;
    line++;
  }
  return null;
}

function isClosingFence(text: string, s: number, e: number): boolean {
  const c = text.charCodeAt(s);
  if ((c !== 45 && c !== 46) || text.charCodeAt(s + 1) !== c || text.charCodeAt(s + 2) !== c) return false;
  for (let i = s + 3; i < e; i++) {
    const d = text.charCodeAt(i);
    if (d !== 32 && d !== 9 && d !== 13) return false;
  }
  return s + 3 <= e;
}

/** Parses frontmatter YAML into a plain object; invalid YAML or a non-mapping becomes an error value, never a throw. */
export function readFrontmatter(block: FrontmatterBlock): { data: Record<string, unknown> | null; error: FrontmatterError | null } {
  if (block.yamlText.trim() === "") return { data: {}, error: null };
  const simple = parseSimpleYaml(block.yamlText);
  if (simple !== undefined) return { data: simple, error: null };
  try {
    const data: unknown = parse(block.yamlText, { uniqueKeys: false, prettyErrors: false, maxAliasCount: 100, logLevel: "error" });
    if (data === null || data === undefined) return { data: {}, error: null };
    if (typeof data !== "object" || Array.isArray(data)) {
      return { data: null, error: { message: "Frontmatter is not a list of properties (key: value).", line: block.yamlStartLine, col: 0 } };
    }
    return { data: data as Record<string, unknown>, error: null };
  } catch (e) {
    const message = e instanceof Error ? (e.message.split("\n")[0] ?? "Invalid YAML") : "Invalid YAML";
    const at = e instanceof YAMLParseError ? locateInYaml(block, errorOffset(block.yamlText, e)) : { line: block.yamlStartLine, col: 0 };
    const template = TEMPLATE_PLACEHOLDER.test(block.yamlText) ? { template: true } : {};
    return { data: null, error: { message: `Invalid YAML in frontmatter: ${message}`, ...at, ...template } };
  }
}

/** Where to point a person at: the opening quote of an unclosed string (YAML reports the end of input), else YAML's own offset. */
function errorOffset(yamlText: string, e: YAMLParseError): number {
  const quote = e.code === "MISSING_CHAR" ? /closing (["'])quote/.exec(e.message)?.[1] : undefined;
  if (quote === undefined) return e.pos[0];
  let k = yamlText.lastIndexOf(quote, e.pos[0] - 1);
  while (quote === '"' && k > 0 && yamlText[k - 1] === "\\") k = yamlText.lastIndexOf(quote, k - 2);
  return k >= 0 ? k : e.pos[0];
}

/** The file line and column of an offset into the YAML text; one past the end points at the end of the last line. */
function locateInYaml(block: FrontmatterBlock, pos: number): { line: number; col: number } {
  const text = block.yamlText;
  const at = Math.max(0, Math.min(pos, text.trimEnd().length));
  let line = block.yamlStartLine;
  let lineStart = 0;
  for (let nl = text.indexOf("\n"); nl !== -1 && nl < at; nl = text.indexOf("\n", nl + 1)) {
    line++;
    lineStart = nl + 1;
  }
  return { line, col: at - lineStart };
}
