import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { readFileSync } from "node:fs";
import { Component } from "obsidian";
import { done, openPanel, ROUTED, settle } from "./ask-panel-fixture";

let frames: FrameRequestCallback[] = [];
const realRaf = window.requestAnimationFrame.bind(window);
beforeEach(() => {
  frames = [];
  window.requestAnimationFrame = (cb) => frames.push(cb);
  document.body.empty();
});
afterEach(() => {
  window.requestAnimationFrame = realRaf;
  vi.useRealTimers();
});
const runFrames = () => frames.splice(0).forEach((f) => f(0));

describe("the streamed answer", () => {
  it("draws deltas once per animation frame, not once per delta, and renders the answer whole at the end", async () => {
    const p = openPanel();
    await p.view.onOpen();
    const asking = p.ask("How long do retries wait?");
    await settle();
    const answer = p.el.querySelector(".kc-ask-answer")!;
    for (const d of ["Up ", "to ", "five ", "retries"]) p.pending[0]!.onText(d);
    expect(answer.textContent).toBe("");
    expect(frames).toHaveLength(1);
    runFrames();
    expect(answer.textContent).toBe("Up to five retries");
    p.pending[0]!.onText(" [[knowledge/concepts/retry]]");
    p.pending[0]!.onText(".");
    expect(frames).toHaveLength(1);
    p.pending[0]!.finish(done("Up to five retries [[knowledge/concepts/retry]]."));
    await asking;
    expect(answer.querySelector("a.internal-link")?.getAttribute("data-href")).toBe("knowledge/concepts/retry");
  });

  it("shows what is happening and the seconds since asking, and the Ask button is Stop while a request runs", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"] });
    let release: ((v: null) => void) | null = null;
    const p = openPanel({ select: () => new Promise((r) => (release = r)) });
    await p.view.onOpen();
    const progress = () => p.el.querySelector(".kc-ask-progress")!;
    expect(p.submit().textContent).toBe("Ask");
    const asking = p.ask("How long do retries wait?");
    expect(progress().textContent).toBe("Choosing articles… 0 s");
    expect(p.submit().textContent).toBe("Stop");
    vi.advanceTimersByTime(3000);
    expect(progress().textContent).toBe("Choosing articles… 3 s");
    release!(null);
    await settle();
    expect(progress().textContent).toBe("Waiting for the model… 3 s");
    vi.advanceTimersByTime(2000);
    p.pending[0]!.onText("Up to");
    expect(progress().textContent).toBe("Writing… 5 s");
    p.submit().click();
    expect(p.pending[0]!.signal.aborted).toBe(true);
    p.pending[0]!.finish({ ok: false, error: { kind: "aborted", message: "Stopped." } });
    await asking;
    expect(p.submit().textContent).toBe("Ask");
    expect(progress().classList.contains("kc-hidden")).toBe(true);
    expect(p.el.querySelector(".kc-ask-foot")?.textContent).toBe("Stopped.");
    expect(p.el.querySelector(".kc-ask-answer")?.textContent).toBe("Up to");
  });

  it("keeps the keyboard focus on the one Ask/Stop button across the whole request", async () => {
    const p = openPanel();
    await p.view.onOpen();
    p.submit().focus();
    p.input().value = "How long do retries wait?";
    p.submit().click();
    await settle();
    expect(p.submit().textContent).toBe("Stop");
    expect(document.activeElement).toBe(p.submit());
    p.pending[0]!.finish(done("Five."));
    await settle();
    expect(p.submit().textContent).toBe("Ask");
    expect(document.activeElement).toBe(p.submit());
  });

  it("announces the answer in a polite live region once it is complete, not while it streams", async () => {
    const p = openPanel();
    await p.view.onOpen();
    const live = p.el.querySelector(".kc-ask-announce")!;
    expect(live.getAttribute("aria-live")).toBe("polite");
    const asking = p.ask("How long do retries wait?");
    await settle();
    p.pending[0]!.onText("Up to five");
    runFrames();
    expect(live.textContent).toBe("");
    p.pending[0]!.finish(done("Up to five retries."));
    await asking;
    expect(live.textContent).toBe("Answer: Up to five retries.");
  });
});

