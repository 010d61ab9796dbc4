import type { PluginFileStore } from "../../src/core/workflows/host";

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
}
