import { Setting } from "obsidian";
import { distillCostCeiling } from "../core/capture/distill-session";
import { formatCost } from "../core/llm/cost";
import { DEFAULT_SELECT_PRICE } from "../core/llm/models";
import type { CaptureSettings } from "../obsidian/plugin-data";

/** What the capture settings need: the settings, saving, and (desktop code, loaded on demand) what is on disk. */
export interface CaptureSettingsHost {
  capture(): CaptureSettings;
  updateCapture(patch: Partial<CaptureSettings>): Promise<void>;
  /** The projects that have transcripts, most recent first (reads the transcript folders). */
  listProjects(): Promise<{ cwd: string; sessions: number; last: number }[]>;
  /** How many days Claude Code keeps transcripts (its cleanupPeriodDays; 30 by default). */
  retentionDays(): Promise<number>;
}

/** The "Capture (desktop)" section: which Claude Code projects are captured, from where, and when. */
export function renderCaptureSettings(el: HTMLElement, host: CaptureSettingsHost): void {
  const c = host.capture();
  new Setting(el).setName("Capture (desktop)").setHeading();
  const note = el.createDiv({ cls: "setting-item-description kc-capture-note" });
  note.setText("Turns Claude Code sessions into daily-log entries (secrets redacted), so they can be compiled. Nothing is captured until you choose projects below.");
  void host.retentionDays().then((days) => note.appendText(` Claude Code deletes transcripts after ${days} days: capture before then.`));
  new Setting(el)
    .setName("Transcript folders")
    .setDesc("Comma-separated. Empty: Claude Code's own ($CLAUDE_CONFIG_DIR, else ~/.claude/projects and ~/.config/claude/projects).")
    .addText((t) => t.setPlaceholder("~/.claude/projects").setValue(c.roots).onChange(async (v) => host.updateCapture({ roots: v.trim() })));
  numberSetting(el, "Fewest prompts", "A new session with fewer prompts from you is not captured.", c.minPrompts,
    (n) => Number.isInteger(n) && n >= 1, (n) => host.updateCapture({ minPrompts: n }));
  numberSetting(el, "Wait until idle (minutes)", "A session written to more recently is still live and waits, so it is not split.", c.idleMinutes,
    (n) => Number.isFinite(n) && n >= 0, (n) => host.updateCapture({ idleMinutes: n }));
  new Setting(el)
    .setName("Capture in the background")
    .setDesc("After start-up and every 15 minutes, capture new sessions of the chosen projects. Off by default.")
    .addToggle((t) => t.setValue(c.background).onChange(async (v) => host.updateCapture({ background: v })));
  new Setting(el)
    .setName("Distil with the model")
    .setDesc(`Off by default. Sends each captured day of a session (redacted, at most 20,000 characters) to the selection model in the Ask settings, which writes its decisions, lessons and action items; at most ${formatCost(distillCostCeiling(DEFAULT_SELECT_PRICE))} a day of a session at that model's default price. Without a usable reply the entry is the plain summary.`)
    .addToggle((t) => t.setValue(c.distill).onChange(async (v) => host.updateCapture({ distill: v })));
  const projects = el.createDiv({ cls: "kc-capture-projects" });
  new Setting(projects)
    .setName("Projects to capture")
    .setDesc(c.projects.length > 0 ? `Chosen: ${c.projects.join(", ")}` : "None chosen.")
    .addButton((b) => b.setButtonText("Find projects").onClick(() => void listProjects(projects, host)));
}

/** A text setting that saves only a number `ok` accepts; anything else is left unsaved while the person types. */
function numberSetting(el: HTMLElement, name: string, desc: string, value: number, ok: (n: number) => boolean, save: (n: number) => Promise<void>): void {
  new Setting(el).setName(name).setDesc(desc).addText((t) => t.setValue(String(value)).onChange(async (v) => {
    const n = Number(v);
    if (v.trim() !== "" && ok(n)) await save(n);
  }));
}

async function listProjects(el: HTMLElement, host: CaptureSettingsHost): Promise<void> {
  el.querySelector(".kc-capture-list")?.remove();
  const list = el.createDiv({ cls: "kc-capture-list" });
  list.setText("Looking for Claude Code sessions…");
  const found = await host.listProjects().catch(() => []);
  list.empty();
  if (found.length === 0) {
    list.setText("No Claude Code sessions found in the transcript folders.");
    return;
  }
  for (const p of found) {
    new Setting(list)
      .setName(p.cwd)
      .setDesc(`${p.sessions} session${p.sessions === 1 ? "" : "s"}, last ${new Date(p.last).toLocaleDateString()}`)
      .addToggle((t) => t.setValue(host.capture().projects.includes(p.cwd)).onChange(async (on) => {
        const now = host.capture().projects.filter((x) => x !== p.cwd);
        await host.updateCapture({ projects: on ? [...now, p.cwd] : now });
      }));
  }
}
