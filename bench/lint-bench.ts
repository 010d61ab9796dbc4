// Lint speed on the real vaults: full lint (read + parse + index + checks) and re-lint after one changed note,
// each as a ratio to just reading the same files, measured side by side in one run.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { FsNoteStore, decodeText } from "../src/node/fs-note-store";
import { VaultIndex } from "../src/core/links/vault-index";
import { LintEngine } from "../src/core/lint/lint-engine";
import { DEFAULT_KNOWLEDGE_SETTINGS } from "../src/core/knowledge/knowledge-settings";
import { sha256Hex } from "../src/core/util/sha256";
import { median, ms, timeRuns } from "./stats";
import { print } from "./print";

/** Runs the lint benchmark on each vault folder and prints a table. */
export async function benchLint(dataDir: string, runs = 7): Promise<void> {
  print("\n## Lint (scope: vault, all checks)\n");
  print("| vault | notes | MB | words | read | full lint | lint ÷ read | re-lint 1 note | re-lint ÷ full |");
  print("|---|---|---|---|---|---|---|---|---|");
  for (const name of ["vaultofknowledge", "noclocks-vault"]) {
    const root = join(dataDir, name);
    if (!existsSync(root)) {
      print(`| ${name} | (missing at ${root}) |`);
      continue;
    }
    const store = new FsNoteStore(root);
    const files = await store.list();
    const md = files.filter((f) => f.path.endsWith(".md"));
    // Read as kc reads a vault: one synchronous loop (awaiting each file would measure the event loop, not the reading).
    const readAll = (): Map<string, string> => {
      const texts = new Map<string, string>();
      for (const f of md) {
        const t = decodeText(readFileSync(join(root, f.path)));
        if (t !== null) texts.set(f.path, t);
      }
      return texts;
    };
    let engine: LintEngine | null = null;
    let index: VaultIndex | null = null;
    let texts = new Map<string, string>();
    const fullLint = (): void => {
      texts = readAll();
      index = new VaultIndex();
      for (const f of files) if (!f.path.endsWith(".md")) index.setFile(f.path);
      for (const [p, t] of texts) index.setNote(p, t);
      engine = new LintEngine(index, {
        settings: { ...DEFAULT_KNOWLEDGE_SETTINGS, lintScope: "vault" },
        compileState: { logs: {} },
        logHash: (p) => (texts.has(p) ? sha256Hex(texts.get(p)!) : undefined),
        today: "2026-11-22",
      });
      engine.run();
    };
    const read = await timeRuns(runs, readAll);
    const full = await timeRuns(runs, fullLint);
    const paths = [...texts.keys()];
    let k = 0;
    const relint = await timeRuns(runs * 5, () => {
      const p = paths[(k++ * 7919) % paths.length]!;
      index!.setNote(p, `${texts.get(p)!}\nEdited [[${paths[(k * 31) % paths.length]!.replace(/\.md$/, "")}]]\n`);
      engine!.update([p]);
    });
    const bytes = [...texts.values()].reduce((s, t) => s + t.length, 0);
    const words = [...texts.keys()].reduce((s, p) => s + (index!.note(p)?.wordCount ?? 0), 0);
    const [r, f, u] = [median(read), median(full), median(relint)];
    print(
      `| ${name} | ${texts.size} | ${(bytes / 1e6).toFixed(1)} | ${words} | ${ms(r)} | ${ms(f)} | ${(f / r).toFixed(2)}× | ${ms(u)} | ${((u / f) * 100).toFixed(3)}% |`,
    );
  }
  print(
    `\nMedians of ${runs} runs (re-lint: ${runs * 5} single-note edits) after one warm-up. "read" is reading and decoding every .md file in one synchronous loop, as kc does; "full lint" includes that read. In one warm process: the whole-process table below is what a person waits for.`,
  );
}
