/** The commands: one per src/cli/commands/<name>-command.ts. */
export declare function commandNames(): string[];
/** Builds the CLI into `outdir` and returns the path of its entry, kc.cjs. */
export declare function buildCli(options?: { outdir?: string; minify?: boolean; logLevel?: "silent" | "error" | "warning" | "info" }): Promise<string>;
