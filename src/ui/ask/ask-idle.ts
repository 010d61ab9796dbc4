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

const RECENT = 5;

/** The onboarding offer of an empty knowledge folder: a line and a button that lets Ask answer from the whole vault. */
function renderWholeVaultOffer(parent: HTMLElement, host: AskHost): void {
  const offer = host.wholeVaultOffer?.() ?? null;
  if (offer === null || !host.useWholeVault) return;
  const box = parent.createDiv({ cls: "kc-ask-scope-offer" });
  box.createDiv({ text: offer });
  const button = box.createEl("button", { text: "Ask the whole vault", cls: "mod-cta kc-ask-whole-vault" });
  button.addEventListener("click", () => {
    button.disabled = true;
    void host.useWholeVault!().then(
      () => box.remove(),
      () => (button.disabled = false),
    );
  });
}

/**
 * The idle panel: a hint, up to three example questions from the base's own headers, and the last few questions
 * asked (newest first). A click on either puts the question in the box; nothing is asked until the person does.
 */
export function renderIdle(parent: HTMLElement, host: AskHost, fill: (question: string) => void): HTMLElement {
  const idle = parent.createDiv({ cls: "kc-ask-idle" });
  idle.createDiv({
    cls: "kc-ask-hint",
    text: "Ask about what your knowledge base holds. Ctrl/Cmd+Enter asks, Escape stops; ↑ and ↓ in the box bring back earlier questions.",
  });
  renderWholeVaultOffer(idle, host);
  // Where an example comes from is a visible line in its button, not a hover-only tooltip (keyboard and touch).
  const list = (label: string, cls: string, items: { question: string; source?: string }[]): void => {
    if (items.length === 0) return;
    idle.createDiv({ cls: "kc-ask-examples-label", text: label });
    const box = idle.createDiv({ cls: "kc-ask-examples" });
    for (const it of items) {
      const button = box.createEl("button", { cls });
      button.createSpan({ cls: "kc-ask-question-text", text: it.question });
      if (it.source) button.createSpan({ cls: "kc-ask-example-source", text: it.source });
      button.addEventListener("click", () => fill(it.question));
    }
  };
  list(
    "For example:",
    "kc-ask-example",
    (host.examples?.() ?? []).map((ex) => ({
      question: ex.question,
      source: `from ${host.title?.(ex.path) ?? ex.path.slice(ex.path.lastIndexOf("/") + 1).replace(/\.md$/i, "")}`,
    })),
  );
  list(
    "Recent questions:",
    "kc-ask-recent",
    [...(host.history?.list() ?? [])]
      .slice(-RECENT)
      .reverse()
      .map((question) => ({ question })),
  );
  return idle;
}
