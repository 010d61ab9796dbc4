import { describe, expect, it } from "vitest";
import { checkNewArticlePath } from "../../../src/core/compile/check-article-path";
import { validateProposal } from "../../../src/core/compile/validate-proposal";
import { fixtureCompile } from "./compile-fixture";
import { replyWith, validReply } from "./scripted-replies";
import { CONFIG_DIR } from "../../fakes/config-dir";

const { plan, existing } = await fixtureCompile();
const check = (reply: unknown) => validateProposal(typeof reply === "string" ? reply : JSON.stringify(reply), plan, { existing: existing.byPath });
const problemsOf = (reply: unknown): string[] => {
  const r = check(reply);
  return r.ok ? [] : r.error;
};

describe("validating a proposal", () => {
  it("accepts a valid reply and gives vault paths", async () => {
    const r = check(validReply());
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.created.map((a) => a.path)).toEqual([
      "knowledge/concepts/captive-portal-detection.md",
      "knowledge/connections/retries-and-captive-portals.md",
    ]);
    expect(r.value.updated.map((u) => u.path)).toEqual(["knowledge/concepts/sqlite-wal-mode.md", "knowledge/concepts/retry-with-backoff.md"]);
  });

  it.each([
    [`../${CONFIG_DIR}/plugins/evil`, "leaves the knowledge folder"],
    ["/etc/passwd", "absolute"],
    ["C:/notes/x", "absolute"],
    ["concepts\\x", "backslash"],
    ["index", "not under concepts/ or connections/"],
    ["qa/x", "not under concepts/ or connections/"],
    ["concepts/a/b", "not under concepts/ or connections/"],
    ["concepts/Captive Portal", "not kebab-case"],
    ["concepts/snake_case", "not kebab-case"],
    ["concepts/con", "reserved"],
    ["concepts/index", "reserved"],
  ])("refuses the new-article path %s", (path, why) => {
    const r = checkNewArticlePath(path, "knowledge");
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toContain(why);
  });

  it("accepts kebab-case names in any script and tolerates the knowledge folder prefix", async () => {
    expect(checkNewArticlePath("concepts/数据库-同步", "knowledge").ok).toBe(true);
    expect(checkNewArticlePath("knowledge/concepts/x-2.md", "knowledge")).toEqual({ ok: true, value: { rel: "concepts/x-2", kind: "concept" } });
  });

  it("says when the reply is not JSON, empty, or not an object", async () => {
    expect(problemsOf('{"new_articles": [')[0]).toMatch(/not valid JSON/);
    expect(problemsOf("")[0]).toMatch(/empty/);
    expect(problemsOf("[1,2]")[0]).toMatch(/not a JSON object/);
    expect(problemsOf({ new_articles: "x", updates: [] })[0]).toMatch(/must be a list/);
  });

  it("refuses updates of articles it was not shown, and patches of sections that are hidden or missing", async () => {
    expect(problemsOf(replyWith((r) => r.updates.push({ path: "qa/why-duplicates" })))).toEqual([expect.stringContaining("only the articles listed")]);
    expect(problemsOf(replyWith((r) => r.updates.push({ path: "index" })))).toEqual([expect.stringContaining("only the articles listed")]);
    const hidden = problemsOf(replyWith((r) => ((r.updates[0]!.sections as unknown[])[0] = { heading: "Journal modes", action: "replace", text: "x" })));
    expect(hidden).toEqual([expect.stringContaining('section "Journal modes" was not shown')]);
    const missing = problemsOf(replyWith((r) => ((r.updates[0]!.sections as unknown[])[0] = { heading: "Troubleshooting", action: "append", text: "x" })));
    expect(missing).toEqual([expect.stringContaining('there is no section "Troubleshooting"')]);
    const action = problemsOf(replyWith((r) => ((r.updates[0]!.sections as unknown[])[0] = { heading: "Checkpoints", action: "delete", text: "" })));
    expect(action).toEqual([expect.stringContaining('use "append" or "replace"')]);
  });

  it("refuses body links to articles that do not exist, but not text in code that only looks like a link", () => {
    expect(problemsOf(replyWith((r) => ((r.new_articles[0]!.body as string) += "\nSee [[concepts/ghost]].\n")))).toEqual([
      expect.stringContaining("links to [[concepts/ghost]], which neither exists"),
    ]);
    expect(problemsOf(replyWith((r) => ((r.new_articles[0]!.body as string) += "\n```\n[[concepts/ghost]]\n```\n")))).toEqual([]);
  });

  it("enforces the caps, stamps and targets of relationships", async () => {
    const four = ["a", "b", "c", "d"].map((x) => ({ target: `concepts/${x}`, stamp: "2026-11" }));
    expect(problemsOf(replyWith((r) => (r.new_articles[0]!.similar_high = four)))).toEqual(expect.arrayContaining([expect.stringContaining("the cap is 3")]));
    expect(problemsOf(replyWith((r) => (r.new_articles[0]!.similar_mid = [{ target: "concepts/retry-with-backoff" }])))).toEqual([
      expect.stringContaining("no YYYY-MM stamp"),
    ]);
    expect(problemsOf(replyWith((r) => (r.new_articles[0]!.similar_mid = [{ target: "concepts/retry-with-backoff", stamp: "2027-01" }])))).toEqual([
      expect.stringContaining("after the current month"),
    ]);
    expect(problemsOf(replyWith((r) => (r.new_articles[0]!.similar_mid = [{ target: "concepts/ghost", stamp: "2026-11" }])))).toEqual([
      expect.stringContaining('"concepts/ghost" is not an article of the knowledge base'),
    ]);
    expect(problemsOf(replyWith((r) => (r.new_articles[0]!.similar_mid = [{ target: "concepts/captive-portal-detection", stamp: "2026-11" }])))).toEqual([
      expect.stringContaining("to itself"),
    ]);
  });

  it("accepts relationships and links to articles created in the same reply, and to the daily log", async () => {
    const r = check(replyWith((x) => ((x.new_articles[0]!.body as string) += "\n- [[daily/2026-11-20]] - the session\n")));
    expect(r.ok).toBe(true);
  });

  it("refuses body links to articles that do not exist, and connection articles linking fewer than two concepts", async () => {
    expect(problemsOf(replyWith((r) => ((r.new_articles[0]!.body as string) += "\nSee [[concepts/nowhere]].")))).toEqual([
      expect.stringContaining("[[concepts/nowhere]]"),
    ]);
    expect(problemsOf(replyWith((r) => (r.new_articles[1]!.connects = ["concepts/retry-with-backoff"])))).toEqual([
      expect.stringContaining("2 or more concepts"),
    ]);
  });

  it("refuses missing fields, wrong types, a frontmatter block in the body, and the same path twice", async () => {
    expect(problemsOf(replyWith((r) => delete r.new_articles[0]!.tldr))).toEqual([expect.stringContaining('"tldr" must be non-empty text')]);
    expect(problemsOf(replyWith((r) => (r.new_articles[0]!.answers_when = "wifi")))).toEqual([
      expect.stringContaining('"answers_when" must be a list of text'),
    ]);
    expect(problemsOf(replyWith((r) => (r.new_articles[0]!.body = "---\ntitle: x\n---\n# X")))).toEqual([expect.stringContaining("frontmatter block")]);
    expect(problemsOf(replyWith((r) => r.new_articles.push({ ...r.new_articles[0]! })))).toEqual(
      expect.arrayContaining([expect.stringContaining("proposed twice")]),
    );
    expect(problemsOf(replyWith((r) => r.updates.push({ ...r.updates[0]! })))).toEqual(expect.arrayContaining([expect.stringContaining("updated twice")]));
  });

  it("turns a daily note's instructions into nothing: a reply obeying them is refused as a whole", async () => {
    const obeying = replyWith((r) => {
      r.new_articles.push({ path: `../${CONFIG_DIR}/plugins/evil`, title: "x", tldr: "x", answers_when: [], body: "x" });
      r.updates.push({ path: "index", sections: [{ heading: "Knowledge Base Index", action: "replace", text: "" }] });
    });
    const p = problemsOf(obeying);
    expect(p).toEqual(expect.arrayContaining([expect.stringContaining("leaves the knowledge folder"), expect.stringContaining("only the articles listed")]));
  });
});
