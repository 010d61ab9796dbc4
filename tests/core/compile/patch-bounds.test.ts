import { describe, expect, it } from "vitest";
import { applyUpdate, buildChanges } from "../../../src/core/compile/build-changes";
import type { ArticleUpdate } from "../../../src/core/compile/compile-types";
import { validateProposal } from "../../../src/core/compile/validate-proposal";
import { fixtureCompile } from "./compile-fixture";
import { replyWith } from "./scripted-replies";

const { plan, existing, store } = await fixtureCompile();
/** Validation problems, else the problems of building the changes (updates that cannot apply are dropped there). */
const buildProblemsOf = (reply: unknown): string[] => {
  const r = validateProposal(JSON.stringify(reply), plan, { existing: existing.byPath });
  if (!r.ok) return r.error;
  return buildChanges(r.value, plan, (p) => store.files.get(p)).problems;
};
const problemsOf = (reply: unknown): string[] => {
  const r = validateProposal(JSON.stringify(reply), plan, { existing: existing.byPath });
  return r.ok ? [] : r.error;
};
const wal = plan.shown.find((s) => s.path.endsWith("sqlite-wal-mode.md"))!;
const withWalSections = (sections: { heading: string; action: string; text: string }[]) =>
  replyWith((r) => {
    r.updates[0]!.sections = sections;
  });

describe("bounds on what a section patch may do to a shown article", () => {
  it("refuses replacements that would shrink a long article to a few lines", () => {
    // An article made only of the sections the model saw, so replacing them all can shrink it to almost nothing.
    const seen = wal.sections.filter((s) => s.heading !== wal.title);
    const current = `---\ntitle: "SQLite WAL mode"\n---\n${seen.map((s) => `## ${s.heading}\n${s.content}`).join("")}`;
    expect(current.length).toBeGreaterThan(2000);
    const update: ArticleUpdate = {
      path: wal.path,
      set: {},
      corroborate: false,
      sections: seen.map((s) => ({ heading: s.heading, action: "replace", text: "Short." })),
    };
    const r = applyUpdate(current, update, plan);
    expect(r.ok ? r.value : r.error).toMatch(/^the update would shrink the article from \d+ to \d+ characters/);
  });

  it("still accepts a replacement that condenses one section of a long article", () => {
    expect(
      buildProblemsOf(
        withWalSections([
          {
            heading: "Checkpoints",
            action: "replace",
            text: "A checkpoint copies WAL pages back into the database; a long reader keeps the WAL from being reset.",
          },
        ]),
      ),
    ).toEqual([]);
  });

  it("refuses a patch whose text brings a second Sources section", () => {
    const text = "A reader holding a snapshot blocks the reset.\n\n## Sources\n- [[daily/2026-11-20]]";
    const problems = problemsOf(withWalSections([{ heading: "Checkpoints", action: "append", text }]));
    expect(problems).toEqual([expect.stringContaining('the text for section "Checkpoints" has a Sources heading')]);
  });

  it("does not take a Sources heading inside a code block for a section", () => {
    const text = "Example note:\n\n```\n## Sources\n```";
    expect(problemsOf(withWalSections([{ heading: "Checkpoints", action: "append", text }]))).toEqual([]);
  });
});
