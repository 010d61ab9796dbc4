import { Notice } from "obsidian";

/** A Notice that stays while work runs, with a Cancel button; `done` hides it. */
export function progressNotice(text: string, onCancel: () => void): { set(text: string): void; done(): void } {
  const notice = new Notice(text, 0);
  const render = (t: string): void => {
    notice.setMessage(
      createFragment((f) => {
        f.createSpan({ text: t });
        f.createEl("button", { text: "Cancel", cls: "kc-notice-cancel" }, (b) =>
          b.addEventListener("click", (e) => {
            e.stopPropagation();
            onCancel();
          }),
        );
      }),
    );
  };
  render(text);
  return { set: render, done: () => notice.hide() };
}
