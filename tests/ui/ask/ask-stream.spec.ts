import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { done, openPanel, settle } from "./ask-panel-fixture";

let frames: FrameRequestCallback[] = [];
let clock = 0;
const realRaf = window.requestAnimationFrame.bind(window);
const realNow = window.performance.now.bind(window.performance);
beforeEach(() => {
  frames = [];
  clock = 1000;
  window.requestAnimationFrame = (cb) => frames.push(cb);
  window.performance.now = () => clock;
  document.body.empty();
});
afterEach(() => {
  window.requestAnimationFrame = realRaf;
  window.performance.now = realNow;
});
const runFrames = () => frames.splice(0).forEach((f) => f(clock));

/** A renderer like Obsidian's for what these tests look at: `**bold**` becomes <strong>, and it counts its calls. */
function counting() {
  const calls: string[] = [];
  return {
    calls,
    renderMarkdown: (md: string, el: HTMLElement) => {
      calls.push(md);
      for (const part of md.split(/(\*\*[^*]+\*\*)/)) {
        if (part.startsWith("**") && part.endsWith("**") && part.length > 4) el.createEl("strong", { text: part.slice(2, -2) });
        else el.appendText(part);
      }
      return Promise.resolve();
    },
  };
}

describe("the streamed answer, as markdown", () => {
  it("is rendered as markdown while it streams, in a reading-view block, never shown as raw markdown", async () => {
    const r = counting();
    const p = openPanel({ renderMarkdown: r.renderMarkdown });
    await p.view.onOpen();
    const asking = p.ask("How long do retries wait?");
    await settle();
    p.pending[0]!.onText("Up to **five** retries");
    runFrames();
    const answer = p.el.querySelector(".kc-ask-answer")!;
    expect(answer.querySelector(".markdown-rendered strong")?.textContent).toBe("five");
    expect(answer.textContent).not.toContain("**");
    p.pending[0]!.finish(done("Up to **five** retries."));
    await asking;
    expect(answer.querySelectorAll(".markdown-rendered")).toHaveLength(1);
  });

  it("re-renders the growing answer at most once per ~120 ms however fast the deltas come", async () => {
    const r = counting();
    const p = openPanel({ renderMarkdown: r.renderMarkdown });
    await p.view.onOpen();
    const asking = p.ask("How long do retries wait?");
    await settle();
    for (let ms = 0; ms < 600; ms += 16) {
      p.pending[0]!.onText("word ");
      clock += 16;
      runFrames();
    }
    // 600 ms of deltas, one per 16 ms frame: about five renderings, not thirty-eight.
    expect(r.calls.length).toBeGreaterThanOrEqual(4);
    expect(r.calls.length).toBeLessThanOrEqual(6);
    p.pending[0]!.finish(done("word ".repeat(38).trim()));
    await asking;
    expect(r.calls.at(-1)).toBe("word ".repeat(38).trim());
  });

  it("shows each citation with the note's title, linked to the note's path", async () => {
    const p = openPanel({
      title: (path) => (path === "knowledge/concepts/retry" ? "Retry with backoff" : path),
      renderMarkdown: (md, el) => {
        for (const part of md.split(/(\[\[[^\]]+\]\])/)) {
          const [link, alias] = part.slice(2, -2).split("|");
          if (part.startsWith("[[")) el.createEl("a", { cls: "internal-link", text: alias ?? link!, href: link!, attr: { "data-href": link! } });
          else el.appendText(part);
        }
        return Promise.resolve();
      },
    });
    await p.view.onOpen();
    const asking = p.ask("How long do retries wait?");
    await settle();
    p.pending[0]!.finish(done("Five [[knowledge/concepts/retry]]."));
    await asking;
    const a = p.el.querySelector<HTMLAnchorElement>(".kc-ask-answer a.internal-link")!;
    expect(a.textContent).toBe("Retry with backoff");
    expect(a.getAttribute("data-href")).toBe("knowledge/concepts/retry");
  });
});

describe("when no answer comes", () => {
  it("says what to do in the panel's words, with an Open settings button instead of command-line advice", async () => {
    let opened = 0;
    const p = openPanel({ openSettings: () => opened++ });
    await p.view.onOpen();
    const asking = p.ask("How long do retries wait?");
    await settle();
    p.pending[0]!.finish({
      ok: false,
      error: {
        kind: "auth",
        message: "The Anthropic API rejected the API key (401). Check the key in the plugin's settings (or the command's --model / ANTHROPIC_API_KEY).",
      },
    });
    await asking;
    const foot = p.el.querySelector(".kc-ask-foot")!;
    expect(foot.textContent).not.toContain("--model");
    expect(foot.textContent).toContain("Check the key in the plugin's settings.");
    foot.querySelector<HTMLButtonElement>("button")!.click();
    expect(opened).toBe(1);
  });

  it("offers no settings button for a failure settings cannot fix", async () => {
    const p = openPanel({ openSettings: () => undefined });
    await p.view.onOpen();
    const asking = p.ask("How long do retries wait?");
    await settle();
    p.pending[0]!.finish({ ok: false, error: { kind: "overloaded", message: "The Anthropic API is overloaded; try again in a minute." } });
    await asking;
    expect(p.el.querySelector(".kc-ask-foot button")).toBeNull();
  });
});

describe("a long thread", () => {
  it("says, once, when follow-ups stop seeing the earliest questions", async () => {
    const p = openPanel();
    await p.view.onOpen();
    for (const q of ["one", "two", "three", "four", "five"]) {
      const asking = p.ask(q);
      await settle();
      p.pending.at(-1)!.finish(done(`answer ${q}`));
      await asking;
    }
    const notes = [...p.el.querySelectorAll(".kc-ask-thread-note")];
    expect(notes).toHaveLength(1);
    expect(notes[0]!.closest(".kc-ask-turn")?.querySelector(".kc-ask-question")?.textContent).toBe("four");
    expect(notes[0]!.textContent).toContain("last 3");
  });
});
