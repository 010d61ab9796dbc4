/** The Node-only places in ADR 0002's table: folders (ending in "/") and files, repository-relative. */
export declare function nodeOnlyPaths(adrText: string): string[];
/** True when `path` is one of the listed places or inside a listed folder. */
export declare function isNodeOnly(path: string, places: string[]): boolean;
/** Every error, and every warning but no-nodejs-modules in a listed place, as "path:line:column severity rule: message". */
export declare function reviewProblems(
  results: { filePath: string; messages: { ruleId: string | null; severity: number; message: string; line?: number; column?: number }[] }[],
  places: string[],
  root?: string,
): string[];
