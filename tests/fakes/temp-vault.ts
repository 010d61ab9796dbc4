import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** Temporary vault folders made from a map of files; `cleanup` removes every one made so far (call it afterEach). */
export function tempVaults(): { make(files: Record<string, string | Uint8Array>): string; cleanup(): void } {
  const dirs: string[] = [];
  return {
    make(files) {
      const dir = mkdtempSync(join(tmpdir(), "kc-vault-"));
      dirs.push(dir);
      for (const [p, content] of Object.entries(files)) {
        mkdirSync(join(dir, p, ".."), { recursive: true });
        writeFileSync(join(dir, p), content);
      }
      return dir;
    },
    cleanup() {
      for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
    },
  };
}
