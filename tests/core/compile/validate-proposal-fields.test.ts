import { describe, expect, it } from "vitest";
import { REPLY_LIMITS, validateProposal, type ValidationContext } from "../../../src/core/compile/validate-proposal";
import type { CompilePlan } from "../../../src/core/compile/compile-types";
import { fixtureCompile } from "./compile-fixture";
import { firstConcept, replyWith, validReply } from "./scripted-replies";

// What a valid reply becomes, and the exact problems of each kind of invalid one (the list goes to the one retry and
// to the person, so a spurious or missing problem is a defect).
const { plan, existing } = await fixtureCompile();
const ctx: ValidationContext = { existing: existing.byPath };
const check = (reply: unknown, p: CompilePlan = plan, c: ValidationContext = ctx) =>
  validateProposal(typeof reply === "string" ? reply : JSON.stringify(reply), p, c);
const problemsOf = (reply: unknown, p: CompilePlan = plan, c: ValidationContext = ctx): string[] => {
  const r = check(reply, p, c);
  return r.ok ? [] : r.error;
};
const valueOf = (reply: unknown, p: CompilePlan = plan) => {
  const r = check(reply, p);
  if (!r.ok) throw new Error(r.error.join("\n"));
  return r.value;
};
type Reply = ReturnType<typeof validReply> & { new_articles: Record<string, unknown>[]; updates: Record<string, unknown>[] };
const sectionsOf = (r: Reply, i = 0): unknown[] => r.updates[i]!.sections as unknown[];

describe("what a valid proposal becomes", () => {
  it("trims text, drops empty list entries and # from tags, and strips link brackets and the folder from targets", () => {
    const v = valueOf(
      replyWith((r) => {
        r.summary = "  Captive portals defeat retries.  ";
        Object.assign(r.new_articles[0]!, {
          title: "  Captive portal detection ",
          tldr: " A redirect means a portal. ",
          aliases: [" hotel wifi login page ", "  "],
          tags: ["#network", " sync ", "#", ""],
          answers_when: [" hotel wifi "],
          similar_high: [{ target: "[[knowledge/concepts/retry-with-backoff.md|Retry]]", stamp: " 2026-10 " }],
          similar_mid: [{ target: "concepts/idempotency-keys", stamp: "2026-11" }],
        });
        r.new_articles[1]!.connects = ["knowledge/concepts/retry-with-backoff.md", " concepts/captive-portal-detection "];
      }),
    );
    expect(v.summary).toBe("Captive portals defeat retries.");
    expect(v.notes).toEqual([]);
    const [concept, connection] = v.created;
    expect(concept).toEqual({
      path: "knowledge/concepts/captive-portal-detection.md",
      kind: "concept",
      title: "Captive portal detection",
      tldr: "A redirect means a portal.",
      body: (firstConcept().body as string).trim(),
      aliases: ["hotel wifi login page"],
      tags: ["network", "sync"],
      answersWhen: ["hotel wifi"],
      similarHigh: [{ target: "concepts/retry-with-backoff", stamp: "2026-10" }],
      similarMid: [{ target: "concepts/idempotency-keys", stamp: "2026-11" }],
      connects: [],
    });
    expect(connection).toMatchObject({
      path: "knowledge/connections/retries-and-captive-portals.md",
      kind: "connection",
      connects: ["concepts/retry-with-backoff", "concepts/captive-portal-detection"],
    });
  });

  it("sets only the header fields an update names, and keeps its section patches in order", () => {
    const v = valueOf(
      replyWith((r) => {
        r.updates[0]!.tldr = "  WAL needs checkpoints. ";
        r.updates[0]!.aliases = ["wal"];
        r.updates[0]!.tags = ["sqlite"];
        r.updates[0]!.similar_mid = [{ target: "concepts/idempotency-keys", stamp: "2026-11" }];
        sectionsOf(r).push({ heading: "## vacuum", action: "replace", text: "" });
      }),
    );
    expect(v.updated[0]).toEqual({
      path: "knowledge/concepts/sqlite-wal-mode.md",
      corroborate: false,
      set: {
        tldr: "WAL needs checkpoints.",
        answersWhen: ["wal", "checkpoint", "database file size", "sqlite journal", "wal file grows"],
        aliases: ["wal"],
        tags: ["sqlite"],
        similarMid: [{ target: "concepts/idempotency-keys", stamp: "2026-11" }],
      },
      sections: [
        { heading: "Checkpoints", action: "append", text: expect.stringContaining("TRUNCATE checkpoint") as string },
        { heading: "## vacuum", action: "replace", text: "" },
      ],
    });
    expect(v.updated[1]!.set).toEqual({
      similarHigh: [
        { target: "concepts/idempotency-keys", stamp: "2026-11" },
        { target: "concepts/captive-portal-detection", stamp: "2026-11" },
      ],
    });
  });

  it("gives no summary when the reply's is not text, and accepts a reply fenced as a code block", () => {
    expect(valueOf(replyWith((r) => (r.summary = 5))).summary).toBe("");
    const json = JSON.stringify(validReply());
    for (const fenced of ["```json\n" + json + "\n```", "```\n" + json + "\n```", "  ```json" + json + "```  "])
      expect(check(fenced).ok, fenced.slice(0, 12)).toBe(true);
  });

  it("reads the knowledge folder however its slashes are written", () => {
    const v = valueOf(validReply(), { ...plan, knowledgeFolder: "/knowledge/" });
    expect(v.created.map((a) => a.path)).toEqual(["knowledge/concepts/captive-portal-detection.md", "knowledge/connections/retries-and-captive-portals.md"]);
  });

  it("treats a missing or null list as empty", () => {
    expect(valueOf({ summary: "nothing new", new_articles: null })).toEqual({ summary: "nothing new", created: [], updated: [], notes: [] });
    expect(valueOf(replyWith((r) => (r.new_articles[0]!.aliases = null))).created[0]!.aliases).toEqual([]);
  });
});

