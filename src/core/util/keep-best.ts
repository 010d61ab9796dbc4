/**
 * Keeps the best `max` items seen so far in `best`, best first by `ranksBefore`: `item` goes in at its place when it
 * ranks before the last kept one (or there is room), the last drops out when full. A few dozen items kept out of
 * hundreds, without sorting them all.
 */
export function keepBest<T>(best: T[], item: T, max: number, ranksBefore: (a: T, b: T) => boolean): void {
  if (max <= 0 || (best.length === max && !ranksBefore(item, best[max - 1]!))) return;
  let i = best.length < max ? best.length : max - 1;
  for (; i > 0 && ranksBefore(item, best[i - 1]!); i--) best[i] = best[i - 1]!;
  best[i] = item;
}
