import { describe, expect, it } from "vitest";
import { openPanel, settle } from "./ask-panel-fixture";

describe("the Ask panel's offer of the whole vault", () => {
  it("offers the whole vault while the knowledge folder is empty, and the button switches to it once", async () => {
    let offer: string | null = 'The knowledge folder "knowledge" has no articles yet.';
    let switched = 0;
    const p = openPanel({
      wholeVaultOffer: () => offer,
      useWholeVault: () => {
        switched++;
        offer = null;
        return Promise.resolve();
      },
    });
    await p.view.onOpen();
    const button = p.el.querySelector<HTMLButtonElement>(".kc-ask-whole-vault")!;
    expect(p.el.querySelector(".kc-ask-scope-offer")?.textContent).toContain("has no articles yet");
    button.click();
    expect(button.disabled).toBe(true);
    await settle();
    expect(switched).toBe(1);
    expect(p.el.querySelector(".kc-ask-scope-offer")).toBeNull();
  });

  it("offers nothing when the knowledge folder has articles (or the host cannot switch)", async () => {
    const p = openPanel({ wholeVaultOffer: () => null, useWholeVault: () => Promise.resolve() });
    await p.view.onOpen();
    expect(p.el.querySelector(".kc-ask-scope-offer")).toBeNull();
    const q = openPanel({ wholeVaultOffer: () => "empty" });
    await q.view.onOpen();
    expect(q.el.querySelector(".kc-ask-scope-offer")).toBeNull();
  });
});
