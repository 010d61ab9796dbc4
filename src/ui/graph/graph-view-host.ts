import type { GraphOptions } from "../../core/graph/graph-model";
import type { GraphView as GraphData } from "../../core/graph/graph-types";
import type { RouteResult } from "../../core/route/route-types";

/** Cached positions by article path. */
export type Positions = Record<string, [number, number]>;

/** What the graph holds: the knowledge folder's articles, or every note of the vault. */
export type GraphScope = "knowledge" | "vault";

/** What the graph view needs from the plugin. */
export interface GraphHost {
  /** The whole graph, or null while the article index is still being built. */
  graph(options: GraphOptions): GraphData | null;
  /** The scope the graph holds (Ask's scope: one setting for both). */
  scope(): GraphScope;
  /** Changes that setting (the index is rebuilt, then the graph changes); absent where it cannot be changed. */
  setScope?(scope: GraphScope): Promise<void>;
  /** Why the whole vault is worth drawing instead (the knowledge folder is empty), or null. */
  wholeVaultOffer?(): string | null;
  /** Subscribes to graph changes and to the active note changing; returns the unsubscribe. */
  onChange(fn: () => void): () => void;
  activePath(): string | null;
  route(question: string): RouteResult | null;
  /** The Ask panel's last question, for the route preview. */
  lastQuestion(): string | null;
  open(path: string, newTab: boolean): void;
  /** Obsidian's page preview for a path (shown when Ctrl/Cmd is held). */
  preview(event: MouseEvent, path: string, target: HTMLElement): void;
  /** The link text that points at a path from anywhere (for drag and drop into a note). */
  linkText(path: string): string;
  loadPositions(): Promise<Positions>;
  /** Asks the workspace to save its layout (where the view's options are kept); absent where there is none. */
  saveLayout?(): void;
  savePositions(p: Positions): Promise<void>;
  /** Saves an export: copies text to the clipboard or downloads a file; says which in a notice. */
  exportFile(name: string, data: Blob | string): Promise<void>;
}
