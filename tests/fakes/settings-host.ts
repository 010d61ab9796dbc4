import { summarizeSpend } from "../../src/core/spend/summarize-spend";
import type { PluginData } from "../../src/core/settings/plugin-data";
import type { SettingsHost } from "../../src/ui/settings-tab";

/**
 * A settings tab's host over plugin data kept in memory: every update lands in `data`; what differs (the model
 * server, the daily notes core plugin, a recorder) is given by `over`.
 */
export function memorySettingsHost(data: PluginData, over: Pick<SettingsHost, "listModels" | "testConnection"> & Partial<SettingsHost>): SettingsHost {
  return {
    settings: () => data.settings,
    update: async (p) => void (data.settings = { ...data.settings, ...p }),
    ask: () => data.ask,
    updateAsk: async (p) => void (data.ask = { ...data.ask, ...p }),
    compile: () => data.compile,
    updateCompile: async (p) => void (data.compile = { ...data.compile, ...p }),
    spend: () => data.spend,
    updateSpend: async (p) => void (data.spend = { ...data.spend, ...p }),
    spendSummary: () => Promise.resolve(summarizeSpend([], new Date())),
    dailyNotesConfig: () => Promise.resolve(null),
    capture: () => data.capture,
    updateCapture: async (p) => void (data.capture = { ...data.capture, ...p }),
    lint: () => data.lint,
    updateLint: async (p) => void (data.lint = { ...data.lint, ...p }),
    listProjects: () => Promise.resolve([]),
    retentionDays: () => Promise.resolve(30),
    ...over,
  };
}
