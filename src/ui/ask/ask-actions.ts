import { Notice } from "obsidian";
import type { RouteResult } from "../../core/route/route-types";
import type { AskHost } from "./ask-types";

const NO_EDITOR = "Open a note in the editor first: the answer goes where its cursor is.";

/**
 * The buttons under a finished answer: Copy answer, Insert into note (at the cursor of the last active markdown editor; marked
 * unavailable, and saying why when pressed, while there is none — still focusable, so the reason is reachable by
 * keyboard) and File back. Each is shown only when the host can do it.
 */
export function renderAnswerActions(foot: HTMLElement, answer: string, route: RouteResult, host: AskHost): void {
  const row = foot.createDiv({ cls: "kc-ask-actions" });
  const note = foot.createDiv({ cls: "kc-ask-action-note", attr: { "aria-live": "polite" } });
  if (host.copy) {
    const copy = row.createEl("button", { text: "Copy answer", cls: "kc-ask-copy" });
    copy.addEventListener("click", () => {
      void host.copy!(answer).then((done) => note.setText(done ? "Copied." : "Could not copy: the clipboard is not available here."));
    });
  }
  if (host.insertAtCursor) {
    const insert = row.createEl("button", { text: "Insert into note", cls: "kc-ask-insert" });
    refreshInsertButton(insert, host);
    insert.addEventListener("click", () => {
      const target = host.insertTarget?.() ?? null;
      refreshInsertButton(insert, host);
      if (target === null || !host.insertAtCursor!(answer)) return void note.setText(NO_EDITOR);
      note.setText(`Inserted into ${target}.`);
    });
  }
  const file = row.createEl("button", { text: "File back", cls: "kc-ask-file" });
  file.addEventListener("click", () => {
    file.disabled = true;
    void host.fileBack(route, answer).then(
      (path) => {
        if (path) file.setText(`Filed to ${path}`);
        else file.disabled = false;
      },
      (e: unknown) => {
        // A failure the host did not turn into a value (a vault write that threw): say so, and allow another try.
        file.disabled = false;
        new Notice(`Could not file the answer back: ${e instanceof Error ? e.message : String(e)}`, 15000);
      },
    );
  });
}

/** Marks an Insert button available or not for the editor open now, with the reason as its tooltip. */
export function refreshInsertButton(button: HTMLElement, host: AskHost): void {
  const target = host.insertTarget?.() ?? null;
  button.toggleClass("kc-is-unavailable", target === null);
  button.setAttr("aria-disabled", target === null ? "true" : null);
  // aria-label: Obsidian shows it as its own tooltip on hover, and a screen reader reads it.
  button.setAttr("aria-label", target === null ? NO_EDITOR : `Insert the answer at the cursor in ${target}`);
}
