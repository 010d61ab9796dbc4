import type { Component } from "obsidian";
import type { QuestionHistory } from "./ask-types";

/**
 * ArrowUp / ArrowDown in the question box walk the earlier questions, as a shell does: Up on the first line goes
 * back, Down on the last line goes forward and, past the newest, brings back what was being typed. Editing a
 * recalled question makes it the new draft.
 */
export function attachHistoryKeys(owner: Component, input: HTMLTextAreaElement, history: QuestionHistory): void {
  let index: number | null = null;
  let draft = "";
  const show = (text: string): void => {
    input.value = text;
    input.setSelectionRange(text.length, text.length);
  };
  owner.registerDomEvent(input, "input", () => (index = null));
  owner.registerDomEvent(input, "keydown", (e: KeyboardEvent) => {
    if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    const list = history.list();
    const before = input.value.slice(0, input.selectionStart ?? 0);
    const after = input.value.slice(input.selectionEnd ?? input.value.length);
    if (e.key === "ArrowUp" && !before.includes("\n") && list.length > 0) {
      if (index === 0) return e.preventDefault();
      if (index === null) draft = input.value;
      index = index === null ? list.length - 1 : index - 1;
      e.preventDefault();
      show(list[index]!);
    } else if (e.key === "ArrowDown" && index !== null && !after.includes("\n")) {
      e.preventDefault();
      index = index + 1 < list.length ? index + 1 : null;
      show(index === null ? draft : list[index]!);
    }
  });
}
