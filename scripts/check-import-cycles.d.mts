/** The import graph of the modules under `srcDir`: file -> the files it imports (paths relative to the repository). */
export declare function importGraph(srcDir: string, options?: { runtimeOnly?: boolean }): Map<string, string[]>;
/** One entry per strongly connected group of modules: its sorted members and one cycle through them. */
export declare function findCycles(graph: Map<string, string[]>): { members: string[]; cycle: string[] }[];
