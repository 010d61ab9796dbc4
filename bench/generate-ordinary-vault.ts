import { seededRandom } from "./generate-knowledge-base";

/**
 * An ordinary vault of `n` notes as a person has before any compile (seeded, no research data needed): notes in 30
 * folders, about one link a note in the body, a few hubs that many notes link to, some notes with no link at all,
 * and `withHeaders` notes that already carry a CKP header with a HIGH relationship (the tiers the graph grows).
 */
export function generateOrdinaryVault(n: number, withHeaders = 0, seed = 23): Map<string, string> {
  const rnd = seededRandom(seed);
  const name = (i: number): string => `Note ${i}`;
  const path = (i: number): string => `Area ${i % 30}/${name(i)}.md`;
  const words = "the garden needs water before the frost and the bread rises overnight while the train leaves early".split(" ");
  const para = (k: number): string => Array.from({ length: k }, () => words[Math.floor(rnd() * words.length)]).join(" ") + ".";
  // Squaring a uniform number favours low indexes: a few notes become hubs, as in real vaults.
  const target = (i: number): number => {
    const t = Math.floor(rnd() * rnd() * n);
    return t === i ? (t + 1) % n : t;
  };
  const files = new Map<string, string>();
  for (let i = 0; i < n; i++) {
    const links = rnd() < 0.35 ? 0 : 1 + Math.floor(rnd() * 2.2);
    const body = Array.from({ length: links }, () => `See [[${name(target(i))}]].`).join(" ");
    const header = i < withHeaders ? `---\ntldr: ${para(8)}\nsimilar_high: ["[[${name(target(i))}|${name(target(i))} · 2026-10]]"]\n---\n` : "";
    files.set(path(i), `${header}# ${name(i)}\n\n${para(30)} ${body}\n`);
  }
  return files;
}
