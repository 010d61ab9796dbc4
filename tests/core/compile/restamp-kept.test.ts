import { describe, expect, it } from "vitest";
import { buildChanges } from "../../../src/core/compile/build-changes";
import { revalidationChange } from "../../../src/core/compile/revalidate";
import { validateProposal } from "../../../src/core/compile/validate-proposal";
import { fixtureCompile, fixtureFiles } from "./compile-fixture";
import { replyWith } from "./scripted-replies";

// Seed 002: a relationship's YYYY-MM stamp is when that relationship was last validated. A relationship the model
// lists at a compile or revalidation was judged then, whatever stamp it copied from the header it was shown.
describe("stamping the relationships a compile keeps", () => {
  it("writes kept and new relationships with this month, not the stamp the model copied", async () => {
    const { plan, existing, store } = await fixtureCompile();
    expect(plan.month).toBe("2026-11");
    const reply = replyWith((r) => {
      r.updates[1]!.similar_high = [{ target: "concepts/idempotency-keys", stamp: "2025-03" }];
      r.new_articles[0]!.similar_high = [{ target: "concepts/retry-with-backoff", stamp: "2026-02" }];
    });
    const v = validateProposal(JSON.stringify(reply), plan, { existing: existing.byPath });
    if (!v.ok) throw new Error(v.error.join("\n"));
    const { changes } = buildChanges(v.value, plan, (p) => store.files.get(p));
    const retry = changes.find((c) => c.path.endsWith("retry-with-backoff.md"))!.after;
    const created = changes.find((c) => c.path.endsWith("captive-portal-detection.md"))!.after;
    expect(retry).toContain("idempotency-keys · 2026-11");
    expect(created).toContain("retry-with-backoff · 2026-11");
    expect(`${retry}${created}`).not.toMatch(/2025-03|2026-02/);
  });

  it("writes a revalidation's kept relationships with the month it ran", () => {
    const text = fixtureFiles()["knowledge/concepts/sqlite-wal-mode.md"]!;
    const r = revalidationChange("knowledge/concepts/sqlite-wal-mode.md", text, [], [{ target: "concepts/retry-with-backoff", stamp: "2026-10" }], "2026-11");
    if (!r.ok) throw new Error(r.error);
    expect(r.value.after).toContain("retry-with-backoff · 2026-11");
    expect(r.value.after).not.toContain("· 2026-10");
  });
});
