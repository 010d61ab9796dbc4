import { err, ok, type Result } from "../result";
import { normalizeFolderPath } from "./folder-path";

/**
 * The daily-notes folder a person gave on the command line (`--daily-folder`), by one rule: a relative path of
 * visible folders inside the vault. Backslashes, `./`, repeated and trailing slashes are normalised away ("daily/" is
 * "daily"); "/" or "." names the vault's root. Refused, in a sentence: an empty value (an unset shell variable, most
 * often), an absolute, drive or home path (`/x`, `C:\x`, `~/x`), a climb (`..`), a hidden folder (`.x`: Obsidian
 * shows no note there) and control characters.
 */
export function readDailyFolderFlag(input: string): Result<string, string> {
  const what = "daily notes folder";
  if (input.trim() === "") return err(`The ${what} given is empty; give a folder inside the vault (for example "daily"), or "/" for the vault's root.`);
  // eslint-disable-next-line no-control-regex -- control characters are what is looked for
  if (/[\u0000-\u001f\u007f]/.test(input)) return err(`The ${what} ${JSON.stringify(input)} holds a control character; give the folder's name as it is.`);
  const raw = input.trim().replace(/\\/g, "/");
  if (raw === "~" || raw.startsWith("~/"))
    return err(`The ${what} "${input}" is in your home folder, outside the vault; give it relative to the vault (for example "daily").`);
  const folder = normalizeFolderPath(input, what);
  if (!folder.ok) return folder;
  const hidden = folder.value.split("/").find((s) => s.startsWith("."));
  if (hidden !== undefined)
    return err(`The ${what} "${input}" is inside a hidden folder ("${hidden}"), where Obsidian shows no note; give a visible folder (for example "daily").`);
  return ok(folder.value);
}
