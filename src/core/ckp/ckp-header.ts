/** One CKP relationship: a link target as written (a vault path or note name) and its YYYY-MM validation stamp. */
export interface CkpRelation {
  /** Link path as written (no brackets, no display text), e.g. "concepts/oauth2" or "oauth2". */
  target: string;
  /** "YYYY-MM" when present and well formed, else null (a lint finding). */
  stamp: string | null;
}

/** An article's header, read from YAML frontmatter or from seed 002's plain block; missing fields are empty. */
export interface CkpHeader {
  /** Which form it was read from; "none" when the note has no header fields at all. */
  form: "yaml" | "plain" | "none";
  title: string | null;
  aliases: string[];
  tags: string[];
  /** Source daily logs as link paths (no brackets). */
  sources: string[];
  created: string | null;
  updated: string | null;
  tldr: string | null;
  answersWhen: string[];
  similarHigh: CkpRelation[];
  similarMid: CkpRelation[];
  confidence: string | null;
  validated: string | null;
  /** For connection articles: the concepts it connects, as link paths. */
  connects: string[];
  /** Seed 003: how many times compile re-discovered this article. */
  corroborations: number | null;
  /** Fields present with the wrong type, e.g. "answers_when is a number"; the rest of the header is still read. */
  problems: string[];
}
