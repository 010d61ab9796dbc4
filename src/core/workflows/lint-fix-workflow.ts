import { applyLintFix } from "../lint/apply-lint-fix";
import type { LintFix } from "../lint/lint-types";
import { err, ok, type Result } from "../result";
import { commitWrites, describeError } from "./commit-writes";
import type { KcHost } from "../ports/host";
import { lintFixRefusal } from "../knowledge/write-rules";

/** The host parts a fix needs: the notes, the write rules (with the lint scope), the lock, the undo records and the clock. */
export type LintFixHost = Pick<KcHost, "store" | "rules" | "lock" | "records" | "now">;

/**
 * Applies one lint finding's safe fix (the person's click on it) through the one write gate: a note lint does not
 * cover (lintFixRefusal: outside the knowledge folder in that scope; in the whole-vault scope only hidden or config
 * folders and lint reports) is never written; otherwise, under the write lock, the note is re-read, the fix applied
 * to that text, and the change written as one journalled, undoable write ("Undo last compile", kc undo) that refuses
 * a note edited meanwhile. Returns the note written, or a sentence saying why nothing was.
 */
export async function fixLintFinding(host: LintFixHost, fix: LintFix): Promise<Result<{ path: string }, string>> {
  const refused = lintFixRefusal(fix.path, host.rules());
  if (refused) return err(`Not fixed: ${refused}.`);
  const lock = await host.lock.acquire();
  if (!lock.ok) return err(`Not fixed: ${lock.message}`);
  try {
    if (!(await host.store.exists(fix.path))) return err(`Cannot fix: ${fix.path} no longer exists.`);
    const before = await host.store.read(fix.path);
    const r = applyLintFix(before, fix);
    if (!r.ok) return err(`Not fixed: ${r.error}`);
    if (r.value === before) return ok({ path: fix.path });
    const committed = await commitLintFixes(host, [{ path: fix.path, before, after: r.value }]);
    return committed.ok ? ok({ path: fix.path }) : committed;
  } catch (e) {
    return err(`Not fixed: ${describeError(e)}.`);
  } finally {
    await lock.release();
  }
}

/** Writes fixed notes as one recorded write (the caller holds the lock), in the lint scope the rules name now. */
async function commitLintFixes(
  host: LintFixHost,
  files: readonly { path: string; before: string; after: string }[],
): Promise<Result<{ paths: string[] }, string>> {
  const rules = host.rules();
  const committed = await commitWrites(host.store, rules, host.records, {
    version: 1,
    op: "lint-fix",
    ...(rules.lintScope === "vault" ? { scope: "vault" as const } : {}),
    at: host.now().toISOString(),
    logPath: files[0]!.path,
    previousState: null,
    files: files.map((c) => ({ path: c.path, before: c.before, after: c.after })),
  });
  return committed.ok ? ok({ paths: committed.value.files.map((f) => f.path) }) : err(`Not fixed: ${committed.error}`);
}

/** One note a batch of fixes changes: its text before and after every fix for it, and what each fix does. */
export interface LintFixChange {
  path: string;
  before: string;
  after: string;
  /** One line per fix applied ("adds a link to knowledge/concepts/b.md"). */
  summary: string[];
}

/** What a batch of fixes would do, for the review before anything is written. */
export interface LintFixPlan {
  changes: LintFixChange[];
  /** Fixes that cannot apply (a refused or missing note, a fix the text no longer needs), in words. */
  skipped: string[];
}

/** The host parts a batch fix needs: the same as one fix. */
export type LintBatchHost = LintFixHost;

/** What one fix does, in a few words for the review. */
function describeFix(fix: LintFix): string {
  if (fix.kind === "add-backlink") return `adds a link back to ${fix.target}`;
  if (fix.kind === "restamp-relationship") return `re-stamps ${fix.target} in ${fix.property}`;
  return `keeps the first ${fix.keep} entries of ${fix.property}`;
}

/**
 * Plans a batch of lint fixes (e.g. every finding of one check) without writing: each note is read once and every fix
 * for it is applied in turn, so the review shows each note's whole change. Nothing is written.
 */
export async function planLintFixes(host: Pick<KcHost, "store" | "rules">, fixes: readonly LintFix[]): Promise<LintFixPlan> {
  const byPath = new Map<string, LintFix[]>();
  for (const f of fixes) byPath.set(f.path, [...(byPath.get(f.path) ?? []), f]);
  const changes: LintFixChange[] = [];
  const skipped: string[] = [];
  for (const [path, mine] of byPath) {
    // The refusal names the note already: it is said once, not after the path again.
    const refused = lintFixRefusal(path, host.rules());
    if (refused) {
      skipped.push(refused);
      continue;
    }
    let before: string;
    try {
      before = await host.store.read(path);
    } catch (e) {
      skipped.push(`${path}: ${describeError(e)}`);
      continue;
    }
    let text = before;
    const summary: string[] = [];
    for (const fix of mine) {
      const r = applyLintFix(text, fix);
      if (!r.ok) skipped.push(`${path}: ${r.error}`);
      else if (r.value !== text) {
        text = r.value;
        summary.push(describeFix(fix));
      }
    }
    if (text !== before) changes.push({ path, before, after: text, summary });
  }
  return { changes, skipped };
}

/**
 * Writes a reviewed batch of fixes (the accepted notes of a plan) as one undoable write: under the write lock, through
 * the one write path (write rules, journal, each note written only if it still reads as reviewed, roll-back on
 * failure); "Undo last compile" (kc undo) puts every note back. Returns the paths written, or why nothing was.
 */
export async function applyLintFixes(host: LintBatchHost, changes: readonly LintFixChange[]): Promise<Result<{ paths: string[] }, string>> {
  if (changes.length === 0) return ok({ paths: [] });
  const lock = await host.lock.acquire();
  if (!lock.ok) return err(`Not fixed: ${lock.message}`);
  try {
    return await commitLintFixes(host, changes);
  } finally {
    await lock.release();
  }
}
