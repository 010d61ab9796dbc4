import { Setting } from "obsidian";
import { addNumberField, type NumberRule } from "./number-setting";
import { distillCostCeiling } from "../core/capture/distill-session";
import { formatCost } from "../core/llm/cost";
import { priceFor } from "../core/llm/models";
import type { AskSettings, CaptureSettings } from "../core/settings/plugin-data";
import type { PriceViews } from "./price-views";
import type { SettingRow, SettingSection } from "./setting-rows";

/** What the capture settings need: the settings, saving, and (desktop code, loaded on demand) what is on disk. */
export interface CaptureSettingsHost {
  capture(): CaptureSettings;
  updateCapture(patch: Partial<CaptureSettings>): Promise<void>;
  /** The projects that have transcripts, most recent first (reads the transcript folders). */
  listProjects(): Promise<{ cwd: string; sessions: number; last: number }[]>;
  /** How many days Claude Code keeps transcripts (its cleanupPeriodDays; 30 by default). */
  retentionDays(): Promise<number>;
  /** The Ask settings: the selection model distils, at its own price (or the person's override). */
  ask(): Pick<AskSettings, "selectModel" | "priceOverrides">;
}

/** The "Capture (desktop)" section: which Claude Code projects are captured, from where, and when. */
export function captureSection(host: CaptureSettingsHost, views: PriceViews): SettingSection {
  const c = (): CaptureSettings => host.capture();
  return {
    heading: "Capture (desktop)",
    rows: [
      {
        name: "What capture does",
        desc: "Turns Claude Code sessions into daily-log entries (secrets redacted), so they can be compiled. Nothing is captured until you choose projects below.",
        aliases: ["claude code", "transcripts"],
        render: (s) =>
          void host.retentionDays().then((days) => s.descEl.appendText(` Claude Code deletes transcripts after ${days} days: capture before then.`)),
      },
      {
        name: "Transcript folders",
        desc: "Comma-separated. Empty: Claude Code's own ($CLAUDE_CONFIG_DIR, else ~/.claude/projects and ~/.config/claude/projects).",
        render: (s) =>
          s.addText((t) =>
            t
              .setPlaceholder("Claude's own folders")
              .setValue(c().roots)
              .onChange(async (v) => host.updateCapture({ roots: v.trim() })),
          ),
      },
      numberRow(
        "Fewest prompts",
        "A new session with fewer prompts from you is not captured.",
        () => c().minPrompts,
        { min: 1, integer: true },
        (n) => host.updateCapture({ minPrompts: n }),
      ),
      numberRow(
        "Wait until idle (minutes)",
        "A session written to more recently is still live and waits, so it is not split.",
        () => c().idleMinutes,
        { min: 0 },
        (n) => host.updateCapture({ idleMinutes: n }),
      ),
      {
        name: "Capture in the background",
        desc: "After start-up and every 15 minutes, capture new sessions of the chosen projects. Off by default.",
        render: (s) => s.addToggle((t) => t.setValue(c().background).onChange(async (v) => host.updateCapture({ background: v }))),
      },
      {
        name: "Distil with the model",
        desc: "Off by default. Sends each captured day of a session (redacted, at most 20,000 characters) to the selection model in the Ask settings, which writes its decisions, lessons and action items. Without a usable reply the entry is the plain summary.",
        aliases: ["cost", "distillation"],
        render: (s) => {
          // The cost follows the selection model picked in the Ask settings, and its price.
          const cost = s.descEl.createDiv({ cls: "kc-setting-price" });
          views.follow(() => cost.setText(distillCostWords(host.ask())));
          s.addToggle((t) => t.setValue(c().distill).onChange(async (v) => host.updateCapture({ distill: v })));
        },
      },
      {
        name: "Projects to capture",
        desc: "Find the projects that have Claude Code sessions, then choose which to capture.",
        render: (s) => {
          s.setDesc(c().projects.length > 0 ? `Chosen: ${c().projects.join(", ")}` : "None chosen.");
          // The found projects are listed under the row, each with its own toggle.
          const projects = createDiv({ cls: "kc-capture-projects" });
          s.settingEl.after(projects);
          s.addButton((b) => b.setButtonText("Find projects").onClick(() => void listProjects(projects, host)));
        },
      },
    ],
  };
}

/** A number row checked as typed: what the rule refuses gets a message in the row, and the saved value stays. */
function numberRow(name: string, desc: string, value: () => number, rule: NumberRule, save: (n: number) => Promise<void>): SettingRow {
  return { name, desc, render: (s) => addNumberField(s, value(), rule, save) };
}

async function listProjects(el: HTMLElement, host: CaptureSettingsHost): Promise<void> {
  el.querySelector(".kc-capture-list")?.remove();
  const list = el.createDiv({ cls: "kc-capture-list" });
  list.setText("Looking for Claude sessions…");
  const found = await host.listProjects().catch(() => []);
  list.empty();
  if (found.length === 0) {
    list.setText("No Claude sessions found in the transcript folders.");
    return;
  }
  for (const p of found) {
    new Setting(list)
      .setName(p.cwd)
      .setDesc(`${p.sessions} session${p.sessions === 1 ? "" : "s"}, last ${new Date(p.last).toLocaleDateString()}`)
      .addToggle((t) =>
        t.setValue(host.capture().projects.includes(p.cwd)).onChange(async (on) => {
          const now = host.capture().projects.filter((x) => x !== p.cwd);
          await host.updateCapture({ projects: on ? [...now, p.cwd] : now });
        }),
      );
  }
}

/** The most one day of a session can cost to distil, at the selection model's price; unknown, never another's. */
function distillCostWords(ask: Pick<AskSettings, "selectModel" | "priceOverrides">): string {
  const price = priceFor(ask.selectModel, ask.priceOverrides);
  return price === null
    ? `Its cost is unknown: no price is known for ${ask.selectModel} (set one in the Ask settings).`
    : `At most ${formatCost(distillCostCeiling(price))} a day of a session at ${ask.selectModel}'s price.`;
}
