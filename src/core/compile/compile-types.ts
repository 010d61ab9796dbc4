import type { CkpHeader } from "../ckp/ckp-header";
import type { TokenUsage } from "../llm/language-model";

/** One relationship the model proposes: a knowledge-relative article path (no `.md`) and its YYYY-MM stamp. */
export interface ProposedRelation {
  target: string;
  stamp: string;
}

/** A new concept or connection article, validated: `path` is vault-relative with `.md`. */
export interface NewArticle {
  path: string;
  kind: "concept" | "connection";
  title: string;
  aliases: string[];
  tags: string[];
  tldr: string;
  answersWhen: string[];
  similarHigh: ProposedRelation[];
  similarMid: ProposedRelation[];
  /** Connection articles: the concepts they link (knowledge-relative, no `.md`). */
  connects: string[];
  /** Markdown below the frontmatter. */
  body: string;
  /** Knowledge-relative paths of existing articles this reply makes link here, added under Related Concepts. */
  backlinks?: string[];
}

/** A change to one section the model was shown. */
export interface SectionPatch {
  heading: string;
  action: "append" | "replace";
  text: string;
}

/** Header fields an update may set; absent fields are left as they are. */
export interface HeaderUpdate {
  tldr?: string;
  answersWhen?: string[];
  aliases?: string[];
  tags?: string[];
  similarHigh?: ProposedRelation[];
  similarMid?: ProposedRelation[];
}

/** An update of an existing article, validated: `path` is vault-relative with `.md`. */
export interface ArticleUpdate {
  path: string;
  set: HeaderUpdate;
  sections: SectionPatch[];
  /** True when a proposed new article turned out to be this one again (seed 003's corroborations + 1). */
  corroborate: boolean;
  /** Knowledge-relative paths of new articles that link here, added under Related Concepts (keeps links two-way). */
  backlinks?: string[];
  /** False for an update that only adds backlinks: the log is then not a source and `updated` stays. */
  fromLog?: boolean;
}

/** A validated proposal: what the model wants to create and update, plus what dedupe changed and why. */
export interface CompileProposal {
  summary: string;
  created: NewArticle[];
  updated: ArticleUpdate[];
  /** Human-readable notes, e.g. "concepts/x duplicated concepts/y: turned into an update". */
  notes: string[];
}

/** An existing article as the model is shown it: whole, or its header plus the sections relevant to the log. */
export interface ShownArticle {
  path: string;
  title: string;
  header: CkpHeader;
  partial: boolean;
  /** Headings of the sections the model saw (only these may be patched), with the exact text it saw. */
  sections: { heading: string; content: string }[];
  /** Headings of sections left out (listed so the model knows they exist, never patchable). */
  hiddenSections: string[];
  /** The text put in the prompt. */
  text: string;
  tokens: number;
  /** Why it was chosen: log terms that matched, or the title/alias the log mentions. */
  reason: string;
  /** The article's frontmatter as the model saw it; a field changed since is never overwritten (null: none). */
  seenFields?: Record<string, unknown> | null;
}

/** The plan for compiling one daily log: what the model will be shown, sized before any call. */
export interface CompilePlan {
  logPath: string;
  logText: string;
  logHash: string;
  /** YYYY-MM-DD of the compile and its YYYY-MM stamp month. */
  today: string;
  month: string;
  knowledgeFolder: string;
  shown: ShownArticle[];
  /** Candidates left out by the count or token bound, with the reason. */
  skipped: { path: string; reason: string }[];
}

/** Token figures of a compile: estimated before the call, reported by the API after. */
export interface CompileCost {
  estimatedInputTokens: number;
  maxOutputTokens: number;
  estimatedUsd: number;
  usage: TokenUsage | null;
  spentUsd: number | null;
}

/** One file the compile would write: a new article, or an update of one. */
export interface FileChange {
  path: string;
  kind: "create" | "update";
  /** Text at planning time (null for new files) and the text the change produces from it (for the diff). */
  before: string | null;
  after: string;
  /** For updates: the patch, re-applied to the file's text at write time. */
  update: ArticleUpdate | null;
  /** One line per change, for the review ("sets tldr", "appends to Key Points", "adds source"). */
  summary: string[];
}
