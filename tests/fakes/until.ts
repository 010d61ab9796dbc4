/** Polls (no timing is asserted) until `probe` gives a value; fails after about two seconds. */
export async function until<T>(probe: () => T | null | undefined | false): Promise<T> {
  for (let i = 0; i < 400; i++) {
    const v = probe();
    if (v) return v;
    await new Promise((r) => window.setTimeout(r, 5));
  }
  throw new Error("never happened");
}