describe("the bounds on one reply", () => {
  it("refuses a reply over the size bound unread, and reads one exactly at it", () => {
    const json = JSON.stringify(validReply());
    const over = json + " ".repeat(REPLY_LIMITS.chars + 1 - json.length);
    expect(problemsOf(over)).toEqual(["The reply is 300 kB, over the 300 kB a proposal may have; it was not used."]);
    expect(check(json + " ".repeat(REPLY_LIMITS.chars - json.length)).ok).toBe(true);
  });

  it("refuses more new articles or updates than one daily log may bring, and accepts as many as allowed", () => {
    const concepts = (n: number) => Array.from({ length: n }, (_, i) => ({ ...firstConcept(), path: `concepts/topic-${i}`, similar_high: [] }));
    expect(problemsOf({ new_articles: concepts(26) })).toEqual(["The reply proposes 26 new articles; at most 25 are accepted from one daily log."]);
    expect(problemsOf({ new_articles: concepts(25) })).toEqual([]);
    const updates = Array.from({ length: 26 }, () => ({ path: "concepts/retry-with-backoff" }));
    expect(problemsOf({ updates })).toEqual(["The reply proposes 26 updates; at most 25 are accepted from one daily log."]);
    expect(problemsOf({ updates: updates.slice(0, 25) }).every((p) => p.includes("updated twice"))).toBe(true);
  });

  it("refuses a body over its bound, and takes one exactly at it", () => {
    const at = (n: number) => replyWith((r) => (r.new_articles[0]!.body = `# X\n${"a".repeat(n - 4)}`));
    expect(problemsOf(at(REPLY_LIMITS.bodyChars + 1))).toEqual([
      `new article concepts/captive-portal-detection: the body has ${REPLY_LIMITS.bodyChars + 1} characters; at most ${REPLY_LIMITS.bodyChars} are accepted`,
    ]);
    expect(problemsOf(at(REPLY_LIMITS.bodyChars))).toEqual([]);
  });

  it("refuses a frontmatter block even after blank lines, but not a horizontal rule inside the body", () => {
    expect(problemsOf(replyWith((r) => (r.new_articles[0]!.body = "\n  \n---\ntitle: x\n---\n# X")))).toEqual([
      expect.stringContaining("body starts with a frontmatter block"),
    ]);
    expect(problemsOf(replyWith((r) => (r.new_articles[0]!.body = "# X\n\nText.\n\n---\n\nMore.")))).toEqual([]);
  });
});

