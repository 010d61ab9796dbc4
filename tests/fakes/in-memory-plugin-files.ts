import type { PluginFileStore } from "../../src/core/workflows/host";

/** The plugin's files in memory (read, write, append), with the map exposed for assertions. */
export function inMemoryPluginFiles(initial: Record<string, string> = {}, withAppend = true): PluginFileStore & { files: Map<string, string> } {
  const files = new Map(Object.entries(initial));
  return {
    files,
    read: (name) => Promise.resolve(files.get(name) ?? null),
    write: (name, text) => {
      files.set(name, text);
      return Promise.resolve();
    },
    ...(withAppend
      ? {
          append: (name: string, text: string) => {
            files.set(name, (files.get(name) ?? "") + text);
            return Promise.resolve();
          },
        }
      : {}),
  };
}
