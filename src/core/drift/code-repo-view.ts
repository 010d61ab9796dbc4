import { definesSymbol } from "./symbol-scan";

/**
 * The code repository articles cite, as the drift checks see it: does a file exist, and does it define a symbol.
 * The host builds it (a folder on disk in the CLI, the desktop setting in Obsidian); the lint engine stays pure.
 */
export interface CodeRepoView {
  hasFile(path: string): boolean;
  definesSymbol(path: string, name: string): boolean;
  /** The file's text (for the optional model check of claims), or null when it does not exist. */
  source(path: string): string | null;
}

/**
 * A CodeRepoView over a reader that gives a file's text or null when it does not exist: each file is read at most
 * once, and its answers are kept until the view is dropped (a new lint run builds a new one).
 */
export function codeRepoFromReader(read: (path: string) => string | null): CodeRepoView {
  const texts = new Map<string, string | null>();
  const text = (path: string): string | null => {
    if (!texts.has(path)) texts.set(path, read(path));
    return texts.get(path)!;
  };
  return {
    hasFile: (path) => text(path) !== null,
    source: text,
    definesSymbol: (path, name) => {
      const source = text(path);
      return source !== null && definesSymbol(path, source, name);
    },
  };
}
