import type { KnowledgeSettings } from "../knowledge/knowledge-settings";
import type { CompileHost } from "./compile-host";

export type { ModelOptions, ModelRole, ModelSource, ModelUnavailable, PlannedModel, PricedModel } from "./model-source";

/**
 * The plugin's own small files beside the vault (its folder under the config folder: state files, histories), read
 * and replaced whole. The plugin fills it with the vault adapter, the CLI and the MCP server with the file system.
 */
export interface PluginFileStore {
  /** The file's text, or null when it does not exist. */
  read(name: string): Promise<string | null>;
  /** Replaces the file's text (atomically where the host can). */
  write(name: string, text: string): Promise<void>;
  /** Adds text at the end of the file, creating it (one small append is not interleaved with another's). */
  append?(name: string, text: string): Promise<void>;
}

/** Settings of the operations, merged once by the host (plugin data, Obsidian's daily notes settings, flags). */
export interface OperationSettings {
  /** Where the knowledge base and the daily notes live, and the lint scope. */
  knowledge: KnowledgeSettings;
  ask: { budget: number; selectWithModel: boolean };
  compile: { confirmAboveUsd: number };
  contradictions: { maxPairs: number; maxTokens: number };
  /** The optional model check of cited code: which articles, how many, and the tokens a run may spend. */
  drift: { olderThanDays: number; maxArticles: number; maxTokens: number };
}

/** Progress a long operation reports, and the signal that cancels it. */
export interface ProgressPort {
  signal?: AbortSignal;
  step?(done: number, total: number, what: string): void;
}

/**
 * The one bundle of ports a host (the plugin, the CLI, the MCP server) fills once and every core workflow takes:
 * notes (read, read-modify-write), the plugin's files, the journal and compile state, the write lock, the router's
 * index and the vault's link resolution (from CompileHost), merged settings, priced models and a clock.
 * A workflow returns plain data; the host formats it.
 */
export interface KcHost extends CompileHost {
  pluginFiles: PluginFileStore;
  settings(): OperationSettings;
  /** Tokens of the knowledge folder's index.md, counted into what loading everything would cost (0 when absent). */
  indexTokens?: () => number;
}
