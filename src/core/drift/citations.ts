/** A citation of a code file (and maybe a symbol in it) found in an article, with where it stands (0-based). */
export interface Citation {
  path: string;
  symbol: string | null;
  line: number;
  col: number;
  /** True when it is a markdown link's target (which may name a file of the vault instead). */
  link?: boolean;
}

const EXT = "ts|tsx|js|jsx|mjs|cjs|py|go|rs|java|kt|rb|php|cs|c|h|cc|cpp|hpp|swift|scala|sh|sql|vue|svelte";
// Not citations: URLs (with a scheme, or a first segment shaped like a host name: `deno.land/x/…`, `esm.sh/…`,
// `example.co.uk/…`), absolute and home paths, `..`, and import aliases or scoped packages (`@/components/x.vue`,
// `@scope/pkg/index.js`).
const NOT_A_PATH = "https?:|[a-z][a-z0-9+.-]*://|/|~|@|[a-z0-9-]+(?:\\.[a-z0-9-]+)*\\.[a-z]{2,}/|.*(?:^|/)\\.\\.(?:/|$)";
/** `src/a/b.ts`, `b.py:Symbol`, `lib/x.rs:Type::method`, `tests/t.py::Test::test_x` (pytest), `a/b.go#L12`. */
const CITE = new RegExp(
  `^(?!${NOT_A_PATH})((?:[\\w.@-]+/)*[\\w.@-]+\\.(?:${EXT}))(?:::?([A-Za-z_$][\\w$]*(?:(?:\\.|::|#)[A-Za-z_$][\\w$]*)*))?(?:#L\\d+(?:-L?\\d+)?|:\\d+(?::\\d+)?)?$`,
  "i",
);

/**
 * The code citations of an article's text: inline code spans and markdown link targets that name a source file
 * (with a code extension, relative to the repository), optionally with a symbol after a colon. Fenced code blocks are
 * skipped (they show code, they do not cite it); URLs and absolute paths are not citations.
 */
export function findCitations(text: string): Citation[] {
  const out: Citation[] = [];
  const lines = text.split("\n");
  let fence: string | null = null;
  let inFrontmatter = lines[0] === "---";
  lines.forEach((raw, line) => {
    if (inFrontmatter) {
      if (line > 0 && raw === "---") inFrontmatter = false;
      return;
    }
    const f = /^\s*(```+|~~~+)/.exec(raw);
    if (f) {
      if (fence === null) fence = f[1]![0]!;
      else if (f[1]![0] === fence) fence = null;
      return;
    }
    if (fence !== null) return;
    for (const m of raw.matchAll(/`([^`\n]+)`|\]\(([^)\s]+)\)/g)) {
      const candidate = (m[1] ?? m[2] ?? "").trim().replace(/^\.\//, "");
      const c = CITE.exec(candidate);
      if (!c) continue;
      // A code span is located at its backtick, a link at its target (after "](").
      out.push({ path: c[1]!, symbol: c[2] ?? null, line, col: (m.index ?? 0) + (m[1] === undefined ? 2 : 0), ...(m[1] === undefined ? { link: true } : {}) });
    }
  });
  return out;
}
