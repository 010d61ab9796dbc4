import { applyLintFix } from "../lint/apply-lint-fix";
import type { LintFix } from "../lint/lint-types";
import { err, ok, type Result } from "../result";
import { describeError } from "./commit-writes";
import type { KcHost } from "./host";
import { writeRefusal } from "./write-rules";

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
