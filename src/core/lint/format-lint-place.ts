/** A place as findings hold it: 0-based line and column. */
interface Place {
  path: string;
  line: number;
  col: number;
}

/** A place's line and column as people and tools read them: 1-based (findings hold 0-based ones). */
export function oneBased(p: Pick<Place, "line" | "col">): { line: number; column: number } {
  return { line: p.line + 1, column: p.col + 1 };
}

/**
 * A finding's place as every host prints it: `path:line`, or `path:line:column` with `withColumn`, 1-based, so the
 * first line of a note (a whole-note finding) is line 1 in `kc lint`, the MCP server and the plugin alike.
 */
export function formatLintPlace(p: Place, withColumn = false): string {
  const at = oneBased(p);
  return withColumn ? `${p.path}:${at.line}:${at.column}` : `${p.path}:${at.line}`;
}
