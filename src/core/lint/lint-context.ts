import type { CkpHeader } from "../ckp/ckp-header";
import type { ContradictionState } from "../contradictions/contradiction-state";
import type { Citation } from "../drift/citations";
import type { CodeRepoView } from "../drift/code-repo-view";
import { emptyCkpHeader, readCkpHeader } from "../ckp/read-ckp-header";
import { matchDailyNote } from "../knowledge/daily-notes";
import { classifyPath, isArticleKind, reportFolderOf } from "../knowledge/knowledge-layout";
import type { CompileState, KnowledgeSettings } from "../knowledge/knowledge-settings";
import type { VaultView } from "../notes/vault-view";
import type { LinkGraph } from "./link-graph";

/**
 * The header of every note that has none, one for all (frozen: a check that changed it would throw). One per note was
 * ten objects that lived as long as the run, 27,000 on a vault of 2,721 notes without headers.
 */
const NO_HEADER: CkpHeader = emptyCkpHeader();
for (const v of Object.values(NO_HEADER)) if (Array.isArray(v)) Object.freeze(v);
Object.freeze(NO_HEADER);

/** What the lint engine is given besides the vault: settings, compile state and daily-note hashes. */
export interface LintOptions {
  settings: KnowledgeSettings;
  compileState: CompileState;
  /** SHA-256 of a daily note's text, computed by the caller (undefined when unknown). */
  logHash(path: string): string | undefined;
  /** Today as YYYY-MM-DD, for fixes that stamp relationships. */
  today: string;
  /** The code repository articles cite (drift checks); absent or null: those checks report nothing. */
  codeRepo?: CodeRepoView | null;
  /** The code citations in a note's text, read by the host (asked for only when there is a code repository). */
  citationsOf?(path: string): readonly Citation[];
  /** An article no compile or person confirmed in this many days gets a suggestion (default 180). */
  staleAfterDays?: number;
  /** Conflicts found by the model and the dismissals (the contradiction check reads them); absent: none. */
  contradictions?(): ContradictionState | null;
  /** A short content hash of a note's text (shortHash), computed by the host; undefined when unknown. */
  articleHash?(path: string): string | undefined;
}

/** Everything a check may look at; built and cached by the engine. */
export interface LintContext extends LintOptions {
  view: VaultView;
  graph: LinkGraph;
  /** True for notes whose findings are reported under the current scope. */
  inScope(path: string): boolean;
  /** True for knowledge articles (concepts, connections, qa, other notes in the folder; not index.md or log.md). */
  isArticle(path: string): boolean;
  /** True for notes that list everything (index.md, log.md): their links do not make others non-orphans. */
  isCatalog(path: string): boolean;
  /** The ISO date of a daily note, else null. */
  dailyDate(path: string): string | null;
  header(path: string): CkpHeader;
}

/** Builds the context helpers over a view; headers are cached per path and dropped by `forget`. */
export function createLintContext(view: VaultView, graph: LinkGraph, options: LintOptions): LintContext & { forget(path: string): void } {
  const headers = new Map<string, CkpHeader>();
  const reports = reportFolderOf(options.settings);
  // A path's kind and daily date follow from the path and the settings alone: worked out once a path, not at each of
  // the checks that ask (classifyPath trims the folder names again at every call).
  const kinds = new Map<string, ReturnType<typeof classifyPath>>();
  const kind = (p: string): ReturnType<typeof classifyPath> => {
    let k = kinds.get(p);
    if (k === undefined) kinds.set(p, (k = classifyPath(p, options.settings.knowledgeFolder, reports)));
    return k;
  };
  const dates = new Map<string, string | null>();
  const dailyDate = (p: string): string | null => {
    let d = dates.get(p);
    if (d === undefined) dates.set(p, (d = matchDailyNote(p, options.settings)));
    return d;
  };
  return {
    ...options,
    view,
    graph,
    // Written lint reports are never linted, in either scope.
    inScope: (p) => {
      const k = kind(p);
      return k !== "report" && (options.settings.lintScope === "vault" || k !== null);
    },
    isArticle: (p) => isArticleKind(kind(p)),
    isCatalog: (p) => {
      const k = kind(p);
      return k === "index" || k === "log";
    },
    dailyDate,
    header: (p) => {
      let h = headers.get(p);
      if (!h) {
        const frontmatter = view.note(p)?.frontmatter;
        h = frontmatter ? readCkpHeader(frontmatter) : NO_HEADER;
        headers.set(p, h);
      }
      return h;
    },
    forget: (p) => headers.delete(p),
  };
}
