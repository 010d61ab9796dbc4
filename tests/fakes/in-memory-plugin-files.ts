import type { PluginFileStore } from "../../src/core/ports/host";

/** The plugin's folder in memory: files by name, inspectable and writable by tests (as "the other host"). */
export class InMemoryPluginFiles implements PluginFileStore {
  readonly files = new Map<string, string>();
  /** Set to make reading fail (a file the host cannot read, not a missing one). */
  failRead = false;

  read(name: string): Promise<string | null> {
    if (this.failRead) return Promise.reject(new Error(`EACCES: permission denied, open '${name}'`));
    return Promise.resolve(this.files.get(name) ?? null);
  }

  write(name: string, text: string): Promise<void> {
    this.files.set(name, text);
    return Promise.resolve();
  }

  append(name: string, text: string): Promise<void> {
    this.files.set(name, (this.files.get(name) ?? "") + text);
    return Promise.resolve();
  }
}

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
