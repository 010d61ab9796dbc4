import { trimSlashes } from "../knowledge/knowledge-layout";
import { err, ok, type Result } from "../result";

const RESERVED = new Set(["index", "log"]);
/** Windows device names, reserved with any extension (com0–9 and lpt0–9 include the superscript digits ¹²³). */
const DEVICE = /^(con|prn|aux|nul|conin\$|conout\$|com[0-9¹²³]|lpt[0-9¹²³])$/i;
/** Letters of the scripts whose shapes are confused with each other (а/a, ο/o, і/i). */
const CONFUSABLE_SCRIPTS = [/\p{Script=Latin}/u, /\p{Script=Cyrillic}/u, /\p{Script=Greek}/u];

/**
 * Why a file name (without extension) is unsafe, or null: compatibility forms (fullwidth letters, superscripts,
 * ligatures: anything NFKC changes), invisible or control characters, letters mixing Latin, Cyrillic and Greek (the
 * look-alikes of a spoofed name), and Windows device names on any system (a synced vault may be opened there).
 */
export function fileNameProblem(name: string): string | null {
  if (DEVICE.test(name.normalize("NFKC").split(".")[0]!)) return `file name "${name}" is a reserved device name on Windows`;
  if (/[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Zl}\p{Zp}]/u.test(name)) return `file name ${JSON.stringify(name)} contains invisible or control characters`;
  if (name.normalize("NFKC") !== name)
    return `file name ${JSON.stringify(name)} uses compatibility or look-alike characters (fullwidth forms, superscripts, ligatures)`;
  const scripts = CONFUSABLE_SCRIPTS.filter((re) => re.test(name)).length;
  if (scripts > 1) return `file name ${JSON.stringify(name)} mixes letters of Latin, Cyrillic or Greek, which look alike`;
  return null;
}
/** Lowercase letters (or letters of scripts without case) and digits, joined by single hyphens. */
const KEBAB = /^[\p{Ll}\p{Lo}\p{N}]+(?:-[\p{Ll}\p{Lo}\p{N}]+)*$/u;

/** A path the model gave, made knowledge-relative without `.md` ("concepts/x"); the folder prefix is tolerated. */
export function relativeArticlePath(raw: string, knowledgeFolder: string): string {
  const f = trimSlashes(knowledgeFolder);
  let p = raw.trim().replace(/\.md$/i, "");
  if (f && p.startsWith(`${f}/`)) p = p.slice(f.length + 1);
  return p;
}

/**
 * Checks a path the model proposes for a new article: only `concepts/<name>` or `connections/<name>` inside the
 * knowledge folder, with a kebab-case name; `..`, absolute paths, backslashes, other folders and reserved names
 * (index, log, device names) are refused with the reason.
 */
export function checkNewArticlePath(raw: unknown, knowledgeFolder: string): Result<{ rel: string; kind: "concept" | "connection" }, string> {
  if (typeof raw !== "string" || raw.trim() === "") return err("has no path");
  const shown = JSON.stringify(raw);
  if (/^[\\/]|^[a-z]:/i.test(raw.trim())) return err(`path ${shown} is absolute; give concepts/<name> or connections/<name>`);
  if (raw.includes("\\")) return err(`path ${shown} contains a backslash`);
  const rel = relativeArticlePath(raw, knowledgeFolder);
  const parts = rel.split("/");
  if (parts.some((s) => s === ".." || s === ".")) return err(`path ${shown} leaves the knowledge folder`);
  if (parts.length !== 2 || (parts[0] !== "concepts" && parts[0] !== "connections")) {
    return err(`path ${shown} is not under concepts/ or connections/ of the knowledge folder`);
  }
  const name = parts[1]!;
  const unsafe = fileNameProblem(name);
  if (unsafe) return err(unsafe);
  if (!KEBAB.test(name) || name.length > 80) return err(`file name "${name}" is not kebab-case (lowercase words joined by hyphens, at most 80 characters)`);
  if (RESERVED.has(name)) return err(`file name "${name}" is reserved`);
  return ok({ rel, kind: parts[0] === "concepts" ? "concept" : "connection" });
}
