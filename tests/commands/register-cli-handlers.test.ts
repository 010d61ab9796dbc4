import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "esbuild";
import { createRequire } from "node:module";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { clearInterval, setTimeout } from "node:timers";
import { runInThisContext } from "node:vm";
import type { CliData, CliFlags, Plugin } from "obsidian";
import { createStandIn } from "../../bench/obsidian-stand-in";
import { nodeGlobal } from "../../bench/node-global";
import { pluginBuildOptions } from "../../scripts/plugin-build-options.mjs";
import { registerCliHandlers } from "../../src/commands/register-cli-handlers";
import { openMcpVault } from "../../src/mcp/mcp-vault";
import { lintSummaryTool } from "../../src/mcp/mcp-tools";
import { nodeFetch } from "../../src/node/node-runtime";
import { installObsidianDomHelpers } from "../fakes/obsidian-dom";
import { startLoopbackAnthropic, type LoopbackServer } from "../fakes/loopback-anthropic-server";
import { runKc } from "../fakes/run-kc";
import { CONFIG_DIR } from "../fakes/config-dir";
import { setApiVersion } from "../fakes/obsidian-stub";

// Obsidian's command line runs the handlers the plugin registers: here the BUILT main.js, loaded into the stand-in app
// over a copy of the demo vault (as the start-up benchmark loads it), answers through them as `kc` does on that folder.
type Handler = (params: CliData) => string | Promise<string>;
const handlers = new Map<string, { description: string; flags: CliFlags | null; run: Handler }>();
let root: string;
let server: LoopbackServer;
let intervals: number[] = [];
const ROUTED = "How long should the client wait before retrying an upload?";

