import { Plugin } from "obsidian";

/** The plugin: lifecycle and wiring only. */
export default class KnowledgeCompilerPlugin extends Plugin {
  override async onload(): Promise<void> {
    await Promise.resolve();
  }
}
