/** Where the plugin's files live and how the checks behave; shared by the plugin settings and the CLI flags. */
export interface KnowledgeSettings {
  /** Vault-relative folder the plugin owns (index.md, log.md, concepts/, connections/, qa/). */
  knowledgeFolder: string;
  /** Daily notes folder ("" = vault root), from the Daily Notes core plugin when set there. */
  dailyFolder: string;
  /** Daily note file name format (moment tokens), default "YYYY-MM-DD". */
  dailyFormat: string;
  /** Lint scope: the knowledge folder (default) or the whole vault. */
  lintScope: "knowledge" | "vault";
  /** Articles below this many body words are sparse (seed 000: 200). */
  sparseWords: number;
  /** Folder for written lint reports, inside the knowledge folder; "" means `<knowledgeFolder>/reports`. */
  reportFolder: string;
}

/** Defaults used when nothing else is configured. */
export const DEFAULT_KNOWLEDGE_SETTINGS: KnowledgeSettings = {
  knowledgeFolder: "knowledge",
  dailyFolder: "daily",
  dailyFormat: "YYYY-MM-DD",
  lintScope: "knowledge",
  sparseWords: 200,
  reportFolder: "",
};

/** What the plugin remembers about compiled logs: a content hash per daily note, kept small. */
export interface CompileState {
  logs: Record<string, { hash: string; compiledAt: string }>;
}
