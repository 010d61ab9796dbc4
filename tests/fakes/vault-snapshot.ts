import { createHash } from "node:crypto";
import { lstatSync, readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { CONFIG_DIR } from "./config-dir";

/** Every file and folder of a vault copy (config folder and hidden files included) → sha256 of its bytes ("dir" for folders). */
export function hashVault(root: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const abs = join(dir, name);
      const rel = relative(root, abs).split(sep).join("/");
      if (lstatSync(abs).isDirectory()) {
        out.set(`${rel}/`, "dir");
        walk(abs);
      } else out.set(rel, createHash("sha256").update(readFileSync(abs)).digest("hex"));
    }
  };
  walk(root);
  return out;
}

/** The spend ledger, which every model call appends to (issue 24): not a change to the vault these tests look for. */
const SPEND_LEDGER = `${CONFIG_DIR}/plugins/ckp-knowledge-compiler/spend-ledger.jsonl`;

/**
 * The paths whose hash differs between two snapshots (added, removed or changed), leaving out the spend ledger and
 * the folders made only to hold it.
 */
export function changedPaths(before: Map<string, string>, after: Map<string, string>): string[] {
  const keys = new Set([...before.keys(), ...after.keys()]);
  const changed = [...keys].filter((k) => before.get(k) !== after.get(k) && k !== SPEND_LEDGER).sort();
  const onlyForLedger = (k: string) =>
    k.endsWith("/") && !before.has(k) && SPEND_LEDGER.startsWith(k) && !changed.some((o) => o !== k && o.startsWith(k) && !SPEND_LEDGER.startsWith(o));
  return changed.filter((k) => !onlyForLedger(k));
}
