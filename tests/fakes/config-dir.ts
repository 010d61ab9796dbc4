// Test vaults on disk and the fake app keep Obsidian's default configuration folder; the plugin itself reads
// `Vault#configDir`. One name, shared with the command line (src/node/config-dir.ts).
export { CONFIG_DIR } from "../../src/node/config-dir";
