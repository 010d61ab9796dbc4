import { describe, expect, it } from "vitest";
import { openPostings, PackedFreqs, PAIRS_PER_STEP } from "../../../src/core/route/packed-freqs";

/** A posting list of `n` articles as a snapshot writes it: "doc,freq," pairs. */
function packed(n: number): { text: string; pairs: [number, number][] } {
  const pairs = Array.from({ length: n }, (_, i): [number, number] => [i * 3 + 1, (i % 5) + 1]);
  return { text: `xx${pairs.map(([d, f]) => `${d},${f},`).join("")}`, pairs };
}

describe("PackedFreqs opened in steps", () => {
  it("opens a list of 10,000 articles a bounded part per step, ending with the same map as opening it at once", () => {
    const { text, pairs } = packed(10000);
    const freqs = new PackedFreqs(text, 2, pairs.length);
    const postings = new Map([["queue", new Map<number, Map<number, number>>([[0, freqs]])]]);
    const steps = openPostings(postings, ["queue"]);
    let yields = 0;
    let most = 0;
    let before = 0;
    // Reading the map's own entries (not through the class) sees only what the steps have read so far.
    const read = () => Map.prototype.entries.call(freqs) as MapIterator<[number, number]>;
    for (let r = steps.next(); !r.done; r = steps.next()) {
      yields++;
      const now = [...read()].length;
      most = Math.max(most, now - before);
      before = now;
    }
    expect(most).toBeLessThanOrEqual(PAIRS_PER_STEP);
    expect(yields).toBeGreaterThanOrEqual(Math.ceil(10000 / PAIRS_PER_STEP));
    expect(freqs.opened).toBe(true);
    expect([...freqs]).toEqual(pairs);
    expect([...freqs]).toEqual([...new PackedFreqs(text, 2, pairs.length)]);
  });

  it("completes a list opened part way when it is used, and is no longer 'unopened' for a snapshot writer", () => {
    const { text, pairs } = packed(3000);
    const freqs = new PackedFreqs(text, 2, pairs.length);
    expect(freqs.unopened()).not.toBeNull();
    expect(freqs.openSome(100)).toBe(false);
    expect(freqs.unopened()).toBeNull();
    expect(freqs.get(pairs[2999]![0])).toBe(pairs[2999]![1]);
    expect(freqs.size).toBe(3000);
    expect(freqs.opened).toBe(true);
  });

  it("keeps what it read of a damaged list and stops there", () => {
    const freqs = new PackedFreqs("1,2,3,x,5,6,", 0, 3);
    expect(freqs.openSome(1)).toBe(false);
    expect(freqs.openSome(5)).toBe(true);
    expect([...freqs]).toEqual([[1, 2]]);
  });

  it("hands each pair on in the list's order, from the text of a list never used (leaving it unopened) or from the map", () => {
    const { text, pairs } = packed(3000);
    const each = (f: PackedFreqs): [number, number][] => {
      const out: [number, number][] = [];
      f.forEachPair((id, n) => out.push([id, n]));
      return out;
    };
    const fresh = new PackedFreqs(text, 2, pairs.length);
    expect(each(fresh)).toEqual(pairs);
    expect(fresh.unopened()).not.toBeNull();
    const part = new PackedFreqs(text, 2, pairs.length);
    part.openSome(100);
    expect(each(part)).toEqual(pairs);
    for (const damaged of ["1,2,3,x,5,6,", "1,2,3,", "1,2,3"]) {
      const whole = new PackedFreqs(damaged, 0, 3);
      whole.open();
      expect(each(new PackedFreqs(damaged, 0, 3)), damaged).toEqual([...whole]);
    }
  });
});
