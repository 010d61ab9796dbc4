import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { WorkspaceLeaf } from "obsidian";
import { MarkdownView, noticesShown, setRequestUrl } from "../../fakes/obsidian-stub";
import * as stub from "../../fakes/obsidian-stub";
import { createAskHost } from "../../../src/ui/ask-host";
import { ASK_VIEW_TYPE, AskView } from "../../../src/ui/ask-view";
import { RouterService } from "../../../src/obsidian/router-service";
import { mergePluginData, type PluginData } from "../../../src/core/settings/plugin-data";
import { CompileService } from "../../../src/obsidian/compile-service";
import { pluginHost } from "../../../src/obsidian/plugin-host";
import { createFakeApp } from "../../fakes/fake-app";
import { fixtureFiles } from "../../core/compile/compile-fixture";
import { startLoopbackAnthropic, type LoopbackServer } from "../../fakes/loopback-anthropic-server";
import { forwardRequestUrlToFetch } from "../../fakes/request-url-to-fetch";
import { CONFIG_DIR } from "../../fakes/config-dir";
import { nodeFetch } from "../../../src/node/node-runtime";

// The whole panel in jsdom over the plugin's own host, router and model, against the loopback Messages API: the
// renderer's fetch is Node's (it reaches 127.0.0.1 and streams), requestUrl is the stub forwarded to it.
const DIR = `${CONFIG_DIR}/plugins/kc`;
let server: LoopbackServer;
let requestUrlCalls = 0;
let frames: FrameRequestCallback[] = [];
const realRaf = window.requestAnimationFrame.bind(window);
const g = window as unknown as { activeWindow?: { fetch: typeof fetch } };

beforeEach(async () => {
  server = await startLoopbackAnthropic();
  requestUrlCalls = 0;
  forwardRequestUrlToFetch();
  const forward = stub.requestUrlImpl;
  setRequestUrl((req) => (requestUrlCalls++, forward(req)));
  frames = [];
  window.requestAnimationFrame = (cb) => frames.push(cb);
  g.activeWindow = { fetch: (i, init) => nodeFetch(i, init) };
  document.body.empty();
});
afterEach(async () => {
  window.requestAnimationFrame = realRaf;
  delete g.activeWindow;
  await server.close();
});

async function panel(opts: { key?: boolean; history?: string } = {}) {
  const app = createFakeApp(fixtureFiles(), opts.key === false ? {} : { "anthropic-api-key": "sk-test" });
  if (opts.history !== undefined) app.config.set(`${DIR}/ask-history.json`, opts.history);
  const events: { name: string; data: unknown }[] = [];
  const opened: unknown[] = [];
  const recent: { leaf: WorkspaceLeaf | null } = { leaf: null };
  Object.assign(app.workspace, {
    getMostRecentLeaf: () => recent.leaf,
    trigger: (name: string, data: unknown) => events.push({ name, data }),
    openLinkText: (...args: unknown[]) => (opened.push(args), Promise.resolve()),
  });
  const data: PluginData = mergePluginData({ ask: { baseUrl: opts.key === false ? "" : server.baseUrl, model: "claude-test", selectWithModel: false } });
  const router = new RouterService(app as never, () => data.settings.knowledgeFolder);
  await router.build();
  const compile = new CompileService(
    app as never,
    () => data,
    () => Promise.resolve(),
    router,
    DIR,
  );
  const kc = pluginHost(
    app as never,
    compile.host,
    () => compile.settings(),
    () => data,
    DIR,
  );
  const host = createAskHost(app as never, kc, router, () => data, { id: "kc", dir: DIR, viewType: ASK_VIEW_TYPE });
  const view = new AskView(new WorkspaceLeaf(), host);
  document.body.appendChild(view.containerEl);
  view.load();
  await view.onOpen();
  const el = view.contentEl;
  const ask = (q: string) => {
    el.querySelector<HTMLTextAreaElement>(".kc-ask-input")!.value = q;
    return view.ask();
  };
  return { app, data, view, el, ask, events, opened, recent };
}