describe("the problems of an invalid reply", () => {
  it("names a new article that is not an object, and only that", () => {
    const p = problemsOf({ new_articles: ["concepts/x"] });
    expect(p).toContain("new article 1 is not an object");
    expect(p.filter((x) => x.startsWith("new article 1"))).toHaveLength(2);
    expect(problemsOf({ new_articles: [{ ...firstConcept(), path: "qa/x" }] }).some((x) => x.includes("not an object"))).toBe(false);
  });

  it("refuses a connection to an article that neither exists nor is created", () => {
    expect(problemsOf(replyWith((r) => (r.new_articles[1]!.connects = ["concepts/retry-with-backoff", "concepts/ghost"])))).toEqual([
      'new article connections/retries-and-captive-portals: connects "concepts/ghost", which is not an article of the knowledge base nor created in this reply',
    ]);
  });

  it("names an update without a path", () => {
    expect(problemsOf({ updates: ["concepts/retry-with-backoff"] })).toEqual(["update 1 has no path"]);
    expect(problemsOf({ updates: [{}, { path: 5 }] })).toEqual(["update 1 has no path", "update 2 has no path"]);
  });

  it("refuses empty or non-text header text in an update", () => {
    expect(problemsOf(replyWith((r) => (r.updates[0]!.tldr = "  ")))).toEqual(['update of concepts/sqlite-wal-mode: "tldr" must be non-empty text']);
    expect(problemsOf(replyWith((r) => (r.updates[0]!.tldr = 5)))).toEqual(['update of concepts/sqlite-wal-mode: "tldr" must be non-empty text']);
    expect(problemsOf(replyWith((r) => (r.new_articles[0]!.title = ["x"])))).toEqual([
      'new article concepts/captive-portal-detection: "title" must be non-empty text',
    ]);
    expect(problemsOf(replyWith((r) => (r.updates[0]!.tags = ["ok", 5])))).toEqual(['update of concepts/sqlite-wal-mode: "tags" must be a list of text']);
  });

  it("checks each section patch: an object, a list, text to append, a heading matched as headings are", () => {
    expect(problemsOf(replyWith((r) => sectionsOf(r).push("Checkpoints")))).toEqual(["update of concepts/sqlite-wal-mode: section patch 2 is not an object"]);
    expect(problemsOf(replyWith((r) => (r.updates[0]!.sections = "Checkpoints")))).toEqual(['update of concepts/sqlite-wal-mode: "sections" must be a list']);
    expect(problemsOf(replyWith((r) => (sectionsOf(r)[0] = { heading: "Checkpoints", action: "append", text: " " })))).toEqual([
      'update of concepts/sqlite-wal-mode: "text" must be non-empty text',
    ]);
    expect(problemsOf(replyWith((r) => (sectionsOf(r)[0] = { heading: "###  CHECKPOINTS ", action: "append", text: "x" })))).toEqual([]);
    expect(problemsOf(replyWith((r) => (sectionsOf(r)[0] = { heading: "## journal   MODES", action: "replace", text: "x" })))).toEqual([
      'update of concepts/sqlite-wal-mode: section "## journal   MODES" was not shown, so it may not be patched',
    ]);
    expect(problemsOf(replyWith((r) => (sectionsOf(r)[0] = { heading: "Troubleshooting", action: "append", text: "x" })))).toEqual([
      'update of concepts/sqlite-wal-mode: there is no section "Troubleshooting" (shown sections: SQLite WAL mode; Checkpoints; Vacuum; Related Concepts; Sources)',
    ]);
    expect(problemsOf(replyWith((r) => (sectionsOf(r)[0] = { heading: "Checkpoints", text: "x" })))).toEqual([
      'update of concepts/sqlite-wal-mode: section "Checkpoints" has action undefined; use "append" or "replace"',
    ]);
  });

  it("says when the article shows no sections at all", () => {
    const bare: CompilePlan = { ...plan, shown: plan.shown.map((s) => ({ ...s, sections: [] })) };
    expect(
      problemsOf(
        replyWith((r) => (r.updates = [r.updates[0]!])),
        bare,
      ),
    ).toEqual(['update of concepts/sqlite-wal-mode: there is no section "Checkpoints" (shown sections: none)']);
  });
});

