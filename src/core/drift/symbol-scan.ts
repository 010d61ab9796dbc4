/** The language of a source file by extension, for the definition scan. */
function languageOf(path: string): "js" | "py" | "go" | "rs" | "other" {
  const ext = path.slice(path.lastIndexOf(".") + 1).toLowerCase();
  if (["ts", "tsx", "js", "jsx", "mjs", "cjs", "vue", "svelte"].includes(ext)) return "js";
  if (ext === "py") return "py";
  if (ext === "go") return "go";
  if (ext === "rs") return "rs";
  return "other";
}

const esc = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The definition patterns of a language, each matched against ONE line (never the whole file): leading space is
 * `[ \t]`, so no pattern can run across lines and the scan stays linear in the file's size whatever it holds
 * (a `^\s*` under the multiline flag walked every following blank line from every line start: quadratic).
 */
function linePatterns(lang: ReturnType<typeof languageOf>, n: string): RegExp[] {
  const patterns: Record<typeof lang, RegExp[]> = {
    js: [
      new RegExp(`\\b(?:function\\*?|class|interface|type|enum|namespace|const|let|var)\\s+${n}\\b`),
      new RegExp(`^[ \\t]*(?:(?:export|public|private|protected|static|async|override|readonly|abstract|get|set)[ \\t]+)*\\*?${n}\\s*(?:<[^>]*>)?\\s*\\(`),
      new RegExp(`^[ \\t]*(?:(?:public|private|protected|static|readonly)[ \\t]+)*${n}\\s*[:=]`),
      new RegExp(`exports\\.${n}\\s*=`),
      // An enum member written bare (`Red,`); with a value it is caught by the pattern above.
      new RegExp(`^[ \\t]*${n}\\s*,?\\s*$`),
    ],
    py: [
      new RegExp(`^[ \\t]*(?:async[ \\t]+)?(?:def|class)\\s+${n}\\b`),
      // Module and class constants (and, being light, any assignment at the start of a line).
      new RegExp(`^[ \\t]*${n}\\s*(?::[^=]*)?=(?!=)`),
      new RegExp(`^type\\s+${n}\\b`),
      // A dataclass or annotated class field (`name: int`).
      new RegExp(`^[ \\t]+${n}\\s*:\\s*[^=]+$`),
    ],
    go: [
      new RegExp(`^func\\s+(?:\\([^)]*\\)\\s*)?${n}\\s*[(\\[]`),
      new RegExp(`^[ \\t]*(?:type|var|const)\\s+${n}\\b`),
      new RegExp(`^[ \\t]*${n}\\s+(?:=|[A-Za-z*\\[])`),
      // An interface method (`Advance() error`).
      new RegExp(`^[ \\t]+${n}\\([^)]*\\)[^{]*$`),
    ],
    rs: [
      new RegExp(`\\b(?:fn|struct|enum|trait|type|const|static|mod|union)\\s+${n}\\b`),
      new RegExp(`macro_rules!\\s*${n}\\b`),
      // An enum variant (`Variant,`, `Variant(u8),`, `Variant {`).
      new RegExp(`^[ \\t]*${n}\\s*(?:,|\\([^)]*\\)\\s*,|\\{\\s*$)`),
      // A struct field (`pub name: Type,`).
      new RegExp(`^[ \\t]*(?:pub(?:\\([^)]*\\))?\\s+)?${n}\\s*:\\s*[^:]`),
    ],
    other: [new RegExp(`\\b${n}\\b`)],
  };
  return patterns[lang];
}

/**
 * True when `source` defines `name` (a light scan, not a parser): functions, classes, methods, types, constants
 * and exports in TypeScript/JavaScript, Python, Go and Rust; for other languages, any whole-word occurrence counts.
 * Linear in the size of the source: patterns only see the lines that hold the name, one line at a time.
 */
export function definesSymbol(path: string, source: string, name: string): boolean {
  if (name === "" || !source.includes(name)) return false;
  const lang = languageOf(path);
  const patterns = linePatterns(lang, esc(name));
  for (const raw of source.split("\n")) {
    const line = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
    if (line.includes(name) && patterns.some((re) => re.test(line))) return true;
  }
  return lang === "js" && inExportList(source, name);
}

/**
 * True when `name` is listed in an `export { … }` block (which may span lines). Each character is looked at a
 * bounded number of times: a block is the text up to the next `}`, and blocks that end at the same `}` are one.
 */
function inExportList(source: string, name: string): boolean {
  const word = new RegExp(`(?:^|[^\\w$])${esc(name)}(?![\\w$])`);
  let checkedUpTo = -1;
  for (let at = source.indexOf("export"); at !== -1; at = source.indexOf("export", at + 6)) {
    let i = at + 6;
    while (i < source.length && " \t\r\n".includes(source[i]!)) i++;
    if (source[i] !== "{") continue;
    const close = source.indexOf("}", i);
    if (close === -1) return false;
    if (close === checkedUpTo) continue;
    checkedUpTo = close;
    if (word.test(source.slice(i + 1, close))) return true;
  }
  return false;
}
