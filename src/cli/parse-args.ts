/** Parsed command-line arguments: positionals and `--flag value` / `--flag` options. */
export interface ParsedArgs {
  positionals: string[];
  flags: Map<string, string | true>;
}

/** A tiny argument parser: `--name value`, `--name=value`, boolean `--name` for names listed in `booleans`. */
export function parseArgs(argv: readonly string[], booleans: ReadonlySet<string>): ParsedArgs {
  const positionals: string[] = [];
  const flags = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "--") {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (a.startsWith("--")) {
      const eq = a.indexOf("=");
      const name = eq === -1 ? a.slice(2) : a.slice(2, eq);
      if (eq !== -1) flags.set(name, a.slice(eq + 1));
      else if (booleans.has(name) || i + 1 >= argv.length || argv[i + 1]!.startsWith("--")) flags.set(name, true);
      else flags.set(name, argv[++i]!);
    } else if (a === "-h") flags.set("help", true);
    else positionals.push(a);
  }
  return { positionals, flags };
}

/** The string value of a flag, or the fallback. */
export function flagString(args: ParsedArgs, name: string, fallback?: string): string | undefined {
  const v = args.flags.get(name);
  return typeof v === "string" ? v : fallback;
}
