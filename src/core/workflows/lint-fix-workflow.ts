import { applyLintFix } from "../lint/apply-lint-fix";
import type { LintFix } from "../lint/lint-types";
import { err, ok, type Result } from "../result";
import { commitWrites, describeError } from "./commit-writes";
import type { KcHost } from "../ports/host";
import { writeRefusal } from "../knowledge/write-rules";

/** The host parts a one-click fix needs: the notes, the write rules and the write lock. */
export type LintFixHost = Pick<KcHost, "store" | "rules" | "lock">;

/**
 * Applies a lint finding's safe fix through the one write gate: a note the write rules refuse (outside the knowledge
 * folder, a daily note, a hidden or config folder) is never written; otherwise, under the write lock, the note is
 * re-read and changed in one read-modify-write, only on the lines the fix is about. Returns the note written, or a
 * sentence saying why nothing was.
 */
export async function fixLintFinding(host: LintFixHost, fix: LintFix): Promise<Result<{ path: string }, string>> {
  const refused = writeRefusal(fix.path, host.rules());
  if (refused) return err(`Not fixed: ${refused}.`);
  const lock = await host.lock.acquire();
  if (!lock.ok) return err(`Not fixed: ${lock.message}`);
  try {
    if (!(await host.store.exists(fix.path))) return err(`Cannot fix: ${fix.path} no longer exists.`);
    const outcome: { problem: string | null } = { problem: null };
    await host.store.process(fix.path, (text) => {
      const r = applyLintFix(text, fix);
      if (r.ok) return r.value;
      outcome.problem = r.error;
      return text;
    });
    return outcome.problem === null ? ok({ path: fix.path }) : err(`Not fixed: ${outcome.problem}`);
  } catch (e) {
    return err(`Not fixed: ${describeError(e)}.`);
  } finally {
    await lock.release();
  }
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

/** The host parts a batch fix needs: the notes, the write rules, the lock, the undo records and the clock. */
export type LintBatchHost = Pick<KcHost, "store" | "rules" | "lock" | "records" | "now">;

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
    const refused = writeRefusal(path, host.rules());
    if (refused) {
      skipped.push(`${path}: ${refused}`);
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
 * failure); "Undo last compile" puts every note back. Returns the paths written, or why nothing was.
 */
export async function applyLintFixes(host: LintBatchHost, changes: readonly LintFixChange[]): Promise<Result<{ paths: string[] }, string>> {
  if (changes.length === 0) return ok({ paths: [] });
  const lock = await host.lock.acquire();
  if (!lock.ok) return err(`Not fixed: ${lock.message}`);
  try {
    const committed = await commitWrites(host.store, host.rules(), host.records, {
      version: 1,
      op: "lint-fix",
      at: host.now().toISOString(),
      logPath: changes[0]!.path,
      previousState: null,
      files: changes.map((c) => ({ path: c.path, before: c.before, after: c.after })),
    });
    return committed.ok ? ok({ paths: committed.value.files.map((f) => f.path) }) : err(`Not fixed: ${committed.error}`);
  } finally {
    await lock.release();
  }
}
