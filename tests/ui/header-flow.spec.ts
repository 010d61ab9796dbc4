import { describe, expect, it } from "vitest";
import { parseNote } from "../../src/core/notes/parse-note";
import { undoLast } from "../../src/core/workflows/undo-workflow";
import { CompileService } from "../../src/obsidian/compile-service";
import { mergePluginData } from "../../src/core/settings/plugin-data";
import { RouterService } from "../../src/obsidian/router-service";
import { runHeaderFlow } from "../../src/ui/header-flow";
import { createFakeApp } from "../fakes/fake-app";
import { notices } from "../fakes/obsidian-stub";
import { ordinaryVaultFiles } from "../fakes/ordinary-vault";
import { until } from "../fakes/until";
import { CONFIG_DIR } from "../fakes/config-dir";
import { startLoopbackAnthropic } from "../fakes/loopback-anthropic-server";
import { forwardRequestUrlToFetch } from "../fakes/request-url-to-fetch";

async function setup(model?: { baseUrl: string; confirmAboveUsd: number }) {
  const files = ordinaryVaultFiles();
  const app = createFakeApp(files, model ? { "anthropic-api-key": "sk-test" } : {});
  const data = mergePluginData({
    ask: { scope: "vault", ...(model ? { baseUrl: model.baseUrl, model: "claude-test", priceOverrides: { "claude-test": { input: 2, output: 10 } } } : {}) },
    ...(model ? { compile: { confirmAboveUsd: model.confirmAboveUsd } } : {}),
  });
  const router = new RouterService(
    app as never,
    () => data.settings.knowledgeFolder,
    undefined,
    () => undefined,
    () => data.ask.scope,
  );
  await router.build();
  return {
    files,
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

const bodyOf = (text: string): string => text.slice(parseNote(text).bodyStartOffset);

describe("Propose headers for this note, in the plugin", () => {
  it("shows the proposal in the review modal, writes the frontmatter on Write, and undo puts the note back byte for byte", async () => {
    const { files, app, service } = await setup();
    const path = "Projects/Garden irrigation.md";
    const run = runHeaderFlow(app as never, service.host, [path]);
    await until(() => document.body.querySelector(".kc-review-actions button") !== null);
    const modal = document.body.querySelector(".modal")!;
    expect(modal.querySelector(".modal-title")?.textContent).toBe(`Review headers for ${path}`);
    expect(modal.textContent).toContain("sets answers_when: winter shutdown, parts");
    expect(modal.textContent).toContain("similar_high: Reference/Frost dates (linked from the note)");
    modal.querySelector<HTMLButtonElement>(".kc-review-actions button")!.click();
    await run;
    const after = app.files.get(path)!;
    expect(after).toContain("answers_when:");
    expect(bodyOf(after)).toBe(bodyOf(files[path]!));
    expect(notices.at(-1)).toBe(`Wrote headers to 1 note (frontmatter only). "Undo last compile" puts it back.`);
    const undone = await undoLast(service.host);
    expect(undone.ok).toBe(true);
    expect(app.files.get(path)).toBe(files[path]);
  });

  it("writes nothing when the review is cancelled", async () => {
    const { files, app, service } = await setup();
    const run = runHeaderFlow(app as never, service.host, ["Cooking/Pancakes.md"]);
    await until(() => document.body.querySelector(".kc-review-actions button") !== null);
    const buttons = document.body.querySelectorAll<HTMLButtonElement>(".kc-review-actions button");
    buttons[buttons.length - 1]!.click();
    await run;
    expect(Object.fromEntries([...app.files].filter(([p]) => p.endsWith(".md")))).toEqual(files);
  });

  it("writes only the notes left ticked in the review, one toggle per note", async () => {
    const { files, app, service } = await setup();
    const paths = ["Projects/Garden irrigation.md", "Health/Running plan.md", "Travel/Packing list.md"];
    const run = runHeaderFlow(app as never, service.host, paths);
    await until(() => document.body.querySelector(".kc-review-actions button") !== null);
    const modal = document.body.querySelector(".modal")!;
    expect(modal.querySelector(".modal-title")?.textContent).toBe("Review headers for 3 notes");
    const boxes = [...modal.querySelectorAll<HTMLInputElement>(".kc-review-file input[type=checkbox]")];
    expect(boxes).toHaveLength(3);
    boxes[1]!.click();
    modal.querySelector<HTMLButtonElement>(".kc-review-actions button")!.click();
    await run;
    expect(app.files.get(paths[0]!)).not.toBe(files[paths[0]!]);
    expect(app.files.get(paths[1]!)).toBe(files[paths[1]!]);
    expect(app.files.get(paths[2]!)).not.toBe(files[paths[2]!]);
    expect(notices.at(-1)).toBe(`Wrote headers to 2 notes (frontmatter only). "Undo last compile" puts them back.`);
  });

  it("never proposes a template of the Templates folder the vault's settings name", async () => {
    const { app, service } = await setup();
    app.files.set(`${CONFIG_DIR}/templates.json`, JSON.stringify({ folder: "Meta/Templates" }));
    app.files.set("Meta/Templates/Meeting.md", "# Meeting\n\nAgenda, people and decisions of the meeting go here, one per line.\n");
    await runHeaderFlow(app as never, service.host, ["Meta/Templates/Meeting.md"]);
    expect(notices.at(-1)).toContain("Meta/Templates/Meeting.md is a template (in the template folder)");
  });
});

describe("Propose headers with the model, in the plugin", () => {
  // The header flow follows core's spend rule like compile, contradictions and cited code: a question only above
  // "Ask before costly compiles" (or at an unknown price), never below it.
  async function withModel(confirmAboveUsd: number) {
    const server = await startLoopbackAnthropic();
    forwardRequestUrlToFetch();
    const { app, service } = await setup({ baseUrl: server.baseUrl, confirmAboveUsd });
    return { server, app, service };
  }
  const path = "Cooking/Pancakes.md";

  it("asks nothing below the threshold: the model is called, then the review opens", async () => {
    const { server, app, service } = await withModel(100);
    try {
      server.replies.push({
        kind: "tool",
        name: "record_headers",
        input: { notes: [{ path, tldr: "Two eggs, flour and milk.", answers_when: ["pancakes"] }] },
      });
      const run = runHeaderFlow(app as never, service.host, [path], true);
      await until(() => document.body.querySelector(".kc-review-actions button") !== null);
      expect(server.requests).toHaveLength(1);
      expect(document.body.textContent).not.toContain("Your threshold is");
      const buttons = document.body.querySelectorAll<HTMLButtonElement>(".kc-review-actions button");
      buttons[buttons.length - 1]!.click();
      await run;
    } finally {
      await server.close();
    }
  });

  it("above the threshold shows the total and calls nothing on Cancel", async () => {
    const { server, app, service } = await withModel(0);
    try {
      const run = runHeaderFlow(app as never, service.host, [path], true);
      const question = await until(() => [...document.body.querySelectorAll("p")].find((p) => p.textContent?.includes("Your threshold is $0.0000")));
      expect(question.textContent).toMatch(
        /^Improve the drafts' TLDR and answers_when of these notes in 1 call: about [\d,]+ input tokens to claude-test, about \$0\.\d+, at most \$0\.\d+\./,
      );
      [...question.parentElement!.querySelectorAll("button")].find((b) => b.textContent === "Cancel")!.click();
      await until(() => document.body.querySelector(".kc-review-actions button") !== null);
      expect(server.requests).toHaveLength(0);
      const buttons = document.body.querySelectorAll<HTMLButtonElement>(".kc-review-actions button");
      buttons[buttons.length - 1]!.click();
      await run;
    } finally {
      await server.close();
    }
  });
});
