/**
 * A fast path for the frontmatter most notes have: `key: scalar`, `key: [a, b]`, `key:` followed by `- item` lines,
 * quoted strings without escapes, comments. It returns undefined for anything else (anchors, multi-line scalars,
 * nested maps, numbers other than plain integers, special words), and the caller falls back to the `yaml` package.
 * Results equal `yaml.parse` with the core schema for everything it accepts (property-tested).
 */
export function parseSimpleYaml(text: string): Record<string, unknown> | undefined {
  const out: Record<string, unknown> = {};
  const lines = text.split("\n");
  let listKey: string | null = null;
  for (let raw of lines) {
    if (raw.endsWith("\r")) raw = raw.slice(0, -1);
    if (raw.trim() === "" || /^\s*#/.test(raw)) continue;
    if (listKey !== null && /^\s*- /.test(raw)) {
      const v = scalar(stripBlanks(raw.replace(/^\s*- /, "")));
      if (v === undefined) return undefined;
      (out[listKey] as unknown[]).push(v);
      continue;
    }
    if (listKey !== null && (out[listKey] as unknown[]).length === 0) out[listKey] = null;
    listKey = null;
    const m = /^([A-Za-z_][A-Za-z0-9_.-]*):(?: (.*))?$/.exec(raw);
    if (!m || m[1]! in out) return undefined;
    const key = m[1]!;
    const rest = stripBlanks(m[2] ?? "");
    if (rest === "") {
      out[key] = [];
      listKey = key;
      continue;
    }
    if (rest.startsWith("[")) {
      if (!rest.endsWith("]")) return undefined;
      const inner = rest.slice(1, -1).trim();
      if (inner === "") {
        out[key] = [];
        continue;
      }
      const items: unknown[] = [];
      for (const part of splitFlow(inner) ?? []) {
        const v = scalar(part.trim());
        if (v === undefined || part.trim() === "") return undefined;
        items.push(v);
      }
      if (splitFlow(inner) === null) return undefined;
      out[key] = items;
      continue;
    }
    const v = scalar(rest);
    if (v === undefined) return undefined;
    out[key] = v;
  }
  if (listKey !== null && (out[listKey] as unknown[]).length === 0) out[listKey] = null;
  return out;
}

/** Drops the spaces and tabs around a value (YAML's blanks; other Unicode spaces are part of the value). */
function stripBlanks(s: string): string {
  return s.replace(/^[ \t]+|[ \t]+$/g, "");
}

function splitFlow(inner: string): string[] | null {
  const parts: string[] = [];
  let cur = "";
  let quote: string | null = null;
  for (const ch of inner) {
    if (quote) {
      cur += ch;
      if (ch === quote) quote = null;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
      cur += ch;
    } else if (ch === "[" || ch === "]" || ch === "{" || ch === "}") return null;
    else if (ch === ",") {
      parts.push(cur);
      cur = "";
    } else cur += ch;
  }
  if (quote) return null;
  parts.push(cur);
  return parts;
}

const WORDS: Record<string, unknown> = {
  "~": null,
  null: null,
  Null: null,
  NULL: null,
  true: true,
  True: true,
  TRUE: true,
  false: false,
  False: false,
  FALSE: false,
};

// YAML 1.2 core schema numbers, as the yaml package's core schema tests them: int, octal, hex, float, exponent, .inf/.nan.
const CORE_NUMBER =
  /^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+|[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/;

function scalar(s: string): unknown {
  if (s.startsWith('"')) {
    if (s.length < 2 || !s.endsWith('"') || s.slice(1, -1).includes('"') || s.includes("\\")) return undefined;
    return s.slice(1, -1);
  }
  if (s.startsWith("'")) {
    if (s.length < 2 || !s.endsWith("'") || s.slice(1, -1).includes("'")) return undefined;
    return s.slice(1, -1);
  }
  if (Object.hasOwn(WORDS, s)) return WORDS[s];
  if (s === "" || /^[-?:,[\]{}#&*!|>'"%@`]/.test(s) || /:[ \t]|[ \t]#/.test(s) || s.endsWith(":")) return undefined;
  // The core schema reads these as numbers; only plain integers are read here. Anything else that starts like a number
  // ("05-May", "3D", ".fgb", "1.2.3") is a string to YAML too.
  if (CORE_NUMBER.test(s)) return /^[1-9][0-9]{0,14}$/.test(s) || s === "0" ? Number(s) : undefined;
  if (/\.(?:inf|nan)$/i.test(s)) return undefined;
  return s;
}
