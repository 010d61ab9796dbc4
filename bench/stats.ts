// Small helpers for benchmarks: medians of repeated runs measured side by side.

/** Median of a list of numbers. */
export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** Percentile (0..100) of a list of numbers, nearest rank. */
export function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
}

/** Times fn `runs` times after one warm-up; returns each run's milliseconds. */
export async function timeRuns(runs: number, fn: () => unknown): Promise<number[]> {
  await fn();
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    out.push(performance.now() - t);
  }
  return out;
}

/** Formats milliseconds with sensible precision. */
export function ms(x: number): string {
  return x >= 100 ? `${x.toFixed(0)} ms` : x >= 1 ? `${x.toFixed(1)} ms` : `${x.toFixed(3)} ms`;
}
