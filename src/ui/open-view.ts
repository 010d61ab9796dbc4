import type { App } from "obsidian";

/** Reveals the view of `type`, opening it in the right sidebar (or a new tab) when no leaf shows it yet. */
export async function openView(app: App, type: string, where: "right" | "tab" = "right"): Promise<void> {
  const existing = app.workspace.getLeavesOfType(type)[0];
  const leaf = existing ?? (where === "tab" ? app.workspace.getLeaf("tab") : app.workspace.getRightLeaf(false));
  if (!leaf) return;
  if (!existing) await leaf.setViewState({ type, active: true });
  await app.workspace.revealLeaf(leaf);
}
