import type { ModelError } from "../../core/llm/language-model";
import type { AskHost } from "./ask-types";

/** Errors the person fixes in the plugin's settings: no key, a key refused, or a message that sends them there. */
const fixedInSettings = (e: ModelError): boolean => e.kind === "no-key" || e.kind === "auth" || /\bsettings\b/.test(e.message);

/** The panel's words for an error: the command line's advice (flags, environment variables) is not for this panel. */
function panelText(error: ModelError | null): string {
  if (error === null) return "The model returned an empty answer; nothing to file back. Try again or rephrase.";
  if (error.kind === "no-key") return "No Anthropic API key yet: add one in the plugin's settings to get answers.";
  return error.message.replace(/ \(or the command's [^)]*\)/g, "").replace(/,? or set [A-Z_]+ for the command line/g, "");
}

/**
 * Why an answer did not come, under it, in words a person can act on; when settings can fix it (no key, a key
 * refused, an unknown model or server), an "Open settings" button beside the words.
 */
export function renderAnswerError(foot: HTMLElement, error: ModelError | null, host: AskHost): void {
  foot.addClass("kc-ask-error");
  foot.createSpan({ cls: "kc-ask-error-text", text: panelText(error) });
  if (error !== null && fixedInSettings(error) && host.openSettings) {
    foot.createEl("button", { text: "Open settings", cls: "kc-ask-error-settings" }).addEventListener("click", () => host.openSettings!());
  }
}
