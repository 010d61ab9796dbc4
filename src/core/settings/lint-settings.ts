/** Settings of the lint checks beyond structure: temporal decay, drift of citations, the contradiction check. */
export interface LintSettings {
  /** An article nothing confirmed (updated, validated, relationship stamps) in this many days gets a suggestion. */
  staleAfterDays: number;
  /** Desktop only: the code repository articles cite ("" = none: the drift checks report nothing). */
  repoFolder: string;
  /** The contradiction check's caps per run: pairs, and tokens in and out. */
  contradictionMaxPairs: number;
  contradictionMaxTokens: number;
  /** Desktop, off by default: "Check cited code with the model" asks about articles older than driftOlderThanDays. */
  driftModelCheck: boolean;
  driftOlderThanDays: number;
  /** At most this many articles per run of that check (its tokens are capped by contradictionMaxTokens). */
  driftMaxArticles: number;
}

/** Defaults: 180 days, no repository, 20 pairs and 60,000 tokens a run, the model check of cited code off. */
export const DEFAULT_LINT_SETTINGS: LintSettings = {
  staleAfterDays: 180,
  repoFolder: "",
  contradictionMaxPairs: 20,
  contradictionMaxTokens: 60_000,
  driftModelCheck: false,
  driftOlderThanDays: 90,
  driftMaxArticles: 10,
};

const whole = (v: unknown, min: number): v is number => typeof v === "number" && Number.isInteger(v) && v >= min;

/** Saved lint settings over the defaults: wrong types or out-of-range numbers fall back to the default. */
export function mergeLintSettings(raw: unknown): LintSettings {
  const saved = (typeof raw === "object" && raw !== null && !Array.isArray(raw) ? raw : {}) as Record<string, unknown>;
  const l: LintSettings = { ...DEFAULT_LINT_SETTINGS };
  if (whole(saved.staleAfterDays, 1)) l.staleAfterDays = saved.staleAfterDays;
  if (typeof saved.repoFolder === "string") l.repoFolder = saved.repoFolder.trim();
  if (whole(saved.contradictionMaxPairs, 1)) l.contradictionMaxPairs = saved.contradictionMaxPairs;
  if (whole(saved.contradictionMaxTokens, 1000)) l.contradictionMaxTokens = saved.contradictionMaxTokens;
  if (typeof saved.driftModelCheck === "boolean") l.driftModelCheck = saved.driftModelCheck;
  if (whole(saved.driftOlderThanDays, 1)) l.driftOlderThanDays = saved.driftOlderThanDays;
  if (whole(saved.driftMaxArticles, 1)) l.driftMaxArticles = saved.driftMaxArticles;
  return l;
}
