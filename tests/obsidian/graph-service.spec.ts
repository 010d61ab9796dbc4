import { describe, expect, it } from "vitest";
import type { GraphView } from "../../src/core/graph/graph-types";
import { GraphService } from "../../src/obsidian/graph-service";
import { registerVaultEvents } from "../../src/obsidian/register-vault-events";
import { RouterService } from "../../src/obsidian/router-service";
import { CONFIG_DIR } from "../fakes/config-dir";
import { createFakeApp } from "../fakes/fake-app";
import { TFile } from "../fakes/obsidian-stub";
import { ordinaryVaultFiles } from "../fakes/ordinary-vault";
import { until } from "../fakes/until";

/** The plugin's graph over a fake vault, in Ask's scope `scope` (changeable), after the router's index is built. */
async function setup(files: Record<string, string>, scope: { value: "knowledge" | "vault" }) {
  const app = createFakeApp(files);
  const router = new RouterService(
    app as never,
    () => "knowledge",
    undefined,
    () => undefined,
    () => scope.value,
  );
  const graph = new GraphService(
    app as never,
    router,
    () => "knowledge",
    `${CONFIG_DIR}/plugins/kc`,
    () => scope.value,
  );
  let changes = 0;
  graph.onChange(() => changes++);
  await router.build();
  /** A note edited as Obsidian reports it: the metadata cache's "changed" reaches the router, then the graph. */
  const edit = (path: string, text: string) => {
    app.files.set(path, text);
    const file = new TFile(path) as never;
    router.onChanged(file, text);
    graph.onChanged(file);
  };
  // The vault's events wired as the plugin wires them (lint left out).
  const handlers = new Map<string, (...args: unknown[]) => void>();
  const on = (name: string, fn: (...args: unknown[]) => void) => void handlers.set(name, fn);
  const plugin = { app: { vault: { on }, metadataCache: { on } }, registerEvent: () => undefined };
  const lint = { onChanged: () => undefined, onRenamed: () => undefined, onDeleted: () => undefined };
  registerVaultEvents(plugin as never, { router, graph, lint } as never);
  /** A note renamed as Obsidian reports it. */
  const rename = (from: string, to: string) => {
    app.files.set(to, app.files.get(from)!);
    app.files.delete(from);
    handlers.get("rename")!(new TFile(to), from);
  };
  return { app, router, graph, edit, rename, changes: () => changes };
}

const snapshot = (g: GraphService): GraphView => g.graph({ logs: false, body: g.scope() === "vault" })!;
const edge = (g: GraphView, from: string, to: string) => g.edges.filter((e) => e.from === from && e.to === to).map((e) => e.tier);

describe("the plugin's graph in the whole-vault scope", () => {
  it("holds every note of an ordinary vault, with its links as untyped edges", async () => {
    const files = ordinaryVaultFiles();
    const { graph } = await setup(files, { value: "vault" });
    const g = snapshot(graph);
    expect(g.nodes.map((n) => n.id).sort()).toEqual(Object.keys(files).sort());
    expect(edge(g, "Reference/Frost dates.md", "Projects/Garden irrigation.md")).toEqual(["body"]);
    expect(edge(g, "Health/Sleep.md", "Health/Running plan.md")).toEqual(["body"]);
    expect(g.edges.length).toBeGreaterThanOrEqual(6);
  });

  it("leaves out the knowledge folder's index.md, log.md and lint reports, as the router and kc graph do", async () => {
    const files = {
      ...ordinaryVaultFiles(),
      "knowledge/index.md": "# Index\n[[Pancakes]]\n",
      "knowledge/log.md": "# Log\n",
      "knowledge/reports/lint.md": "# Lint\n",
      "knowledge/concepts/a.md": "# A\n",
    };
    const { graph } = await setup(files, { value: "vault" });
    const ids = snapshot(graph).nodes.map((n) => n.id);
    expect(ids).toContain("knowledge/concepts/a.md");
    expect(ids.filter((p) => p.startsWith("knowledge/") && p !== "knowledge/concepts/a.md")).toEqual([]);
  });

  it("adds an edge when an edit adds a link, without rebuilding", async () => {
    const files = ordinaryVaultFiles();
    const { graph, edit, changes } = await setup(files, { value: "vault" });
    expect(edge(snapshot(graph), "Cooking/Pancakes.md", "Cooking/Sourdough starter.md")).toEqual([]);
    const before = changes();
    edit("Cooking/Pancakes.md", `${files["Cooking/Pancakes.md"]!}\nOr a sourdough version: [[Sourdough starter]].\n`);
    expect(changes()).toBe(before + 1);
    expect(edge(snapshot(graph), "Cooking/Pancakes.md", "Cooking/Sourdough starter.md")).toEqual(["body"]);
  });

  it("gives a note that gains a CKP header its tier in place of the untyped link", async () => {
    const files = ordinaryVaultFiles();
    const { graph, edit } = await setup(files, { value: "vault" });
    expect(edge(snapshot(graph), "Health/Sleep.md", "Health/Running plan.md")).toEqual(["body"]);
    edit(
      "Health/Sleep.md",
      `---\ntldr: Habits for better sleep.\nsimilar_high: ["[[Running plan|Running plan · 2026-11]]"]\n---\n${files["Health/Sleep.md"]!}`,
    );
    const g = snapshot(graph);
    expect(edge(g, "Health/Sleep.md", "Health/Running plan.md")).toEqual(["high"]);
    expect(g.nodes.find((n) => n.id === "Health/Running plan.md")!.inboundHigh).toBe(1);
    expect(g.nodes.find((n) => n.id === "Health/Sleep.md")!.tldr).toBe("Habits for better sleep.");
  });

  it("keeps a renamed note in the graph under its new path, once the router has read it again", async () => {
    const { graph, rename } = await setup(ordinaryVaultFiles(), { value: "vault" });
    snapshot(graph);
    rename("Cooking/Pancakes.md", "Cooking/Crepes.md");
    const ids = await until(() => {
      const now = snapshot(graph).nodes.map((n) => n.id);
      return now.includes("Cooking/Crepes.md") && now;
    });
    expect(ids).toContain("Cooking/Crepes.md");
    expect(ids).not.toContain("Cooking/Pancakes.md");
  });

  it("starts over when the scope changes and the router's index is rebuilt: empty folder, then every note", async () => {
    const scope = { value: "knowledge" as "knowledge" | "vault" };
    const { graph, router, changes } = await setup(ordinaryVaultFiles(), scope);
    expect(graph.knowledgeFolderEmpty()).toBe(true);
    expect(snapshot(graph).nodes).toEqual([]);
    const before = changes();
    scope.value = "vault";
    const build = router.build();
    expect(graph.graph({ logs: false, body: true })).toBeNull();
    await build;
    expect(changes()).toBe(before + 2);
    expect(graph.knowledgeFolderEmpty()).toBe(false);
    expect(snapshot(graph).nodes).toHaveLength(12);
  });
});
