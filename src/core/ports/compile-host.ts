import type { NoteStore } from "../notes/note-store";
import type { ArticleIndex } from "../route/article-index";
import type { ResolveTarget } from "../route/route-question";
import type { CompileRecords, WriteLock } from "./compile-records";
import type { ModelSource } from "./model-source";
import type { WriteRules } from "../knowledge/write-rules";

/**
 * What a host (the plugin, the CLI) gives the compile workflow: its note store, where it keeps the journal, undo
 * record and compile state, its lock, the router's article index over the knowledge base, the vault's link
 * resolution, its priced models and a clock. The workflow does the rest, the same way in both hosts.
 */
export interface CompileHost {
  store: NoteStore;
  records: CompileRecords;
  lock: WriteLock;
  rules: () => WriteRules;
  index: () => ArticleIndex;
  resolve: ResolveTarget;
  /** The host's models, each at its own price: the compile estimate prices at `models.planned("compile")`. */
  models: ModelSource;
  now: () => Date;
}