describe("the answer and its trace", () => {
  it("comes first, with the trace in plain words under it, collapsed, and the technical details one level further", async () => {
    const p = openPanel({ title: (path) => (path.endsWith("retry.md") ? "Retry with backoff" : path) });
    await p.view.onOpen();
    const asking = p.ask("How long do retries wait?");
    await settle();
    p.pending[0]!.finish(done("Five."));
    await asking;
    const turn = p.el.querySelector(".kc-ask-turn")!;
    expect([...turn.children].map((c) => c.className)).toEqual(["kc-ask-question", "kc-ask-answer", "kc-ask-foot", "kc-ask-trace"]);
    const trace = turn.querySelector<HTMLDetailsElement>(".kc-ask-trace")!;
    expect(trace.open).toBe(false);
    expect(trace.querySelector("summary")?.textContent).toBe("1 source · 500 tokens · 1 skipped");
    expect(trace.querySelector(".kc-ask-why-words")?.textContent).toBe("Loaded 1 article: Retry with backoff (matches 'retries'). Skipped 1.");
    expect(trace.querySelector(".kc-ask-sources a")?.textContent).toBe("Retry with backoff");
    const details = trace.querySelector<HTMLDetailsElement>(".kc-ask-details")!;
    expect(details.open).toBe(false);
    expect(details.querySelector("summary")?.textContent).toBe("Details");
    // Paths stay behind the links; the text says the why in words.
    expect(details.querySelector(".kc-ask-loaded a")?.getAttribute("href")).toBe("knowledge/concepts/retry.md");
    expect(details.querySelector(".kc-ask-why")?.textContent).toBe(": matches 'retries'; about 500 tokens");
  });

  it("renders each answer under a Component of the view, unloaded by New thread and when the panel closes", async () => {
    const owners: Component[] = [];
    let unloaded = 0;
    const p = openPanel({
      renderMarkdown: (md, el, owner) => {
        owners.push(owner!);
        owner!.register(() => unloaded++);
        el.setText(md);
        return Promise.resolve();
      },
    });
    await p.view.onOpen();
    for (const q of ["one", "two"]) {
      const asking = p.ask(q);
      await settle();
      p.pending.at(-1)!.finish(done(`answer ${q}`));
      await asking;
    }
    expect(owners).toHaveLength(2);
    expect(owners[0]).toBeInstanceOf(Component);
    expect(owners[0]).not.toBe(owners[1]);
    expect(unloaded).toBe(0);
    p.el.querySelector<HTMLButtonElement>(".kc-ask-new")!.click();
    expect(unloaded).toBe(2);
    const asking = p.ask("three");
    await settle();
    p.pending.at(-1)!.finish(done("answer three"));
    await asking;
    await p.view.onClose();
    expect(unloaded).toBe(3);
  });
});

describe("what to do with an answer", () => {
  async function answered(overrides: Parameters<typeof openPanel>[0]) {
    const p = openPanel(overrides);
    await p.view.onOpen();
    const asking = p.ask("How long do retries wait?");
    await settle();
    p.pending[0]!.finish(done("Five [[knowledge/concepts/retry]]."));
    await asking;
    return p;
  }

  it("copies the answer's markdown", async () => {
    const copied: string[] = [];
    const p = await answered({ copy: (t) => (copied.push(t), Promise.resolve(true)) });
    p.el.querySelector<HTMLButtonElement>(".kc-ask-copy")!.click();
    await settle();
    expect(copied).toEqual(["Five [[knowledge/concepts/retry]]."]);
    expect(p.el.querySelector(".kc-ask-action-note")?.textContent).toBe("Copied.");
  });

  it("inserts at the cursor of the last active editor, and says why not when there is none (still reachable by keyboard)", async () => {
    let target: string | null = null;
    const inserted: string[] = [];
    const p = await answered({ insertTarget: () => target, insertAtCursor: (t) => (inserted.push(t), true) });
    const insert = p.el.querySelector<HTMLButtonElement>(".kc-ask-insert")!;
    expect(insert.disabled).toBe(false);
    expect(insert.getAttribute("aria-disabled")).toBe("true");
    insert.click();
    expect(inserted).toEqual([]);
    expect(p.el.querySelector(".kc-ask-action-note")?.textContent).toContain("Open a note in the editor first");
    target = "Monday notes";
    p.el.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
    expect(insert.getAttribute("aria-disabled")).toBeNull();
    insert.click();
    expect(inserted).toEqual(["Five [[knowledge/concepts/retry]]."]);
    expect(p.el.querySelector(".kc-ask-action-note")?.textContent).toBe("Inserted into Monday notes.");
  });

  it("opens result and answer links, in a new tab with Ctrl/Cmd, asks for the page preview on hover, and drags them as [[links]]", async () => {
    const opened: [string, boolean | undefined][] = [];
    const hovers: { linktext: string; parent: unknown; target: HTMLElement }[] = [];
    const p = await answered({
      open: (l, tab) => opened.push([l, tab]),
      hoverLink: (_e, target, linktext, parent) => hovers.push({ linktext, parent, target }),
      markdownLink: (l) => `[[${l.replace(/\.md$/, "").split("/").pop()}]]`,
    });
    const result = p.el.querySelector<HTMLAnchorElement>(".kc-ask-sources a")!;
    const inAnswer = p.el.querySelector<HTMLAnchorElement>(".kc-ask-answer a.internal-link")!;
    expect(result.getAttribute("href")).toBe("knowledge/concepts/retry.md");
    result.click();
    inAnswer.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, ctrlKey: true }));
    inAnswer.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, metaKey: true }));
    expect(opened).toEqual([
      ["knowledge/concepts/retry.md", false],
      ["knowledge/concepts/retry", true],
      ["knowledge/concepts/retry", true],
    ]);
    result.dispatchEvent(new MouseEvent("mouseover", { bubbles: true, ctrlKey: true }));
    expect(hovers).toEqual([{ linktext: "knowledge/concepts/retry.md", parent: p.view, target: result }]);
    for (const link of [result, inAnswer]) {
      const data: Record<string, string> = {};
      const drag = new Event("dragstart", { bubbles: true });
      Object.defineProperty(drag, "dataTransfer", { value: { setData: (k: string, v: string) => (data[k] = v) } });
      link.dispatchEvent(drag);
      expect(data["text/plain"]).toBe("[[retry]]");
    }
  });

  it("keeps every link and button reachable by keyboard: links have an href, nothing is taken out of the tab order", async () => {
    const p = await answered({ copy: () => Promise.resolve(true), insertTarget: () => null, insertAtCursor: () => true });
    for (const a of p.el.querySelectorAll("a")) expect(a.getAttribute("href")).toBeTruthy();
    for (const el of p.el.querySelectorAll("a, button, summary, textarea")) {
      expect(el.getAttribute("tabindex")).not.toBe("-1");
      expect((el as HTMLButtonElement).disabled ?? false).toBe(false);
    }
  });
});

