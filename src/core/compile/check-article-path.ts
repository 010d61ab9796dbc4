import { trimSlashes } from "../knowledge/knowledge-layout";
import { err, ok, type Result } from "../result";

const RESERVED = new Set(["index", "log", "con", "prn", "aux", "nul", ...[1, 2, 3, 4, 5, 6, 7, 8, 9].flatMap((n) => [`com${n}`, `lpt${n}`])]);
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
  if (!KEBAB.test(name) || name.length > 80) return err(`file name "${name}" is not kebab-case (lowercase words joined by hyphens, at most 80 characters)`);
  if (RESERVED.has(name)) return err(`file name "${name}" is reserved`);
  return ok({ rel, kind: parts[0] === "concepts" ? "concept" : "connection" });
}