describe("relationships in a reply", () => {
  const known = ["concepts/retry-with-backoff", "concepts/idempotency-keys", "concepts/sqlite-wal-mode", "connections/retries-and-captive-portals"];
  const rel = (target: string, stamp = "2026-11") => ({ target, stamp });

  it("takes up to the cap of each kind, and names every entry that is malformed or repeated", () => {
    expect(problemsOf(replyWith((r) => (r.new_articles[0]!.similar_high = known.slice(0, 3).map((t) => rel(t)))))).toEqual([]);
    expect(problemsOf(replyWith((r) => (r.new_articles[0]!.similar_mid = [...known, "concepts/retry-with-backoff"].map((t) => rel(t)))))).toEqual([
      'new article concepts/captive-portal-detection: similar_mid lists "concepts/retry-with-backoff" twice',
    ]);
    expect(problemsOf(replyWith((r) => (r.new_articles[0]!.similar_mid = [...known, ...known.slice(0, 2)].map((t) => rel(t)))))).toEqual(
      expect.arrayContaining(["new article concepts/captive-portal-detection: similar_mid has 6 entries; the cap is 5"]),
    );
    expect(problemsOf(replyWith((r) => (r.new_articles[0]!.similar_mid = ["concepts/retry-with-backoff", { stamp: "2026-11" }])))).toEqual([
      "new article concepts/captive-portal-detection: every similar_mid entry needs a target and a stamp",
      "new article concepts/captive-portal-detection: every similar_mid entry needs a target and a stamp",
    ]);
  });

  it("takes a stamp of the current month or before, and says what a missing stamp was", () => {
    expect(
      problemsOf(
        replyWith((r) => (r.new_articles[0]!.similar_mid = [rel("concepts/idempotency-keys", plan.month), rel("concepts/sqlite-wal-mode", "2025-01")])),
      ),
    ).toEqual([]);
    expect(problemsOf(replyWith((r) => (r.new_articles[0]!.similar_mid = [{ target: "concepts/idempotency-keys", stamp: 202611 }])))).toEqual([
      'new article concepts/captive-portal-detection: similar_mid entry "concepts/idempotency-keys" has no YYYY-MM stamp (got 202611)',
    ]);
    expect(problemsOf(replyWith((r) => (r.new_articles[0]!.similar_mid = [{ target: "concepts/idempotency-keys" }])))).toEqual([
      'new article concepts/captive-portal-detection: similar_mid entry "concepts/idempotency-keys" has no YYYY-MM stamp (got null)',
    ]);
  });

  it("refuses an update relating an article to itself", () => {
    expect(problemsOf(replyWith((r) => (r.updates[0]!.similar_high = [rel("knowledge/concepts/sqlite-wal-mode.md")])))).toEqual([
      "update of concepts/sqlite-wal-mode: relates the article to itself",
    ]);
  });
});

describe("links in proposed text", () => {
  const withBody = (extra: string) => replyWith((r) => ((r.new_articles[0]!.body as string) += `\n${extra}\n`));

  it("checks embeds as links, and skips links to a heading of the same note", () => {
    expect(problemsOf(withBody("![[concepts/ghost]]"))).toEqual([
      "new article concepts/captive-portal-detection: links to [[concepts/ghost]], which neither exists nor is created in this reply",
    ]);
    expect(problemsOf(withBody("See [[#Details]]."))).toEqual([]);
  });

  it("accepts the daily log with or without .md, and articles named with the folder", () => {
    expect(problemsOf(withBody("From [[daily/2026-11-20.md]] and [[knowledge/concepts/idempotency-keys]]."))).toEqual([]);
  });

  it("accepts a note outside the knowledge base only when the host says it exists", () => {
    const reply = withBody("See [[projects/sync-client]].");
    expect(problemsOf(reply)).toEqual([
      "new article concepts/captive-portal-detection: links to [[projects/sync-client]], which neither exists nor is created in this reply",
    ]);
    expect(problemsOf(reply, plan, { ...ctx, resolves: (l) => l === "projects/sync-client" })).toEqual([]);
  });

  it("checks links in section patches too", () => {
    expect(problemsOf(replyWith((r) => (sectionsOf(r)[0] = { heading: "Checkpoints", action: "append", text: "See [[concepts/ghost]]." })))).toEqual([
      "update of concepts/sqlite-wal-mode: links to [[concepts/ghost]], which neither exists nor is created in this reply",
    ]);
  });
});