describe("the Ask panel in Obsidian, end to end", () => {
  it("streams the answer into the panel through the renderer's fetch: the words show while the reply is still open", async () => {
    const p = await panel();
    server.replies.push({ kind: "stall-after", text: "Retries back off up to five times [[knowledge/concepts/retry-with-backoff]]." });
    const asking = p.ask("How many times does a retry back off?");
    // The server has sent every word and keeps the connection open: only a stream can have shown them.
    await vi.waitFor(() => {
      frames.splice(0).forEach((f) => f(0));
      // Rendered as markdown while it streams, the citation already showing the note's title.
      expect(p.el.querySelector(".kc-ask-answer")?.textContent).toBe("Retries back off up to five times Retry with backoff.");
    });
    expect(p.el.querySelector(".kc-ask-submit")?.textContent).toBe("Stop");
    expect(p.el.querySelector(".kc-ask-progress")?.textContent).toMatch(/^Writing… \d+ s$/);
    p.el.querySelector<HTMLButtonElement>(".kc-ask-submit")!.click();
    await asking;
    expect(p.el.querySelector(".kc-ask-foot")?.textContent).toBe("Stopped.");
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]!.headers["anthropic-dangerous-direct-browser-access"]).toBe("true");
    expect(server.requests[0]!.body.stream).toBe(true);
    expect(requestUrlCalls).toBe(0);
  });

  it("falls back to requestUrl when the renderer's fetch fails before any byte, and renders the answer with its links", async () => {
    g.activeWindow = { fetch: () => Promise.reject(new TypeError("Failed to fetch")) };
    const p = await panel();
    server.replies.push({ kind: "text", text: "Up to five [[knowledge/concepts/retry-with-backoff]]." });
    await p.ask("How many times does a retry back off?");
    expect(requestUrlCalls).toBe(1);
    expect(server.requests).toHaveLength(1);
    const link = p.el.querySelector<HTMLAnchorElement>(".kc-ask-answer a.internal-link")!;
    expect(link.getAttribute("data-href")).toBe("knowledge/concepts/retry-with-backoff");
    link.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, ctrlKey: true }));
    expect(p.opened).toEqual([["knowledge/concepts/retry-with-backoff", "", "tab"]]);
    link.dispatchEvent(new MouseEvent("mouseover", { bubbles: true }));
    expect(p.events).toEqual([
      {
        name: "hover-link",
        data: expect.objectContaining({
          source: ASK_VIEW_TYPE,
          linktext: "knowledge/concepts/retry-with-backoff",
          hoverParent: p.view,
          targetEl: link,
        }) as unknown,
      },
    ]);
  });

  it("prices the answer's cost line at the model picked: Opus 5.5's is 40 times Haiku 5.5's, an unknown model's says cost unknown", async () => {
    const p = await panel();
    const usage = { input: 10_000, output: 1_000 };
    const costLine = async (model: string) => {
      p.data.ask.model = model;
      server.replies.push({ kind: "text", text: "Five times.", usage });
      await p.ask("How many times does a retry back off?");
      return [...p.el.querySelectorAll(".kc-ask-cost")].at(-1)?.textContent ?? "";
    };
    expect(await costLine("claude-haiku-5-5")).toContain("10000 in + 1000 out tokens (0 cached) · $0.0015");
    expect(await costLine("claude-opus-5-5")).toContain("10000 in + 1000 out tokens (0 cached) · $0.0600");
    expect(await costLine("my-local-model")).toContain("10000 in + 1000 out tokens (0 cached) · cost unknown");
  });

  it("says there is no key before anything is asked, and its button opens the plugin's settings tab (or says where, when it cannot)", async () => {
    const p = await panel({ key: false });
    const setup = p.el.querySelector(".kc-ask-setup")!;
    expect(setup.textContent).toContain("No Anthropic API key yet");
    const calls: string[] = [];
    (p.app as unknown as { setting: unknown }).setting = { open: () => calls.push("open"), openTabById: (id: string) => calls.push(`tab ${id}`) };
    setup.querySelector<HTMLButtonElement>(".kc-ask-settings")!.click();
    expect(calls).toEqual(["open", "tab kc"]);
    delete (p.app as unknown as { setting?: unknown }).setting;
    const before = noticesShown.length;
    setup.querySelector<HTMLButtonElement>(".kc-ask-settings")!.click();
    expect(noticesShown.length).toBe(before + 1);
  });

  it("offers example questions from the base's own headers when idle", async () => {
    const p = await panel();
    const examples = [...p.el.querySelectorAll(".kc-ask-example .kc-ask-question-text")].map((b) => b.textContent);
    expect(examples.length).toBeGreaterThan(0);
    expect(examples.length).toBeLessThanOrEqual(3);
    for (const q of examples) expect(q).toMatch(/\?$/);
  });

  it("keeps the questions in ask-history.json in the plugin folder, and never writes over a corrupt file there", async () => {
    const broken = await panel({ history: "{ broken" });
    await Promise.resolve();
    server.replies.push({ kind: "text", text: "Five." });
    await broken.ask("How many times does a retry back off?");
    await broken.view.onClose();
    expect(broken.app.config.get(`${DIR}/ask-history.json`)).toBe("{ broken");
    const p = await panel();
    server.replies.push({ kind: "text", text: "Five." });
    await p.ask("How many times does a retry back off?");
    await p.view.onClose();
    expect(JSON.parse(p.app.config.get(`${DIR}/ask-history.json`)!)).toEqual({ questions: ["How many times does a retry back off?"] });
    const again = await panel({ history: p.app.config.get(`${DIR}/ask-history.json`)! });
    const box = again.el.querySelector<HTMLTextAreaElement>(".kc-ask-input")!;
    box.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowUp", bubbles: true, cancelable: true }));
    expect(box.value).toBe("How many times does a retry back off?");
  });

  it("inserts the answer after the cursor's selection of the most recent markdown editor, never over it, never in the frontmatter", async () => {
    const p = await panel();
    server.replies.push({ kind: "text", text: "Five." });
    await p.ask("How many times does a retry back off?");
    const insert = p.el.querySelector<HTMLButtonElement>(".kc-ask-insert")!;
    expect(insert.getAttribute("aria-disabled")).toBe("true");
    let doc = "---\ntitle: Day\n---\nSelected words.\n";
    const lines = () => doc.split("\n");
    const offset = (at: { line: number; ch: number }) =>
      lines()
        .slice(0, at.line)
        .reduce((n, l) => n + l.length + 1, 0) + at.ch;
    let cursor = { line: 3, ch: 15 };
    const editor = {
      getValue: () => doc,
      getCursor: (which?: string) => (which === "to" ? cursor : { line: 3, ch: 0 }),
      replaceRange: (t: string, at: { line: number; ch: number }) => void (doc = doc.slice(0, offset(at)) + t + doc.slice(offset(at))),
      replaceSelection: () => {
        throw new Error("a selection must never be replaced");
      },
    };
    const leaf = new WorkspaceLeaf();
    const md = new MarkdownView(leaf);
    md.file = p.app.vault.getFileByPath("daily/2026-11-20.md");
    md.editor = editor;
    leaf.view = md as never;
    p.recent.leaf = leaf;
    insert.click();
    expect(doc).toBe("---\ntitle: Day\n---\nSelected words.\n\nFive.\n\n");
    expect(p.el.querySelector(".kc-ask-action-note")?.textContent).toBe("Inserted into 2026-11-20.");
    // A cursor at the very start of the note (a note just opened) puts the answer below the frontmatter.
    doc = "---\ntitle: Day\n---\nBody\n";
    cursor = { line: 0, ch: 0 };
    insert.click();
    expect(doc).toBe("---\ntitle: Day\n---\n\nFive.\nBody\n");
  });

  it("does not insert into a note shown in reading view", async () => {
    const p = await panel();
    server.replies.push({ kind: "text", text: "Five." });
    await p.ask("How many times does a retry back off?");
    const leaf = new WorkspaceLeaf();
    const md = new MarkdownView(leaf);
    md.file = p.app.vault.getFileByPath("daily/2026-11-20.md");
    md.mode = "preview";
    md.editor = {
      getValue: () => "",
      getCursor: () => ({ line: 0, ch: 0 }),
      replaceRange: () => {
        throw new Error("no insert in reading view");
      },
    };
    leaf.view = md as never;
    p.recent.leaf = leaf;
    p.el.querySelector<HTMLButtonElement>(".kc-ask-insert")!.click();
    expect(p.el.querySelector(".kc-ask-action-note")?.textContent).not.toContain("Inserted");
  });
});
