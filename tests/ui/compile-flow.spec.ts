import { readFileSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { until } from "../fakes/until";
import { notices, noticesShown } from "../fakes/obsidian-stub";
import { forwardRequestUrlToFetch } from "../fakes/request-url-to-fetch";
import { startLoopbackAnthropic, type LoopbackServer } from "../fakes/loopback-anthropic-server";
import { createFakeApp } from "../fakes/fake-app";
import { fixtureFiles } from "../core/compile/compile-fixture";
import { createCompileActions, runCompileFlow } from "../../src/ui/compile-flow";
import { CompileReviewModal } from "../../src/ui/compile-review-modal";
import { CompileService } from "../../src/obsidian/compile-service";
import { mergePluginData } from "../../src/core/settings/plugin-data";
import { RouterService } from "../../src/obsidian/router-service";
import { CONFIG_DIR } from "../fakes/config-dir";
import { sha256Hex } from "../../src/core/util/sha256";

// What a person sees of a compile before anything is spent, and when there is nothing to compile.
let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackAnthropic();
  forwardRequestUrlToFetch();
});
afterEach(async () => server.close());

async function setup(settings: Record<string, unknown> = {}) {
  const app = createFakeApp(fixtureFiles(), { "anthropic-api-key": "sk-test" });
  const data = mergePluginData({
    ask: { baseUrl: server.baseUrl, model: "claude-test", priceOverrides: { "claude-test": { input: 2, output: 10 } } },
    settings,
  });
  const router = new RouterService(app as never, () => data.settings.knowledgeFolder);
  await router.build();
  return {
    app,
    service: new CompileService(
      app as never,
      () => data,
      () => Promise.resolve(),
      router,
      `${CONFIG_DIR}/plugins/kc`,
    ),
  };
}

describe("compiling from the palette", () => {
  it("says that today's note does not exist, naming where it was looked for", async () => {
    const { app, service } = await setup();
    const actions = createCompileActions(app as never, service);
    const today = service.todayPath();
    app.files.delete(today);
    expect(actions.todaysLog()).toBeNull();
    actions.noTodaysLog();
    expect(notices.at(-1)).toBe(`Today's daily note ${today} does not exist yet: write today's log first, or use "Compile all changed logs".`);
  });

  it("shows the estimated tokens and cost before the model is called, and asks nothing under the threshold", async () => {
    const { service } = await setup();
    server.replies.push({ kind: "hang" });
    const shownBefore = noticesShown.length;
    const run = runCompileFlow({} as never, service, ["daily/2026-11-20.md"], 100);
    // The moment the request reaches the server, the progress notice already said what it would cost.
    await until(() => server.requests.length === 1);
    expect(
      notices.some((n) =>
        /^Compile daily\/2026-11-20\.md: asking the model \(\d+ existing articles shown, about [\d,]+ tokens, about \$0\.\d+\)…Cancel$/.test(n),
      ),
    ).toBe(true);
    expect(document.body.querySelector(".modal-container")).toBeNull();
    // Cancel from the notice stops the call; nothing was written.
    const progress = noticesShown.slice(shownBefore).find((n) => n.messageEl.querySelector(".kc-notice-cancel"))!;
    progress.messageEl.querySelector<HTMLButtonElement>(".kc-notice-cancel")!.click();
    await run;
    expect(notices.at(-1)).toBe("Compile cancelled; nothing was written.");
  });
});

describe("which logs the palette compiles: core's selectLogs, as kc compile decides it", () => {
  it("sets a compiled, unchanged log aside, and says so without calling the model", async () => {
    const { service } = await setup();
    const log = "daily/2026-11-20.md";
    await service.host.records.setLogState(log, { hash: sha256Hex(await service.host.store.read(log)), compiledAt: "2026-11-20" });
    const actions = createCompileActions({} as never, service);
    actions.compile([log]);
    await until(() => notices.at(-1) === `${log} is compiled and unchanged since; nothing to do.`);
    actions.compileChanged();
    await until(() => notices.at(-1) === "Every daily log is compiled and unchanged.");
    expect(server.requests).toHaveLength(0);
  });

  it("refuses a knowledge folder that holds the daily notes before anything is planned, in core's words", async () => {
    const { service } = await setup({ knowledgeFolder: "daily" });
    createCompileActions({} as never, service).compileChanged();
    await until(() => notices.at(-1)?.startsWith("Nothing compiled: ") === true);
    expect(notices.at(-1)).toContain('The knowledge folder "daily" contains the daily notes folder "daily"');
    expect(server.requests).toHaveLength(0);
  });
});

describe("the compile review modal", () => {
  it("keeps its Write and Cancel row in a sticky bar after the diffs, inside Obsidian's modal frame", () => {
    // The rules of the plugin's styles.css that apply to an element (jsdom has no layout; the browser harness checks
    // that the row stays in view).
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(readFileSync("styles.css", "utf8"));
    const styleOf = (e: Element, prop: string): string | undefined =>
      [...sheet.cssRules]
        .filter((r): r is CSSStyleRule => r instanceof CSSStyleRule && e.matches(r.selectorText))
        .map((r) => r.style.getPropertyValue(prop))
        .filter(Boolean)
        .at(-1);
    const change = { path: "knowledge/concepts/a.md", kind: "create", before: null, after: "x\n".repeat(400), update: null, summary: ["new concept: A"] };
    const modal = new CompileReviewModal({} as never, {
      logPath: "daily/2026-11-20.md",
      summary: "s",
      changes: [change] as never,
      notes: [],
      estimateText: "e",
      spentText: "s",
    });
    void modal.choose();
    const actions = modal.contentEl.querySelector<HTMLElement>(".kc-review-actions")!;
    expect(modal.modalEl.contains(actions)).toBe(true);
    expect(modal.contentEl.lastElementChild).toBe(actions);
    expect(styleOf(actions, "position")).toBe("sticky");
    // At the bottom edge: 0, or less by the modal's padding so nothing scrolls by beneath it.
    expect(styleOf(actions, "bottom")).toMatch(/^(0(px)?|calc\(-1 \* var\(--size-4-\d\)\))$/);
    expect([...actions.querySelectorAll("button")].map((b) => b.textContent)).toEqual(["Write 1 file", "Cancel"]);
    modal.close();
  });
});
