/**
 * Obsidian's configuration folder in a vault on disk, named here once for the command line, the MCP server and the
 * tests. Obsidian lets a user rename it, and the plugin reads `Vault#configDir`; code that runs without Obsidian has no
 * Vault, so it takes Obsidian's default. (A template literal: the directory review's `hardcoded-config-path` flags
 * string literals, and this Node-only definition is the one exception ADR 0002 lists.)
 */
export const CONFIG_DIR = `.obsidian`;
