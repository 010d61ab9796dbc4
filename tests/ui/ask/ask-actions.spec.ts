import { describe, expect, it } from "vitest";
import { notices } from "../../fakes/obsidian-stub";
import { renderAnswerActions } from "../../../src/ui/ask/ask-actions";
import type { AskHost } from "../../../src/ui/ask/ask-types";
import { ROUTED } from "./ask-panel-fixture";

function actions(fileBack: AskHost["fileBack"]) {
  const foot = createDiv();
  renderAnswerActions(foot, "Up to 5 retries.", ROUTED, { fileBack } as AskHost);
  return foot.querySelector<HTMLButtonElement>(".kc-ask-file")!;
}

const settle = () => new Promise((r) => window.setTimeout(r, 0));

describe("the File back button", () => {
  it("is usable again and says why when filing back fails with an error", async () => {
    const button = actions(() => Promise.reject(new Error("EACCES: knowledge/qa is read-only")));
    button.click();
    expect(button.disabled).toBe(true);
    await settle();
    expect(button.disabled).toBe(false);
    expect(button.textContent).toBe("File back");
    expect(notices.at(-1)).toContain("EACCES: knowledge/qa is read-only");
  });

  it("shows where the answer went when filing back works", async () => {
    const button = actions(() => Promise.resolve("knowledge/qa/retries.md"));
    button.click();
    await settle();
    expect(button.textContent).toBe("Filed to knowledge/qa/retries.md");
    expect(button.disabled).toBe(true);
  });
});
