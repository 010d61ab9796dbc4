/** How bad a finding is, as in seed 000's report. */
export type Severity = "error" | "warning" | "suggestion";

/** A safe, mechanical change a finding can offer; applied through the note store's `process`. */
export type LintFix =
  | { kind: "add-backlink"; /** note to append the link to */ path: string; /** vault-relative path to link to */ target: string }
  | { kind: "restamp-relationship"; path: string; property: "similar_high" | "similar_mid"; target: string; stamp: string }
  | { kind: "trim-relationships"; path: string; property: "similar_high" | "similar_mid"; keep: number };

/** Another place a finding points at (a contradiction's other quote). Line and column are 0-based. */
export interface LintPlace {
  path: string;
  line: number;
  col: number;
  /** A few words saying what is there, e.g. the quoted sentence. */
  label: string;
}

/** One finding: where, which check, what, and whether a safe fix exists. Line and column are 0-based. */
export interface LintFinding {
  check: string;
  severity: Severity;
  path: string;
  line: number;
  col: number;
  /** Where the finding's text ends on its line (0-based, exclusive), e.g. the end of a broken link; absent: to the line's end. */
  endCol?: number;
  message: string;
  fix?: LintFix;
  /** Other places the finding is about (both sides of a contradiction); each is clickable in the pane. */
  related?: LintPlace[];
  /** Set on findings a person may dismiss ("not a conflict"); the key identifies what is dismissed. */
  dismissKey?: string;
}
