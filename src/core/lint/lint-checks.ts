import { brokenLink } from "./checks/broken-link";
import { changedLog } from "./checks/changed-log";
import { citedClaimDrift } from "./checks/cited-claim-drift";
import { citedFileMissing, citedSymbolMissing } from "./checks/cited-code";
import { contradiction } from "./checks/contradiction";
import { ckpCaps, ckpMissingField, ckpMissingTarget, ckpUnstamped } from "./checks/ckp-rules";
import { invalidFrontmatter } from "./checks/invalid-frontmatter";
import { missingBacklink } from "./checks/missing-backlink";
import { orphanArticle } from "./checks/orphan-article";
import { sparseArticle } from "./checks/sparse-article";
import { staleStamp } from "./checks/stale-stamp";
import { uncompiledLog } from "./checks/uncompiled-log";
import { unconfirmedArticle } from "./checks/unconfirmed-article";
import type { LintCheck } from "./lint-check";

/** Every lint check, in report order. */
export const LINT_CHECKS: readonly LintCheck[] = [
  brokenLink,
  invalidFrontmatter,
  ckpCaps,
  ckpMissingTarget,
  orphanArticle,
  missingBacklink,
  staleStamp,
  contradiction,
  citedFileMissing,
  citedSymbolMissing,
  ckpUnstamped,
  ckpMissingField,
  changedLog,
  sparseArticle,
  uncompiledLog,
  unconfirmedArticle,
  citedClaimDrift,
];
