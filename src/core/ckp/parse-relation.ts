import type { CkpRelation } from "./ckp-header";

const STAMP = /^\d{4}-(0[1-9]|1[0-2])$/;
const WIKI = /^\[\[([^[\]|#]*)(?:#[^[\]|]*)?(?:\|([^[\]]*))?\]\]\s*(.*)$/;

/** True for a well-formed YYYY-MM stamp. */
export function isStamp(value: string): boolean {
  return STAMP.test(value);
}

/**
 * Reads one relationship entry in any accepted form:
 * `"[[concepts/x|x · 2025-03]]"` (ours), `"[[x]] 2025-03"`, `"[[x|2025-03]]"`, and seed 002's plain `x:2025-03`.
 * Returns null for values that are not relationships at all (numbers, empty strings, objects).
 */
export function parseRelation(value: unknown): CkpRelation | null {
  if (typeof value !== "string") return null;
  const v = value.trim();
  if (v === "") return null;
  const wiki = WIKI.exec(v);
  if (wiki) {
    const target = wiki[1]!.trim();
    if (target === "") return null;
    const fromDisplay = /(\d{4}-\d{2})\s*$/.exec(wiki[2] ?? "")?.[1];
    const fromTail = /^(\d{4}-\d{2})$/.exec(wiki[3]!.trim())?.[1];
    const stamp = fromDisplay ?? fromTail ?? null;
    return { target, stamp: stamp && isStamp(stamp) ? stamp : null };
  }
  const plain = /^(.*?)\s*:\s*(\d{4}-\d{2})$/.exec(v);
  if (plain && plain[1]) return { target: plain[1], stamp: isStamp(plain[2]!) ? plain[2]! : null };
  return { target: v.replace(/\s*:\s*$/, ""), stamp: null };
}

/** Writes a relationship in our form: a real link whose display text carries the stamp. */
export function formatRelation(target: string, stamp: string): string {
  const name = target.slice(target.lastIndexOf("/") + 1).replace(/\.md$/i, "");
  return `[[${target.replace(/\.md$/i, "")}|${name} · ${stamp}]]`;
}
