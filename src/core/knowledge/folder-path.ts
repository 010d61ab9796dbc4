import { err, ok, type Result } from "../result";

/**
 * A folder a person typed (a flag, a setting) as the vault-relative path the core works with: `\` becomes `/`, `./`
 * and `.` segments, repeated and trailing slashes go; "" (or ".") is the vault root. A path that climbs out (`..`),
 * starts at the file-system root or names a drive is refused in a sentence.
 */
export function normalizeFolderPath(input: string, what = "folder"): Result<string, string> {
  const raw = input.trim().replace(/\\/g, "/");
  // "/" alone means the vault's root, as people write it; any other absolute path is outside.
  if (/^\/+$/.test(raw)) return ok("");
  if (raw.startsWith("/") || /^[a-z]:/i.test(raw))
    return err(`The ${what} "${input}" must be a folder inside the vault, given relative to it (for example "knowledge").`);
  const parts = raw.split("/").filter((s) => s !== "" && s !== ".");
  if (parts.includes("..")) return err(`The ${what} "${input}" climbs out of the vault ("..").`);
  return ok(parts.join("/"));
}
