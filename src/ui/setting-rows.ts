import { Setting, type SettingDefinitionItem } from "obsidian";

/** One settings row: its name and description (what Obsidian's settings search matches) and its controls. */
export interface SettingRow {
  name: string;
  desc?: string;
  /** More words the settings search should find the row by. */
  aliases?: string[];
  /** Adds the controls, and anything under the description, to the row Obsidian (or `renderSettingRows`) made. */
  render?: (setting: Setting) => unknown;
  /** False hides the row (re-evaluated by Obsidian's refreshDomState, or on the next display). */
  visible?: () => boolean;
}

/** Rows under one heading (none for the first, general section). */
export interface SettingSection {
  heading?: string;
  rows: SettingRow[];
  visible?: () => boolean;
}

/**
 * Sets the row's name and description, then its controls: the same row whoever made the Setting. A control with no
 * name of its own is named after the row, so a screen reader says what the field is.
 */
function fill(setting: Setting, row: SettingRow): void {
  setting.setName(row.name);
  if (row.desc !== undefined) setting.setDesc(row.desc);
  row.render?.(setting);
  for (const c of Array.from(setting.controlEl.querySelectorAll("input, select, textarea, button"))) {
    if (!c.getAttribute("aria-label") && !c.textContent?.trim()) c.setAttribute("aria-label", row.name);
  }
}

/**
 * The sections as Obsidian 1.13's setting definitions: one group per section, each row rendered imperatively by
 * its own `render`, so Obsidian's settings search lists every row while the rows stay the ones `display()` draws.
 */
export function toSettingDefinitions(sections: SettingSection[]): SettingDefinitionItem[] {
  return sections.map((s) => ({
    type: "group" as const,
    ...(s.heading !== undefined ? { heading: s.heading } : {}),
    ...(s.visible ? { visible: s.visible } : {}),
    items: s.rows.map((row) => ({
      name: row.name,
      ...(row.desc !== undefined ? { desc: row.desc } : {}),
      ...(row.aliases ? { aliases: row.aliases } : {}),
      ...(row.visible ? { visible: row.visible } : {}),
      render: (setting: Setting) => fill(setting, row),
    })),
  }));
}

/** Draws the sections into `el` the way Obsidian before 1.13 expects from `display()`: a heading row, then each row. */
export function renderSettingRows(el: HTMLElement, sections: SettingSection[]): void {
  for (const s of sections) {
    if (s.visible && !s.visible()) continue;
    if (s.heading !== undefined) new Setting(el).setName(s.heading).setHeading();
    for (const row of s.rows) if (!row.visible || row.visible()) fill(new Setting(el), row);
  }
}
