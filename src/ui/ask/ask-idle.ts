import type { AskHost } from "./ask-types";

/**
 * The onboarding line above everything when no model can be asked (no API key): what is missing, what works without
 * it, and a button that opens the plugin's settings. Hidden when the host reports no problem.
 */
export function renderSetup(el: HTMLElement, host: AskHost): void {
  const problem = host.setupProblem?.() ?? null;
  if (el.dataset.problem === (problem ?? "")) return;
  el.dataset.problem = problem ?? "";
  el.empty();
  el.toggleClass("kc-hidden", problem === null);
  if (problem === null) return;
  el.createDiv({ cls: "kc-ask-setup-text", text: problem });
  if (host.openSettings) el.createEl("button", { text: "Open settings", cls: "mod-cta kc-ask-settings" }).addEventListener("click", () => host.openSettings!());
}

/** The idle panel: a hint, and up to three example questions from the base's own headers (a click fills the box). */
export function renderIdle(parent: HTMLElement, host: AskHost, fill: (question: string) => void): HTMLElement {
  const idle = parent.createDiv({ cls: "kc-ask-idle" });
  idle.createDiv({ cls: "kc-ask-hint", text: "Ask about what your knowledge base holds. Ctrl/Cmd+Enter asks; ↑ and ↓ in the box bring back earlier questions." });
  const examples = host.examples?.() ?? [];
  if (examples.length > 0) {
    idle.createDiv({ cls: "kc-ask-examples-label", text: "For example:" });
    const list = idle.createDiv({ cls: "kc-ask-examples" });
    for (const ex of examples) {
      list.createEl("button", { text: ex.question, cls: "kc-ask-example", attr: { title: `From ${ex.path}` } }).addEventListener("click", () => fill(ex.question));
    }
  }
  return idle;
}
