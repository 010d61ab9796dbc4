import type { Plugin } from "obsidian";
import { localDate } from "../core/util/local-date";
import type { PluginServices } from "../obsidian/plugin-services";
import { isAutoCompileDue, runAutoCompile } from "./compile-flow";

/** Checks every ten minutes for the end-of-day compile: once a day after the chosen hour, when today's log changed. */
export function registerAutoCompile(plugin: Plugin, s: PluginServices): void {
  let triedDay: string | null = null;
  const maybeAutoCompile = async (): Promise<void> => {
    const now = new Date();
    const today = localDate(now);
    if (!s.router.ready || !isAutoCompileDue(now, s.data().compile, triedDay, today)) return;
    const log = s.compile.todayPath(now);
    if (!s.compile.exists(log) || !(await s.compile.hasChanged(log))) return;
    triedDay = today;
    await runAutoCompile(plugin.app, s.compile, log, s.data().compile.autoAccept);
  };
  plugin.registerInterval(window.setInterval(() => void maybeAutoCompile(), 10 * 60 * 1000));
}
