import { describe, expect, it } from "vitest";
import { createForceLayout, type LayoutInput } from "../../../src/ui/graph/force-layout";
import { createGraphWorkerHandler, type WorkerOutbound } from "../../../src/ui/graph/graph-worker-handler";

/** A seeded graph of `n` nodes in clusters of ten, each node linked to two others of its cluster and one beyond. */
function clustered(n: number): LayoutInput {
  let s = 7;
  const rnd = (): number => (s = (s * 16807) % 2147483647) / 2147483647;
  const links: LayoutInput["links"] = [];
  for (let i = 0; i < n; i++) {
    const base = i - (i % 10);
    links.push({ source: i, target: base + ((i + 1) % 10), strong: true }, { source: i, target: base + ((i + 3) % 10), strong: false });
    if (rnd() < 0.2) links.push({ source: i, target: Math.floor(rnd() * n), strong: false });
  }
  return { nodes: Array.from({ length: n }, (_, i) => ({ r: 4 + (i % 10 === 0 ? 6 : 0) })), links: links.filter((l) => l.target < n && l.source !== l.target) };
}

describe("the graph worker", () => {
  it("settles a cold layout of 600 notes within 70 ticks, and leaves almost no two notes overlapping", () => {
    const input = clustered(600);
    const sim = createForceLayout(input);
    let ticks = 0;
    while (sim.alpha() >= sim.alphaMin()) {
      sim.tick(1);
      ticks++;
    }
    expect(ticks).toBeLessThanOrEqual(70);
    const nodes = sim.nodes();
    let overlapping = 0;
    for (let a = 0; a < nodes.length; a++)
      for (let b = a + 1; b < nodes.length; b++) {
        if (Math.hypot(nodes[a]!.x! - nodes[b]!.x!, nodes[a]!.y! - nodes[b]!.y!) < nodes[a]!.r + nodes[b]!.r) overlapping++;
      }
    expect(overlapping).toBeLessThanOrEqual(6);
  });

  it("colours a started graph by community before posting its first positions, then runs the layout to the end", () => {
    const sent: WorkerOutbound[] = [];
    const queue: (() => void)[] = [];
    const handle = createGraphWorkerHandler({ post: (m) => void sent.push(m), later: (fn) => void queue.push(fn) });
    const input = clustered(40);
    const ids = input.nodes.map((_, i) => `n${String(i).padStart(2, "0")}.md`);
    handle({
      kind: "start",
      id: 1,
      input,
      group: {
        by: "community",
        colours: 6,
        nodes: ids.map((id) => ({ id, kind: "concept", title: id })),
        edges: input.links.map((l) => ({ from: ids[l.source]!, to: ids[l.target]! })),
      },
    });
    while (queue.length) queue.shift()!();
    expect(sent[0]!.kind).toBe("groups");
    const first = sent[0]!;
    const groups = first.kind === "groups" ? first.groups : null;
    expect(groups!.of).toHaveLength(40);
    expect(groups!.groups.length).toBeGreaterThan(1);
    const positions = sent.filter((m) => m.kind === "positions");
    expect(positions.length).toBeGreaterThan(1);
    expect(positions.at(-1)).toMatchObject({ done: true, id: 1 });
  });

  it("stops posting a layout that a newer start replaced", () => {
    const sent: WorkerOutbound[] = [];
    const queue: (() => void)[] = [];
    const handle = createGraphWorkerHandler({ post: (m) => void sent.push(m), later: (fn) => void queue.push(fn) });
    handle({ kind: "start", id: 1, input: clustered(30) });
    handle({ kind: "start", id: 2, input: clustered(30) });
    while (queue.length) queue.shift()!();
    expect(sent.filter((m) => m.kind === "positions" && m.id === 1)).toHaveLength(1);
    expect(sent.filter((m) => m.kind === "positions" && m.id === 2).at(-1)).toMatchObject({ done: true });
  });
});
