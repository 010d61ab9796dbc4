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
 * True when `source` defines `name` (a light scan, not a parser): functions, classes, methods, types, constants
 * and exports in TypeScript/JavaScript, Python, Go and Rust; for other languages, any whole-word occurrence counts.
 */
export function definesSymbol(path: string, source: string, name: string): boolean {
  const n = esc(name);
  const lang = languageOf(path);
  const patterns: Record<typeof lang, RegExp[]> = {
    js: [
      new RegExp(`\\b(?:function\\*?|class|interface|type|enum|namespace|const|let|var)\\s+${n}\\b`),
      new RegExp(`^\\s*(?:(?:export|public|private|protected|static|async|override|readonly|abstract|get|set)\\s+)*\\*?${n}\\s*(?:<[^>]*>)?\\s*\\(`, "m"),
      new RegExp(`^\\s*(?:(?:public|private|protected|static|readonly)\\s+)*${n}\\s*[:=]`, "m"),
      new RegExp(`export\\s*\\{[^}]*\\b${n}\\b[^}]*\\}`),
      new RegExp(`exports\\.${n}\\s*=`),
      // An enum member written bare (`Red,`); with a value it is caught by the pattern above.
      new RegExp(`^\\s*${n}\\s*,?\\s*$`, "m"),
    ],
    py: [
      new RegExp(`^\\s*(?:async\\s+)?(?:def|class)\\s+${n}\\b`, "m"),
      // Module and class constants (and, being light, any assignment at the start of a line).
      new RegExp(`^\\s*${n}\\s*(?::[^=\\n]*)?=(?!=)`, "m"),
      new RegExp(`^type\\s+${n}\\b`, "m"),
      // A dataclass or annotated class field (`name: int`).
      new RegExp(`^\\s+${n}\\s*:\\s*[^=\\n]+$`, "m"),
    ],
    go: [
      new RegExp(`^func\\s+(?:\\([^)]*\\)\\s*)?${n}\\s*[(\\[]`, "m"),
      new RegExp(`^\\s*(?:type|var|const)\\s+${n}\\b`, "m"),
      new RegExp(`^\\s*${n}\\s+(?:=|[A-Za-z*\\[])`, "m"),
      // An interface method (`Advance() error`).
      new RegExp(`^\\s+${n}\\([^)\\n]*\\)[^{\\n]*$`, "m"),
    ],
    rs: [
      new RegExp(`\\b(?:fn|struct|enum|trait|type|const|static|mod|union)\\s+${n}\\b`),
      new RegExp(`macro_rules!\\s*${n}\\b`),
      // An enum variant (`Variant,`, `Variant(u8),`, `Variant {`).
      new RegExp(`^\\s*${n}\\s*(?:,|\\([^)\\n]*\\)\\s*,|\\{\\s*$)`, "m"),
      // A struct field (`pub name: Type,`).
      new RegExp(`^\\s*(?:pub(?:\\([^)]*\\))?\\s+)?${n}\\s*:\\s*[^:]`, "m"),
    ],
    other: [new RegExp(`\\b${n}\\b`)],
  };
  return patterns[lang].some((re) => re.test(source));
}
