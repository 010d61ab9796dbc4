import { describe, expect, it } from "vitest";
import { build } from "esbuild";
import { createRequire } from "node:module";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { clearInterval } from "node:timers";
import { runInThisContext } from "node:vm";
import { createStandIn } from "../bench/obsidian-stand-in";
import { nodeGlobal } from "../bench/node-global";
import { installObsidianDomHelpers } from "./fakes/obsidian-dom";
import { pluginBuildOptions } from "../scripts/plugin-build-options.mjs";
import { CONFIG_DIR } from "./fakes/config-dir";

// The built main.js, loaded with the benchmark's stand-in Obsidian API, registers the commands, ribbon icons, views and
// vault event handlers users and other plugins rely on, whichever registrar module does it.
type Recorded = { calls: string[]; events: string[] };

/** Builds main.js, runs its onload against the stand-in, and records what it registered, in order. */
async function loadBuiltPlugin(): Promise<Recorded> {
  const out = await build({ ...pluginBuildOptions(false), write: false, outfile: "main.js", logLevel: "silent" });
  const stand = createStandIn(mkdtempSync(join(tmpdir(), "kc-wiring-")), new Map());
  const calls: string[] = [];
  const events: string[] = [];
  const proto = (stand.obsidian.Plugin as unknown as { prototype: Record<string, (...a: unknown[]) => unknown> }).prototype;
  for (const m of ["registerView", "addCommand", "addRibbonIcon", "registerHoverLinkSource", "addSettingTab"]) {
    const original = proto[m]!;
    proto[m] = function (this: unknown, ...a: unknown[]) {
      const first = a[0] as { id?: string } | string;
      calls.push(`${m} ${typeof first === "string" ? first : (first.id ?? "")}`);
      return original.apply(this, a);
    };
  }
  const names = new Map<unknown, string>([
    [stand.app.vault, "vault"],
    [stand.app.metadataCache, "metadataCache"],
    [stand.app.workspace, "workspace"],
  ]);
  const events$ = Object.getPrototypeOf(stand.app.vault) as { on: (...a: unknown[]) => unknown };
  const on = events$.on;
  events$.on = function (this: unknown, name: unknown, ...rest: unknown[]) {
    events.push(`${names.get(this) ?? "service"}.${String(name)}`);
    return on.call(this, name, ...rest);
  };
  const g = nodeGlobal;
  const { JSDOM } = createRequire(import.meta.url)("jsdom") as { JSDOM: new (h: string) => { window: Record<string, unknown> } };
  const { window } = new JSDOM("<!doctype html><body></body>");
  for (const k of ["document", "HTMLElement", "Element", "Node", "DocumentFragment"]) g[k] ??= window[k];
  g.window ??= g;
  installObsidianDomHelpers(g);
  const module = { exports: {} as Record<string, unknown> };
  const nodeRequire = createRequire(import.meta.url);
  // The test runs the built bundle as Obsidian does: as the body of a function of require, module and exports.
  const runBundle = runInThisContext(`(function (require, module, exports) {\n${out.outputFiles[0]!.text}\n})`) as (
    require: (id: string) => unknown,
    m: typeof module,
    exports: Record<string, unknown>,
  ) => void;
  runBundle((id: string) => (id === "obsidian" ? stand.obsidian : (nodeRequire(id) as unknown)), module, module.exports);
  const Plugin = (module.exports.default ?? module.exports) as new (app: unknown, manifest: unknown) => { onload(): Promise<void> };
  await new Plugin(stand.app, { id: "ckp-knowledge-compiler", name: "Knowledge Compiler", dir: `${CONFIG_DIR}/plugins/ckp-knowledge-compiler` }).onload();
  for (const id of stand.intervals) clearInterval(id);
  return { calls, events };
}

describe("the built plugin's wiring", () => {
  const loaded = loadBuiltPlugin();

  it("registers every command under its stable id", async () => {
    const { calls } = await loaded;
    const ids = calls.filter((c) => c.startsWith("addCommand ")).map((c) => c.slice("addCommand ".length));
    expect(ids).toEqual(
      expect.arrayContaining([
        "open-graph-view",
        "open-ask-panel",
        "open-lint-report",
        "lint-knowledge-base",
        "write-lint-report",
        "lint-current-note",
        "compile-todays-log",
        "compile-current-note",
        "compile-changed-logs",
        "revalidate-relationships",
        "undo-last-compile",
        "check-contradictions",
      ]),
    );
    expect(new Set(ids).size).toBe(ids.length);
  }, 120_000);

  it("adds the graph's ribbon icon before the Ask panel's, registers the three views and one settings tab", async () => {
    const { calls } = await loaded;
    expect(calls.filter((c) => c.startsWith("addRibbonIcon "))).toEqual(["addRibbonIcon git-fork", "addRibbonIcon message-circle-question"]);
    expect(calls.filter((c) => c.startsWith("registerView "))).toEqual(["registerView kc-lint-report", "registerView kc-ask", "registerView kc-graph"]);
    expect(calls.filter((c) => c === "addSettingTab ")).toHaveLength(1);
    expect(calls).toContain("registerHoverLinkSource kc-ask");
  });

  it("listens to the vault's metadata changes, renames and deletes once each, in that order", async () => {
    const { events } = await loaded;
    expect(events.filter((e) => e.startsWith("vault.") || e.startsWith("metadataCache."))).toEqual(["metadataCache.changed", "vault.rename", "vault.delete"]);
    expect(events).toContain("workspace.css-change");
  });
});
