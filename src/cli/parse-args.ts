import { parseArgs as parseNodeArgs } from "node:util";
import type { CommandSpec } from "./command-spec";

/** Parsed command-line arguments: positionals (the command first) and `--flag value` / `--flag` options. */
export interface ParsedArgs {
  positionals: string[];
  flags: Map<string, string | true>;
  /** Every value of a repeatable option, in order. */
  lists?: Map<string, string[]>;
}

/** The string value of a flag, or the fallback. */
export function flagString(args: ParsedArgs, name: string, fallback?: string): string | undefined {
  const v = args.flags.get(name);
  return typeof v === "string" ? v : fallback;
}

/**
 * Parses a command's arguments strictly (Node's util.parseArgs): an unknown option, a missing value or an extra
 * argument is an error in words, with the nearest known option suggested ("did you mean --dry-run?"), so a typo
 * never runs a command as if the option were not there.
 */
export function parseCommandArgs(command: string, argv: readonly string[], spec: CommandSpec): ParsedArgs | { error: string } {
  const options: Record<string, { type: "string" | "boolean"; short?: string; multiple?: boolean }> = { help: { type: "boolean", short: "h" } };
  for (const v of spec.values) options[v] = { type: "string", ...(spec.repeatable?.includes(v) ? { multiple: true } : {}) };
  for (const s of spec.switches) options[s] = { type: "boolean" };
  let parsed: { values: Record<string, string | boolean | (string | boolean)[] | undefined>; positionals: string[] };
  try {
    parsed = parseNodeArgs({ args: joinNegativeValues(argv, spec.values), options, strict: true, allowPositionals: true });
  } catch (e) {
    return { error: explain(command, e, [...spec.values, ...spec.switches, "help"]) };
  }
  const flags = new Map<string, string | true>();
  const lists = new Map<string, string[]>();
  for (const [k, v] of Object.entries(parsed.values)) {
    if (v === true) flags.set(k, true);
    else if (typeof v === "string") flags.set(k, v);
    else if (Array.isArray(v) && v.length > 0) {
      const strings = v.filter((x): x is string => typeof x === "string");
      flags.set(k, strings[strings.length - 1]!);
      lists.set(k, strings);
    }
  }
  const [, ...rest] = parsed.positionals;
  if (!flags.has("help") && !spec.variadic && rest.length > spec.positionals.length) {
    const extra = rest
      .slice(spec.positionals.length)
      .map((a) => JSON.stringify(a))
      .join(" ");
    return {
      error: `kc ${command} takes ${spec.positionals.map((p) => `<${p}>`).join(" ")}; ${extra} is more than it takes (quote an argument that has spaces).`,
    };
  }
  return { positionals: parsed.positionals, flags, lists };
}

/**
 * `--budget -5` as `--budget=-5`: Node's parser reads a value that starts with `-` as another option and says the
 * flag "needs a value"; joined, the command itself says what a valid number is.
 */
function joinNegativeValues(argv: readonly string[], values: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const next = argv[i + 1];
    if (a.startsWith("--") && values.includes(a.slice(2)) && next !== undefined && /^-\d/.test(next)) {
      out.push(`${a}=${next}`);
      i++;
    } else out.push(a);
  }
  return out;
}

function explain(command: string, e: unknown, known: string[]): string {
  const fields = typeof e === "object" && e !== null ? (e as { code?: unknown }) : {};
  const code = typeof fields.code === "string" ? fields.code : "";
  const message = e instanceof Error ? e.message : String(e);
  const name = /'(-{1,2}[^' =]+)/.exec(message)?.[1] ?? "";
  if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") {
    const bare = name.replace(/^-+/, "");
    const near = nearest(bare, known);
    return `kc ${command} has no option ${name}.${near ? ` Did you mean --${near}?` : ""}`;
  }
  if (/argument missing|ambiguous/.test(message)) return `${name} needs a value (give it as ${name} <value> or ${name}=<value>).`;
  if (/does not take an argument/.test(message)) return `${name} is a switch and takes no value.`;
  return `kc ${command}: the arguments could not be read.`;
}

/** The known option closest to a typo (edit distance ≤ 2, or one is the other's prefix), if any. */
function nearest(word: string, known: string[]): string | null {
  let best: string | null = null;
  let bestD = Infinity;
  for (const k of known) {
    const d = k.startsWith(word) || word.startsWith(k) ? Math.abs(k.length - word.length) * 0.5 : distance(word, k);
    if (d < bestD) {
      best = k;
      bestD = d;
    }
  }
  return bestD <= Math.max(2, Math.floor(word.length / 4)) ? best : null;
}

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cur = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = cur;
    }
  }
  return row[b.length]!;
}
