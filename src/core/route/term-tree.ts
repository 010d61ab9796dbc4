/**
 * The search engine's term tree (minisearch 7's radix tree: each node a Map from edge labels to child nodes, and from
 * "" to the value of the key that ends there), walked and built in ascending key order. A snapshot writes its terms
 * in this order so a restore builds the tree in one pass, a node per edge: inserting them one by one scanned each
 * node's children for every term (140 ms for 43,000 terms, most of a warm `kc route` on 2,721 notes).
 */
export type TermTreeNode = Map<string, unknown>;

const LEAF = "";

/** The tree's keys with their values in ascending order (UTF-16 code units, as `<` compares strings). */
export function* sortedTerms<V>(tree: TermTreeNode): Generator<[string, V], void, void> {
  const stack: [TermTreeNode, string][] = [[tree, ""]];
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    const [node, prefix] = top;
    const labels: string[] = [];
    for (const label of node.keys()) if (label !== LEAF) labels.push(label);
    // Children pushed in descending order, so the smallest comes off the stack first; a key before its extensions.
    labels.sort((a, b) => (a < b ? 1 : -1));
    for (const label of labels) stack.push([node.get(label) as TermTreeNode, prefix + label]);
    if (node.has(LEAF)) yield [prefix, node.get(LEAF) as V];
  }
}

/**
 * Builds a term tree from keys given in strictly ascending order, in time linear in their length: it keeps the path
 * of the last key and splits one edge where the next key leaves it. The tree is the one inserting the keys would
 * build (compressed: every inner node but the root has two children or a value).
 */
export class SortedTermTreeBuilder {
  readonly root: TermTreeNode = new Map();
  private readonly nodes: TermTreeNode[] = [this.root];
  private readonly depths: number[] = [0];
  private last: string | null = null;

  /** Adds the next key and its value; false (nothing added) when the key does not come after the last one. */
  add(key: string, value: unknown): boolean {
    const last = this.last;
    let common = 0;
    if (last !== null) {
      if (!(key > last)) return false;
      const n = Math.min(last.length, key.length);
      while (common < n && last.charCodeAt(common) === key.charCodeAt(common)) common++;
    }
    let below: TermTreeNode | undefined;
    let belowDepth = 0;
    while (this.depths[this.depths.length - 1]! > common) {
      below = this.nodes.pop();
      belowDepth = this.depths.pop()!;
    }
    let top = this.nodes[this.nodes.length - 1]!;
    const topDepth = this.depths[this.depths.length - 1]!;
    if (topDepth < common) {
      // The key leaves the last key's path inside an edge: split it at the common prefix.
      const label = last!.slice(topDepth, belowDepth);
      const middle: TermTreeNode = new Map();
      top.delete(label);
      top.set(label.slice(0, common - topDepth), middle);
      middle.set(label.slice(common - topDepth), below);
      this.nodes.push(middle);
      this.depths.push(common);
      top = middle;
    }
    this.last = key;
    // Only a first key "" ends at the root: any later key is longer than what it shares with the one before.
    if (key.length === common) {
      top.set(LEAF, value);
      return true;
    }
    const node: TermTreeNode = new Map([[LEAF, value]]);
    top.set(key.slice(common), node);
    this.nodes.push(node);
    this.depths.push(key.length);
    return true;
  }
}
