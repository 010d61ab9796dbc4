// Counts the text work a synchronous function does, deterministically (no clock): characters read one at a time
// (charCodeAt and friends), characters a native search passes over (indexOf, includes, a regular expression), characters
// copied (split, toLowerCase, …) and array elements visited by a search (some, includes, …). A size-ratio test on this
// count tells linear from quadratic without timing anything. Work inside a library that indexes strings directly
// (`s[i]`) is not seen.

type Fn = (this: unknown, ...args: never[]) => unknown;

/** Runs fn with the counters installed and returns its result and the work counted; always restores the builtins. */
export function countTextWork<T>(fn: () => T): { result: T; work: number } {
  let work = 0;
  const restore: (() => void)[] = [];
  const wrap = <P extends object>(proto: P, name: string, cost: (self: never, args: never, result: never) => number): void => {
    const original = builtin<Fn>(proto, name);
    (proto as Record<string, Fn>)[name] = function (this: unknown, ...args: never[]) {
      const result = original.apply(this, args);
      work += Math.max(1, cost(this as never, args as never, result as never));
      return result;
    };
    restore.push(() => ((proto as Record<string, Fn>)[name] = original));
  };
  const indexOf = builtin<(this: string, needle: string, from?: number) => number>(String.prototype, "indexOf");
  const one = (): number => 1;
  const scanned = (s: string, args: [string, number?], at: number): number => (at === -1 ? s.length : at + String(args[0]).length) - Math.max(0, args[1] ?? 0);
  // V8 makes a slice of a flat string a view (constant time); trimming passes over what it drops; the others copy.
  const dropped = (s: string, _a: unknown, r: string): number => s.length - r.length;
  const copied = (s: string): number => s.length;
  const S = String.prototype;
  for (const name of ["charCodeAt", "codePointAt", "charAt", "at"]) wrap(S, name, one);
  wrap(S, "indexOf", (s: string, a: [string, number?], r: number) => scanned(s, a, r));
  wrap(S, "includes", (s: string, a: [string, number?]) => scanned(s, a, indexOf.call(s, String(a[0]), a[1])));
  wrap(S, "lastIndexOf", (s: string, a: [string, number?], r: number) => (a[1] ?? s.length) - Math.max(0, r));
  wrap(S, "startsWith", (_s: string, a: [string]) => String(a[0]).length);
  wrap(S, "endsWith", (_s: string, a: [string]) => String(a[0]).length);
  for (const name of ["slice", "substring", "substr"]) wrap(S, name, one);
  for (const name of ["trim", "trimStart", "trimEnd"]) wrap(S, name, dropped);
  for (const name of ["toLowerCase", "toUpperCase", "split", "normalize"]) wrap(S, name, copied);
  // test(), match(), replace() and split() with a regular expression all go through exec. A search passes over the
  // text up to the end of its match (or the end, without one); a sticky expression tries one place only.
  const execAt = new WeakMap<RegExp, number>();
  const exec = builtin<(this: RegExp, s: string) => RegExpExecArray | null>(RegExp.prototype, "exec");
  RegExp.prototype.exec = function (this: RegExp, s: string) {
    execAt.set(this, this.global || this.sticky ? this.lastIndex : 0);
    return exec.call(this, s);
  };
  restore.push(() => (RegExp.prototype.exec = exec));
  wrap(RegExp.prototype, "exec", (re: RegExp, a: [string], m: RegExpExecArray | null) => {
    const from = execAt.get(re) ?? 0;
    if (re.sticky) return m === null ? 1 : m[0].length;
    return (m === null ? String(a[0]).length : m.index + m[0].length) - from;
  });
  const A = Array.prototype;
  for (const name of ["some", "every", "find", "findIndex", "includes", "indexOf", "lastIndexOf", "filter", "map", "forEach"]) {
    wrap(A, name, (arr: unknown[]) => arr.length);
  }
  try {
    return { result: fn(), work };
  } finally {
    for (const r of restore.reverse()) r();
  }
}

/** The builtin method as it is now, to call later with an explicit `this`. */
function builtin<F>(proto: object, name: string): F {
  return Object.getOwnPropertyDescriptor(proto, name)!.value as F;
}
