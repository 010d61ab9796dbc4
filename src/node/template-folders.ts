import { readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { readTemplateFolders, TEMPLATE_SETTINGS_FILES } from "../core/headers/header-eligibility";
import { CONFIG_DIR } from "./config-dir";

/** Settings files are small: anything larger, or not a plain file (a FIFO, a folder), is not read. */
const MAX_SETTINGS_BYTES = 1 << 20;

/** The template folders a vault on disk names in its Templates core plugin and Templater settings (none when absent). */
export async function templateFoldersOf(vaultRoot: string): Promise<string[]> {
  const read = async (name: string): Promise<string | null> => {
    const path = join(vaultRoot, CONFIG_DIR, name);
    const s = await stat(path).catch(() => null);
    return s?.isFile() && s.size <= MAX_SETTINGS_BYTES ? readFile(path, "utf8").catch(() => null) : null;
  };
  const [templates, templater] = await Promise.all([read(TEMPLATE_SETTINGS_FILES.templates), read(TEMPLATE_SETTINGS_FILES.templater)]);
  return readTemplateFolders(templates, templater).folders;
}
