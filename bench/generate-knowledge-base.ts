// Generates synthetic CKP knowledge bases of any size for benchmarks: deterministic (seeded), articles with
// pseudo-word topics so every article has its own vocabulary, plus shared domain words, HIGH/MID relationships,
// every tenth article a connection, and bodies of realistic length. Also yields one question per sampled article, phrased from its body.

/** A generated article and a question it answers. */
export interface GeneratedKb {
  files: Map<string, string>;
  questions: { question: string; needs: string[] }[];
}

/** A small seeded PRNG (mulberry32) so every run generates the same base. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SYLLABLES = ["ka", "lo", "mi", "ren", "dus", "tor", "vel", "pan", "qui", "sar", "bel", "nox", "tri", "gal", "fen", "hol", "zer", "wim", "cor", "lus"];
const DOMAIN = [
  "service",
  "queue",
  "cache",
  "request",
  "client",
  "server",
  "schema",
  "index",
  "deploy",
  "config",
  "token",
  "retry",
  "latency",
  "storage",
  "worker",
  "event",
  "batch",
  "limit",
  "version",
  "log",
];
const FILLER = [
  "the",
  "team",
  "found",
  "that",
  "when",
  "under",
  "load",
  "it",
  "was",
  "better",
  "to",
  "keep",
  "a",
  "small",
  "and",
  "measure",
  "before",
  "changing",
  "anything",
  "because",
  "each",
  "step",
  "of",
  "with",
  "in",
  "production",
  "we",
  "saw",
];

function pick<T>(rnd: () => number, xs: readonly T[]): T {
  return xs[Math.floor(rnd() * xs.length)]!;
}

function pseudoWord(rnd: () => number, used: Set<string>): string {
  let w = pick(rnd, SYLLABLES) + pick(rnd, SYLLABLES) + pick(rnd, SYLLABLES);
  // Three syllables give 8,000 words; large bases grow a syllable until the word is new.
  while (used.has(w)) w += pick(rnd, SYLLABLES);
  used.add(w);
  return w;
}

/** Builds a base of `n` articles under `knowledge/concepts/` plus up to `questionCount` questions. */
export function generateKnowledgeBase(n: number, seed = 7, questionCount = 40): GeneratedKb {
  const rnd = seededRandom(seed);
  const used = new Set<string>();
  const topics = Array.from({ length: n }, () => [pseudoWord(rnd, used), pseudoWord(rnd, used)] as const);
  const slug = (i: number): string => `${topics[i]![0]}-${topics[i]![1]}`;
  const files = new Map<string, string>();
  const questions: GeneratedKb["questions"] = [];
  for (let i = 0; i < n; i++) {
    const [a, b] = topics[i]!;
    const d1 = pick(rnd, DOMAIN);
    const d2 = pick(rnd, DOMAIN);
    const fact = pseudoWord(rnd, used);
    const high = Array.from({ length: Math.min(2, n - 1) }, (_, k) => (i + 1 + k) % n);
    const mid = Array.from({ length: Math.min(3, n - 1) }, (_, k) => (i + 7 + k * 3) % n).filter((j) => j !== i);
    const sentences: string[] = [];
    for (let s = 0; s < 18; s++) {
      const words = Array.from({ length: 12 }, () => (rnd() < 0.25 ? pick(rnd, DOMAIN) : pick(rnd, FILLER)));
      if (s === 3) words.push(a, fact);
      if (s === 9) words.push(b, d1);
      sentences.push(words.join(" ") + ".");
    }
    const text = [
      "---",
      `title: "${a} ${b}"`,
      `tags: [${d1}]`,
      `created: 2026-01-01`,
      `updated: 2026-02-01`,
      `tldr: "${a} ${b} keeps the ${d1} ${d2} steady by using ${fact}."`,
      `answers_when: [${a}, ${b}, ${d1}, ${fact}]`,
      "similar_high:",
      ...high.map((j) => `  - "[[${slug(j)}|${slug(j)} · 2026-02]]"`),
      "similar_mid:",
      ...mid.map((j) => `  - "[[${slug(j)}|${slug(j)} · 2026-02]]"`),
      // every tenth article is a connection between its two neighbours, so routing meets connections at any size
      ...(i % 10 === 9 && n > 2 ? ["connects:", `  - "[[${slug(i - 1)}]]"`, `  - "[[${slug((i + 1) % n)}]]"`] : []),
      "---",
      `# ${a} ${b}`,
      "",
      sentences.slice(0, 6).join(" "),
      "",
      "## Key Points",
      ...sentences.slice(6, 12).map((s) => `- ${s}`),
      "",
      "## Details",
      sentences.slice(12).join(" "),
      "",
    ].join("\n");
    files.set(`knowledge/concepts/${slug(i)}.md`, text);
    if (questions.length < questionCount && i % Math.max(1, Math.floor(n / questionCount)) === 0) {
      questions.push({ question: `How does ${a} use ${fact} for the ${d1}?`, needs: [`knowledge/concepts/${slug(i)}.md`] });
    }
  }
  return { files, questions };
}
