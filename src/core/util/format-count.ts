/**
 * A whole number with commas between thousands ("10,000"), as `toLocaleString("en")` writes it, without Intl: the
 * first locale call loads the locale's data, which held the thread for 10–25 ms at start-up (the Ask pane's
 * "Still indexing (1 / 10,000)").
 */
export function formatCount(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString("en");
  const digits = String(Math.abs(n));
  let out = "";
  for (let end = digits.length; end > 0; end -= 3) out = (end > 3 ? "," : "") + digits.slice(Math.max(0, end - 3), end) + out;
  return n < 0 ? `-${out}` : out;
}