describe("before anything is asked", () => {
  it("says there is no API key, with a button that opens the settings", async () => {
    let problem: string | null = "No Anthropic API key yet.";
    let opened = 0;
    const p = openPanel({ setupProblem: () => problem, openSettings: () => opened++ });
    await p.view.onOpen();
    const setup = p.el.querySelector(".kc-ask-setup")!;
    expect(setup.classList.contains("kc-hidden")).toBe(false);
    expect(setup.textContent).toContain("No Anthropic API key yet.");
    setup.querySelector<HTMLButtonElement>(".kc-ask-settings")!.click();
    expect(opened).toBe(1);
    problem = null;
    p.el.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
    expect(setup.classList.contains("kc-hidden")).toBe(true);
  });

  it("shows a hint and the base's example questions; a click fills the box; New thread brings them back", async () => {
    const p = openPanel({
      examples: () => [
        { question: "Why do uploads retry forever?", path: "k/retry.md" },
        { question: "What is attachment blobs?", path: "k/blobs.md" },
      ],
    });
    await p.view.onOpen();
    expect(p.el.querySelector(".kc-ask-hint")?.textContent).toContain("Ctrl/Cmd+Enter");
    const examples = [...p.el.querySelectorAll<HTMLButtonElement>(".kc-ask-example")];
    expect(examples.map((b) => b.querySelector(".kc-ask-question-text")?.textContent)).toEqual(["Why do uploads retry forever?", "What is attachment blobs?"]);
    // Where each comes from is on screen, not in a hover-only title.
    expect(examples.map((b) => b.querySelector(".kc-ask-example-source")?.textContent)).toEqual(["from retry", "from blobs"]);
    expect(examples.every((b) => !b.hasAttribute("title"))).toBe(true);
    examples[0]!.click();
    expect(p.input().value).toBe("Why do uploads retry forever?");
    expect(document.activeElement).toBe(p.input());
    const asking = p.view.ask();
    await settle();
    expect(p.el.querySelector(".kc-ask-idle")).toBeNull();
    p.pending[0]!.finish(done("x"));
    await asking;
    p.el.querySelector<HTMLButtonElement>(".kc-ask-new")!.click();
    expect(p.el.querySelectorAll(".kc-ask-example")).toHaveLength(2);
  });

  it("brings back earlier questions with ArrowUp and ArrowDown, and what was being typed after the newest", async () => {
    const asked = ["first", "second"];
    const p = openPanel({ history: { list: () => asked, add: (q) => void asked.push(q), flush: () => Promise.resolve() } });
    await p.view.onOpen();
    const key = (k: string) => p.input().dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true, cancelable: true }));
    p.input().value = "half-typed";
    p.input().setSelectionRange(0, 0);
    key("ArrowUp");
    expect(p.input().value).toBe("second");
    key("ArrowUp");
    expect(p.input().value).toBe("first");
    key("ArrowUp");
    expect(p.input().value).toBe("first");
    key("ArrowDown");
    expect(p.input().value).toBe("second");
    key("ArrowDown");
    expect(p.input().value).toBe("half-typed");
    // The idle panel lists them too, newest first.
    expect([...p.el.querySelectorAll(".kc-ask-recent")].map((b) => b.textContent)).toEqual(["second", "first"]);
    const asking = p.ask("third");
    await settle();
    expect(asked).toEqual(["first", "second", "third"]);
    p.pending[0]!.finish(done("x"));
    await asking;
  });
});

