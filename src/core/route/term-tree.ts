/**
 * The search engine's term tree (minisearch 7's radix tree: each node a Map from edge labels to child nodes, and from
 * "" to the value of the key that ends there), walked in ascending key order and made again from keys in that order,
 * node by node as a search reaches it. A snapshot writes its terms in this order so that a restore builds no tree at
 * all: inserting 43,000 terms one by one scanned each node's children for every term (140 ms of a warm `kc route` on
 * 2,721 notes), and even built in one pass its 70,000 Maps were half of what was left.
 */
export type TermTreeNode = Map<string, unknown>;

/** What a walk reads of a node: a Map, or a LazyTermTreeNode standing in for one. */
export type TermTreeView = Pick<TermTreeNode, "keys" | "get" | "has">;

const LEAF = "";

/** The tree's keys with their values in ascending order (UTF-16 code units, as `<` compares strings). */
export function* sortedTerms<V>(tree: TermTreeView): Generator<[string, V], void, void> {
  const stack: [TermTreeView, string][] = [[tree, ""]];
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    const [node, prefix] = top;
    const labels: string[] = [];
    for (const label of node.keys()) if (label !== LEAF) labels.push(label);
    // Children pushed in descending order, so the smallest comes off the stack first; a key before its extensions.
    labels.sort((a, b) => (a < b ? 1 : -1));
    for (const label of labels) stack.push([node.get(label) as TermTreeView, prefix + label]);
    if (node.has(LEAF)) yield [prefix, node.get(LEAF) as V];
  }
}

/**
 * A subtree over keys in ascending order, `keys[lo…hi)`, which share their first `depth` characters, made into its
 * Map node only when the engine first looks into it (a search walks a few paths; a fuzzy one a few thousand nodes):
 * a warm start then makes no node at all, where building the tree made 70,000 Maps (13 MB the collector copied, half
 * of a warm `kc route`). It answers every Map method the engine calls on a node, and once opened it is that Map.
 */
export class LazyTermTreeNode {
  private map: TermTreeNode | null = null;

  constructor(
    private readonly sorted: readonly string[],
    private readonly valueOf: (i: number) => unknown,
    private readonly lo: number,
    private readonly hi: number,
    private readonly depth: number,
  ) {}

  private node(): TermTreeNode {
    if (this.map !== null) return this.map;
    const map: TermTreeNode = new Map();
    const keys = this.sorted;
    const d = this.depth;
    let i = this.lo;
    if (i < this.hi && keys[i]!.length === d) map.set(LEAF, this.valueOf(i++));
    while (i < this.hi) {
      // The keys that go on with the same character, and how far they all go on together (first and last suffice).
      const first = keys[i]!;
      const c = first.charCodeAt(d);
      let j = i + 1;
      while (j < this.hi && keys[j]!.charCodeAt(d) === c) j++;
      const last = keys[j - 1]!;
      let e = d + 1;
      const end = Math.min(first.length, last.length);
      while (e < end && first.charCodeAt(e) === last.charCodeAt(e)) e++;
      map.set(first.slice(d, e), new LazyTermTreeNode(keys, this.valueOf, i, j, e));
      i = j;
    }
    this.map = map;
    return map;
  }

  get size(): number {
    return this.node().size;
  }
  get(key: string): unknown {
    return this.node().get(key);
  }
  has(key: string): boolean {
    return this.node().has(key);
  }
  set(key: string, value: unknown): this {
    this.node().set(key, value);
    return this;
  }
  delete(key: string): boolean {
    return this.node().delete(key);
  }
  clear(): void {
    this.node().clear();
  }
  keys(): MapIterator<string> {
    return this.node().keys();
  }
  values(): MapIterator<unknown> {
    return this.node().values();
  }
  entries(): MapIterator<[string, unknown]> {
    return this.node().entries();
  }
  forEach(fn: (value: unknown, key: string, map: TermTreeNode) => void): void {
    this.node().forEach(fn);
  }
  [Symbol.iterator](): MapIterator<[string, unknown]> {
    return this.node()[Symbol.iterator]();
  }
}

/** Where `key` is in `sorted` (ascending, each once), or -1. */
export function indexOfSorted(sorted: readonly string[], key: string): number {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const k = sorted[mid]!;
    if (k === key) return mid;
    if (k < key) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}