beforeAll(async () => {
  server = await startLoopbackAnthropic();
  root = mkdtempSync(join(tmpdir(), "kc-cli-handlers-"));
  cpSync(join(import.meta.dirname, "..", "..", "examples", "demo-vault"), root, { recursive: true });
  // The stand-in names its config folder .vault-config (Obsidian lets a person rename it); kc reads .obsidian.
  cpSync(join(root, CONFIG_DIR), join(root, ".vault-config"), { recursive: true });
  const texts = new Map<string, string>();
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const p = join(dir, name);
      if (name.startsWith(".")) continue;
      if (statSync(p).isDirectory()) walk(p);
      else if (name.endsWith(".md")) texts.set(relative(root, p), readFileSync(p, "utf8"));
    }
  };
  walk(root);
  const data = JSON.parse(readFileSync(join(root, CONFIG_DIR, "plugins", "ckp-knowledge-compiler", "data.json"), "utf8")) as { ask?: object };
  const stand = createStandIn(root, texts, { ...data, ask: { ...data.ask, baseUrl: server.baseUrl, model: "claude-test", selectWithModel: false } });
  intervals = stand.intervals;
  (stand.app as unknown as { secretStorage: { getSecret: () => string } }).secretStorage = { getSecret: () => "sk-test" };
  (stand.obsidian as Record<string, unknown>).requestUrl = async (req: { url: string; method?: string; headers?: Record<string, string>; body?: string }) => {
    const res = await nodeFetch(req.url, { method: req.method ?? "GET", headers: req.headers, body: req.body });
    const arrayBuffer = await res.arrayBuffer();
    const headers: Record<string, string> = {};
    res.headers.forEach((v, k) => (headers[k] = v));
    return { status: res.status, headers, arrayBuffer, text: new TextDecoder().decode(arrayBuffer), json: undefined };
  };
  // An Obsidian with the command line for plugins (1.12.2+); the stand-in otherwise claims the plugin's minAppVersion.
  stand.obsidian.apiVersion = "1.13.1";
  const proto = (stand.obsidian.Plugin as unknown as { prototype: Record<string, unknown> }).prototype;
  proto.registerCliHandler = (command: string, description: string, flags: CliFlags | null, run: Handler) => {
    if (handlers.has(command)) throw new Error(`${command} is already registered`);
    handlers.set(command, { description, flags, run });
  };
  const out = await build({ ...pluginBuildOptions(false), write: false, outfile: "main.js", logLevel: "silent" });
  const g = nodeGlobal;
  const { JSDOM } = createRequire(import.meta.url)("jsdom") as { JSDOM: new (h: string) => { window: Record<string, unknown> } };
  const { window } = new JSDOM("<!doctype html><body></body>");
  for (const k of ["document", "HTMLElement", "Element", "Node", "DocumentFragment"]) g[k] ??= window[k];
  g.window ??= g;
  installObsidianDomHelpers(g);
  const module = { exports: {} as Record<string, unknown> };
  const nodeRequire = createRequire(import.meta.url);
  const runBundle = runInThisContext(`(function (require, module, exports) {\n${out.outputFiles[0]!.text}\n})`) as (
    require: (id: string) => unknown,
    m: typeof module,
    exports: Record<string, unknown>,
  ) => void;
  runBundle((id: string) => (id === "obsidian" ? stand.obsidian : (nodeRequire(id) as unknown)), module, module.exports);
  const Plugin = (module.exports.default ?? module.exports) as new (app: unknown, manifest: unknown) => { onload(): Promise<void> };
  await new Plugin(stand.app, { id: "ckp-knowledge-compiler", name: "Knowledge Compiler", dir: ".vault-config/plugins/ckp-knowledge-compiler" }).onload();
  // Before the workspace is up, nothing is indexed: the handlers say so instead of answering from an empty index.
  expect(await call("route", { question: ROUTED })).toContain("The index is still being built");
  stand.fireLayoutReady();
  for (let i = 0; ; i++) {
    const waiting = (await call("lint", {})).startsWith("Lint is still") || (await call("route", { question: ROUTED })).includes("still being built");
    if (!waiting) break;
    if (i > 600) throw new Error("the plugin never finished indexing the demo vault");
    await new Promise((r) => setTimeout(r, 50));
  }
}, 120_000);
afterAll(async () => {
  for (const id of intervals) clearInterval(id);
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

function call(action: string, params: CliData): Promise<string> {
  const h = handlers.get(`ckp-knowledge-compiler:${action}`);
  if (!h) throw new Error(`no handler ${action}`);
  return Promise.resolve(h.run(params));
}

describe("Obsidian's command line (registerCliHandler)", () => {
  it("registers route, ask, lint and prime under the plugin's id, each described, with its flags", () => {
    expect([...handlers.keys()]).toEqual(["route", "ask", "lint", "prime"].map((a) => `ckp-knowledge-compiler:${a}`));
    for (const h of handlers.values()) expect(h.description).toMatch(/^[A-Z].+\.\)?$/);
    expect(handlers.get("ckp-knowledge-compiler:route")!.flags!.question).toMatchObject({ required: true });
  });

  it("route answers as kc route does on the same folder, covered or not", async () => {
    for (const question of [ROUTED, "Which snapshot camera is good for a beginner?"]) {
      const kc = await runKc(["route", root, question]);
      expect(kc.code).toBe(0);
      expect(await call("route", { question })).toBe(kc.out.replace(/\n$/, ""));
    }
    const closest = await runKc(["route", root, "camera upload", "--closest"]);
    expect(await call("route", { question: "camera upload", closest: "true" })).toBe(closest.out.replace(/\n$/, ""));
  });

  it("prime answers as kc prime does, for a question", async () => {
    const kc = await runKc(["prime", root, "--question", ROUTED, "--max-chars", "6000"], { KC_CACHE: "off" });
    expect(kc.code, kc.err).toBe(0);
    expect(await call("prime", { question: ROUTED, "max-chars": "6000" })).toBe(kc.out);
    expect(await call("prime", { question: ROUTED, "max-chars": "12" })).toContain("500 or more");
  });

  it("lint gives the summary the MCP server's lint_summary gives for the same folder (the same findings and counts)", async () => {
    const view = await openMcpVault(root, "knowledge", { out: () => undefined, err: () => undefined, isTTY: false, env: {} }).view();
    // Line numbers aside: a finding on a frontmatter list is placed on its key by Obsidian's metadata and on its first
    // item by kc's own parse (one line apart), in every host's lint alike; that is lint's to settle, not the handler's.
    const lines = (t: string) => t.replace(/(\.md):\d+:/g, "$1:L:");
    expect(lines(await call("lint", { top: "5" }))).toBe(lines(await lintSummaryTool(view, { top: 5 })));
    const note = "knowledge/concepts/retry-with-backoff.md";
    expect(lines(await call("lint", { note }))).toBe(lines(await lintSummaryTool(view, { note, top: 10 })));
    expect(await call("lint", { top: "0" })).toBe("top must be a whole number, 1 or more.");
  });

  it("ask answers as kc ask does from the same routed articles, with what it cost", async () => {
    const answer = "Up to five times, with jittered delays [[knowledge/concepts/retry-with-backoff]].";
    server.replies.push({ kind: "text", text: answer, usage: { input: 900, output: 20 } });
    const kc = await runKc(["ask", root, ROUTED, "--base-url", server.baseUrl, "--model", "claude-test", "--no-select"], { ANTHROPIC_API_KEY: "sk-test" });
    expect(kc.code, kc.err).toBe(0);
    server.replies.push({ kind: "text", text: answer, usage: { input: 900, output: 20 } });
    const got = await call("ask", { question: ROUTED });
    expect(got.startsWith(`${kc.out.trim()}\n\n`)).toBe(true);
    expect(got).toMatch(/900 input \+ 20 output tokens \(0 read from cache\), /);
    const [fromKc, fromObsidian] = server.requests.slice(-2).map((r) => JSON.stringify((r.body as { messages: unknown }).messages));
    expect(fromObsidian).toBe(fromKc);
    expect(await call("ask", { question: "Which snapshot camera is good for a beginner?" })).toBe(
      (await runKc(["ask", root, "Which snapshot camera is good for a beginner?", "--base-url", server.baseUrl], { ANTHROPIC_API_KEY: "sk-test" })).out.trim(),
    );
  });
});

describe("registerCliHandlers where Obsidian has no command line for plugins (before 1.12.2)", () => {
  afterAll(() => setApiVersion("1.13.1"));
  it("registers nothing and says so, so the plugin loads as before", () => {
    const seen: string[] = [];
    const plugin = { manifest: { id: "ckp-knowledge-compiler" }, registerCliHandler: (c: string) => void seen.push(c) } as unknown as Plugin;
    const services = {} as Parameters<typeof registerCliHandlers>[1];
    setApiVersion("1.11.4");
    expect(registerCliHandlers(plugin, services)).toBe(false);
    expect(seen).toEqual([]);
    // A version that claims the API but a Plugin without the method: still nothing, never a throw.
    setApiVersion("1.13.1");
    expect(registerCliHandlers({ manifest: { id: "x" } } as unknown as Plugin, services)).toBe(false);
    expect(registerCliHandlers(plugin, services)).toBe(true);
    expect(seen).toHaveLength(4);
  });
});