describe("the panel's layout", () => {
  it("is a column whose output scrolls above a question box that cannot shrink", async () => {
    const p = openPanel();
    await p.view.onOpen();
    expect([...p.el.children].map((c) => c.className.split(" ")[0])).toEqual([
      "kc-ask-status",
      "kc-ask-setup",
      "kc-ask-output",
      "kc-ask-form",
      "kc-ask-announce",
    ]);
    const form = p.el.querySelector(".kc-ask-form")!;
    expect(form.querySelector(".kc-ask-input")).not.toBeNull();
    expect(form.querySelector(".kc-ask-submit")).not.toBeNull();
    const css = readFileSync("styles.css", "utf8");
    const rule = (selector: string): string => {
      const m = new RegExp(`(?:^|\\n)${selector.replace(/[.]/g, "\\.")}\\s*\\{([^}]*)\\}`).exec(css);
      expect(m, `a rule for ${selector}`).not.toBeNull();
      return m![1]!;
    };
    expect(rule(".kc-ask")).toMatch(/display:\s*flex;[^}]*flex-direction:\s*column/);
    // Its height is Obsidian's (.view-content): a height here would push the question box out of a short pane.
    expect(rule(".kc-ask")).not.toMatch(/(^|[^-])height:/);
    expect(rule(".kc-ask")).toMatch(/overflow:\s*hidden/);
    expect(rule(".kc-ask-output")).toMatch(/min-height:\s*0/);
    expect(rule(".kc-ask-output")).toMatch(/overflow-y:\s*auto/);
    expect(rule(".kc-ask-form")).toMatch(/flex-shrink:\s*0/);
    expect(rule(".kc-ask-form")).toMatch(/min-height:\s*calc\(var\(--input-height, 30px\) \* 3\)/);
    expect(rule(".kc-ask-input")).toMatch(/min-height:/);
  });
});

describe("when something fails", () => {
  it("shows why when the host throws instead of answering, and the button is Ask again", async () => {
    const p = openPanel({ answer: () => Promise.reject(new Error("knowledge/concepts/retry.md was deleted")) });
    await p.view.onOpen();
    await p.ask("How long do retries wait?");
    expect(p.el.querySelector(".kc-ask-foot")?.textContent).toBe("The question could not be sent: knowledge/concepts/retry.md was deleted");
    expect(p.submit().textContent).toBe("Ask");
    expect(p.el.querySelector(".kc-ask-announce")?.textContent).toContain("could not be sent");
  });
});

describe("stopping from the keyboard", () => {
  it("stops a running request with Escape, and leaves Escape alone when nothing runs", async () => {
    const p = openPanel();
    await p.view.onOpen();
    const idle = new KeyboardEvent("keydown", { key: "Escape", bubbles: true, cancelable: true });
    p.input().dispatchEvent(idle);
    expect(idle.defaultPrevented).toBe(false);
    const asking = p.ask("How long do retries wait?");
    await settle();
    p.input().dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true, cancelable: true }));
    expect(p.pending[0]!.signal.aborted).toBe(true);
    p.pending[0]!.finish({ ok: false, error: { kind: "aborted", message: "Stopped." } });
    await asking;
    expect(p.submit().textContent).toBe("Ask");
  });
});

describe("focus across re-renders", () => {
  it("moves the focus from 'Answer from the closest articles anyway' to the Stop button when that button goes away", async () => {
    const weak = { path: "knowledge/concepts/retry.md", tokens: 500, reason: { kind: "weak-match" as const, score: 3, coverage: 0.3 } };
    const p = openPanel({ route: (_q, closest) => (closest ? ROUTED : { ...ROUTED, status: "not-covered", loaded: [], skipped: [weak] }) });
    await p.view.onOpen();
    await p.ask("How long between tries?");
    const closest = p.el.querySelector<HTMLButtonElement>(".kc-ask-closest")!;
    closest.focus();
    closest.click();
    await settle();
    expect(closest.isConnected).toBe(false);
    expect(document.activeElement).toBe(p.submit());
    expect(p.submit().textContent).toBe("Stop");
    p.pending[0]!.finish(done("Five."));
    await settle();
    expect(document.activeElement).toBe(p.submit());
  });
});
