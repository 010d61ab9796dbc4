// The small vault under tests/fixtures/compile-vault, loaded into the core's structures for compile tests.
import { isArticlePath } from "../../../src/core/knowledge/write-rules";
import { TEST_RULES } from "../../fakes/in-memory-compile-host";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { classifyPath } from "../../../src/core/knowledge/knowledge-layout";
import { existingArticlesFrom } from "../../../src/core/compile/existing-articles";
import { planCompile, type CompilePlanOptions } from "../../../src/core/compile/plan-compile";
import type { CompilePlan } from "../../../src/core/compile/compile-types";
import type { ExistingArticles } from "../../../src/core/compile/dedupe-proposal";
import { parseNote } from "../../../src/core/notes/parse-note";
import { ArticleIndex } from "../../../src/core/route/article-index";
import { LinkResolver } from "../../../src/core/links/link-resolver";
import type { ResolveTarget } from "../../../src/core/route/route-question";
import { buildArticleDoc } from "../../../src/core/route/article-doc";
import { InMemoryNoteStore } from "../../fakes/in-memory-note-store";

export const FIXTURE_VAULT = join(import.meta.dirname, "..", "..", "fixtures", "compile-vault");
export const LOG = "daily/2026-11-20.md";
export const TODAY = "2026-11-22";

/** Every file of the fixture vault (config folder excluded), by vault-relative path. */
export function fixtureFiles(root = FIXTURE_VAULT): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      if (name.startsWith(".")) continue;
      const abs = join(dir, name);
      if (statSync(abs).isDirectory()) walk(abs);
      else out[relative(root, abs).split(sep).join("/")] = readFileSync(abs, "utf8");
    }
  };
  walk(root);
  return out;
}

/** The vault's link resolution over a set of files (Obsidian's rules, as the CLI uses them). */
export function resolverOf(files: Record<string, string>): ResolveTarget {
  const r = new LinkResolver();
  for (const path of Object.keys(files)) r.add(path);
  return (link, from) => r.resolve(link, from);
}

/** The router index over the knowledge articles of a set of files. */
export function articleIndexOf(files: Record<string, string>): ArticleIndex {
  const index = new ArticleIndex();
  for (const [path, text] of Object.entries(files)) {
    const kind = classifyPath(path, "knowledge");
    if (kind === null || kind === "index" || kind === "log") continue;
    index.upsert(buildArticleDoc(path, text, parseNote(text)));
  }
  return index;
}

/** A store, plan and lookups for compiling the fixture's log. */
export async function fixtureCompile(
  options: Partial<CompilePlanOptions> = {},
  files = fixtureFiles(),
): Promise<{
  store: InMemoryNoteStore;
  plan: CompilePlan;
  existing: ExistingArticles;
  index: ArticleIndex;
}> {
  const store = new InMemoryNoteStore(files);
  const index = articleIndexOf(files);
  const plan = await planCompile(
    { logPath: LOG, logText: files[LOG]!, today: TODAY, knowledgeFolder: "knowledge", index, textOf: (p) => store.files.get(p), resolve: resolverOf(files) },
    options,
  );
  const existing = existingArticlesFrom(
    index.all(),
    "knowledge",
    (l) => (store.files.has(`${l}.md`) ? `${l}.md` : null),
    (p) => isArticlePath(p, TEST_RULES),
  );
  return { store, plan, existing, index };
}
