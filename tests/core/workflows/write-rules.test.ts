import { describe, expect, it } from "vitest";
import { CONFIG_DIR } from "../../fakes/config-dir";
import {
  appendRefusal,
  headerChangeRefusal,
  isArticlePath,
  knowledgeFolderProblem,
  lintFixRefusal,
  recordedWriteRefusal,
  writeRefusal,
  type WriteRules,
} from "../../../src/core/knowledge/write-rules";

const RULES: WriteRules = { knowledgeFolder: "knowledge", dailyFolder: "daily", dailyFormat: "YYYY-MM-DD" };
const rules = (over: Partial<WriteRules>): WriteRules => ({ ...RULES, ...over });

describe("the knowledge folder setting", () => {
  it.each([
    ["knowledge", "daily"],
    ["/knowledge/", "daily"],
    [" knowledge ", " daily "],
    ["wiki/knowledge", "daily"],
    ["knowledge", "knowledge-daily"],
    ["knowledge", "daily/knowledge"],
    ["knowledge", ""],
    ["my.notes", "daily"],
  ])("accepts %j with daily notes in %j", (knowledgeFolder, dailyFolder) => {
    expect(knowledgeFolderProblem(rules({ knowledgeFolder, dailyFolder }))).toBeNull();
  });

  it.each([
    ["", "vault root"],
    ["   ", "vault root"],
    ["/", "vault root"],
    [".", "vault root"],
    ["./", "vault root"],
    ["..", "not a plain folder"],
    ["knowledge/..", "not a plain folder"],
    ["../knowledge", "not a plain folder"],
    ["knowledge/./wiki", "not a plain folder"],
    [CONFIG_DIR, "not a plain folder"],
    ["wiki/.hidden", "not a plain folder"],
    ["knowledge//wiki", "not a plain folder"],
  ])("refuses %j, saying why (%s)", (knowledgeFolder, why) => {
    expect(knowledgeFolderProblem(rules({ knowledgeFolder }))).toContain(why);
  });

  it.each([
    ["knowledge", "knowledge"],
    ["knowledge", "knowledge/daily"],
    ["knowledge", "/knowledge/daily/"],
    ["knowledge", " knowledge/daily "],
    ["/knowledge/", "knowledge/journal/days"],
  ])("refuses a knowledge folder %j that holds the daily notes folder %j", (knowledgeFolder, dailyFolder) => {
    expect(knowledgeFolderProblem(rules({ knowledgeFolder, dailyFolder }))).toContain("contains the daily notes folder");
  });
});

describe("writeRefusal, the rule every compile, revalidation, file-back and undo write passes", () => {
  it.each([
    ["knowledge/concepts/sourdough.md", RULES],
    ["knowledge/index.md", RULES],
    ["knowledge/Deep/Nested/Note.MD", RULES],
    ["knowledge/x.md", rules({ knowledgeFolder: "/knowledge/" })],
    ["knowledge/x.md", rules({ knowledgeFolder: " knowledge " })],
    ["knowledge/ab:c.md", RULES],
    ["knowledge/2026-03-01.md", RULES],
    ["knowledge/notes.v2.md", RULES],
  ])("allows %j", (path, r) => {
    expect(writeRefusal(path, r)).toBeNull();
  });

  it.each([
    ["", "not a vault-relative path"],
    ["/knowledge/x.md", "not a vault-relative path"],
    ["C:/knowledge/x.md", "not a vault-relative path"],
    ["c:knowledge/x.md", "not a vault-relative path"],
    ["knowledge\\x.md", "not a vault-relative path"],
    ["knowledge/a\\..\\..\\x.md", "not a vault-relative path"],
    ["knowledge//x.md", "not a plain vault path"],
    ["knowledge/x.md/", "not a plain vault path"],
    ["knowledge/./x.md", "not a plain vault path"],
    ["knowledge/../x.md", "not a plain vault path"],
    ["knowledge/sub/../../x.md", "not a plain vault path"],
    [`knowledge/${CONFIG_DIR}/x.md`, "hidden or config folder"],
    ["knowledge/.hidden.md", "hidden or config folder"],
    [".trash/knowledge/x.md", "hidden or config folder"],
    ["knowledge/x.txt", "not a markdown note"],
    ["knowledge/x.md.bak", "not a markdown note"],
    ["knowledge/md", "not a markdown note"],
    ["notes/x.md", "outside the knowledge folder"],
    ["knowledge-old/x.md", "outside the knowledge folder"],
    ["knowledge.md", "outside the knowledge folder"],
    ["wiki/knowledge/x.md", "outside the knowledge folder"],
  ])("refuses %j (%s)", (path, why) => {
    expect(writeRefusal(path, RULES)).toContain(why);
  });

  it("refuses a drive-letter path even when a folder of that name is the knowledge folder", () => {
    expect(writeRefusal("C:/x.md", rules({ knowledgeFolder: "C:" }))).toContain("not a vault-relative path");
    expect(writeRefusal("c:/x.md", rules({ knowledgeFolder: "c:" }))).toContain("not a vault-relative path");
  });

  it("refuses every write, with the setting's problem, while the knowledge folder setting is unusable", () => {
    expect(writeRefusal("knowledge/x.md", rules({ dailyFolder: "knowledge/daily" }))).toContain("contains the daily notes folder");
    expect(writeRefusal("x.md", rules({ knowledgeFolder: "" }))).toContain("vault root");
  });

  it("refuses a daily note inside the knowledge folder, wherever the daily notes format puts it", () => {
    const nested = rules({ dailyFolder: "", dailyFormat: "[knowledge]/YYYY-MM-DD" });
    expect(knowledgeFolderProblem(nested)).toBeNull();
    expect(writeRefusal("knowledge/2026-03-01.md", nested)).toContain("daily note");
    expect(writeRefusal("knowledge/sourdough.md", nested)).toBeNull();
  });
});

describe("isArticlePath", () => {
  it.each([
    ["knowledge/concepts/sourdough.md", true],
    ["knowledge/connections/flour-and-water.md", true],
    ["knowledge/loose-article.md", true],
    ["knowledge/index.md", false],
    ["knowledge/log.md", false],
    ["knowledge/qa/why.md", false],
    ["knowledge/reports/lint-2026-03-01.md", false],
    ["knowledge/concepts/picture.png", false],
    ["notes/concepts/sourdough.md", false],
    ["daily/2026-03-01.md", false],
  ])("says %j is an article: %s", (path, expected) => {
    expect(isArticlePath(path, RULES)).toBe(expected);
  });

  it("treats nothing as an article while the knowledge folder setting is unusable", () => {
    expect(isArticlePath("knowledge/concepts/a.md", rules({ dailyFolder: "knowledge" }))).toBe(false);
    expect(isArticlePath("concepts/a.md", rules({ knowledgeFolder: "" }))).toBe(false);
  });

  it("never treats a daily note as an article, even one the daily notes format puts inside the knowledge folder", () => {
    const nested = rules({ dailyFolder: "", dailyFormat: "[knowledge]/YYYY-MM-DD" });
    expect(isArticlePath("knowledge/2026-03-01.md", nested)).toBe(false);
    expect(isArticlePath("knowledge/2026-03-01.md", RULES)).toBe(true);
  });
});

describe("appendRefusal, capture's one exception: appending to a daily note", () => {
  it.each([
    ["daily/2026-03-01.md", RULES],
    ["journal/2026-03-01.md", rules({ dailyFolder: "journal" })],
    ["2026-03-01.md", rules({ dailyFolder: "" })],
    ["knowledge-daily/2026-03-01.md", rules({ dailyFolder: "knowledge-daily" })],
  ])("allows %j", (path, r) => {
    expect(appendRefusal(path, r)).toBeNull();
  });

  it.each([
    ["", "not a plain vault path"],
    ["/daily/2026-03-01.md", "not a plain vault path"],
    ["daily\\2026-03-01.md", "not a plain vault path"],
    ["daily//2026-03-01.md", "not a plain vault path"],
    ["daily/./2026-03-01.md", "not a plain vault path"],
    ["daily/../daily/2026-03-01.md", "not a plain vault path"],
    ["daily/.hidden/2026-03-01.md", "not a plain vault path"],
    ["daily/2026-03-01.txt", "not a daily note"],
    ["daily/sourdough.md", "not a daily note"],
    ["notes/2026-03-01.md", "not a daily note"],
  ])("refuses %j (%s)", (path, why) => {
    expect(appendRefusal(path, RULES)).toContain(why);
  });

  it("refuses a hidden daily notes folder", () => {
    expect(appendRefusal(".daily/2026-03-01.md", rules({ dailyFolder: ".daily" }))).toContain("not a plain vault path");
  });

  it.each(["knowledge", "/knowledge/", " knowledge "])("refuses a daily note inside the knowledge folder %j", (knowledgeFolder) => {
    const r = rules({ knowledgeFolder, dailyFolder: "", dailyFormat: "[knowledge]/YYYY-MM-DD" });
    expect(appendRefusal("knowledge/2026-03-01.md", r)).toContain("inside the knowledge folder");
    expect(appendRefusal("2026-03-01.md", rules({ knowledgeFolder, dailyFolder: "" }))).toBeNull();
  });

  it("refuses every append when the knowledge folder is the vault root", () => {
    expect(appendRefusal("daily/2026-03-01.md", rules({ knowledgeFolder: "" }))).toContain("inside the knowledge folder");
    expect(appendRefusal("daily/2026-03-01.md", rules({ knowledgeFolder: " / " }))).toContain("inside the knowledge folder");
  });
});

describe("headerChangeRefusal, the frontmatter-only exception for proposed headers", () => {
  const body = "# Note\n\nBody text.\n";
  const header = (fields: string, text = body): string => `---\n${fields}\n---\n${text}`;
  const change = (path: string, before: string | null, after: string) => ({ path, before, after });

  it.each([
    ["a note in a plain folder", change("Notes/n.md", header("tags: [a]"), header("tags: [a]\ntldr: x"))],
    ["a note at the vault root", change("n.md", body, header("tldr: x"))],
    ["a note with an upper-case extension", change("Notes/N.MD", body, header("tldr: x"))],
    ["a note inside the knowledge folder", change("knowledge/concepts/a.md", body, header("tldr: x"))],
    ["a note saved with a byte-order mark and no header yet", change("Notes/n.md", `\uFEFF${body}`, header("tldr: x"))],
    ["a note with a byte-order mark before its header", change("Notes/n.md", `\uFEFF${header("tags: [a]")}`, `\uFEFF${header("tags: [a]\ntldr: x")}`)],
    ["the undo of adding a header (before and after swapped)", change("Notes/n.md", header("tldr: x"), body)],
    ["a note whose name looks like a date in another folder", change("Notes/2026-03-01.md", body, header("tldr: x"))],
    ["a note with a colon inside its path (no drive letter)", change("Notes/ab:c.md", body, header("tldr: x"))],
  ])("allows %s", (_what, c) => {
    expect(headerChangeRefusal(c, RULES)).toBeNull();
  });

  it.each([
    ["an empty path", change("", body, header("tldr: x")), "not a vault-relative path"],
    ["a rooted path", change("/Notes/n.md", body, header("tldr: x")), "not a vault-relative path"],
    ["a drive-letter path", change("C:/Notes/n.md", body, header("tldr: x")), "not a vault-relative path"],
    ["a lower-case drive-letter path", change("c:Notes/n.md", body, header("tldr: x")), "not a vault-relative path"],
    ["a backslash path", change("Notes\\n.md", body, header("tldr: x")), "not a vault-relative path"],
    ["an empty segment", change("Notes//n.md", body, header("tldr: x")), "not a plain vault path"],
    ["a dot segment", change("Notes/./n.md", body, header("tldr: x")), "not a plain vault path"],
    ["a path that climbs out", change("../n.md", body, header("tldr: x")), "not a plain vault path"],
    ["a hidden folder", change(".trash/n.md", body, header("tldr: x")), "hidden or config folder"],
    ["a config folder deeper down", change(`Notes/${CONFIG_DIR}/n.md`, body, header("tldr: x")), "hidden or config folder"],
    ["a file that is not markdown", change("Notes/n.txt", body, header("tldr: x")), "not a markdown note"],
    ["a daily note", change("daily/2026-03-01.md", body, header("tldr: x")), "daily note"],
    ["a note that does not exist", change("Notes/n.md", null, header("tldr: x")), "does not exist"],
    ["a body change", change("Notes/n.md", header("tags: [a]"), header("tags: [a]", "# Note\n\nBody text!\n")), "outside its frontmatter"],
    ["a body change in a note without a header", change("Notes/n.md", body, "# Note\n\nBody text!\n"), "outside its frontmatter"],
    ["a second byte-order mark added to a note without a header", change("Notes/n.md", `\uFEFF${body}`, `\uFEFF\uFEFF${body}`), "outside its frontmatter"],
  ])("refuses %s", (_what, c, why) => {
    expect(headerChangeRefusal(c, RULES)).toContain(why);
  });
});

describe("recordedWriteRefusal, checked before writing and again before undoing", () => {
  const body = "# Note\n\nBody text.\n";
  const withHeader = `---\ntldr: x\n---\n${body}`;

  it("holds every write but a header write to the knowledge folder rule", () => {
    expect(recordedWriteRefusal({ path: "knowledge/a.md", before: null, after: body }, "compile", RULES)).toBeNull();
    expect(recordedWriteRefusal({ path: "Notes/n.md", before: body, after: withHeader }, "compile", RULES)).toContain("outside the knowledge folder");
    expect(recordedWriteRefusal({ path: "Notes/n.md", before: body, after: withHeader }, undefined, RULES)).toContain("outside the knowledge folder");
  });

  it("lets a header write change only the frontmatter of a note outside the knowledge folder", () => {
    expect(recordedWriteRefusal({ path: "Notes/n.md", before: body, after: withHeader }, "headers", RULES)).toBeNull();
    expect(recordedWriteRefusal({ path: "Notes/n.md", before: body, after: `${withHeader}more\n` }, "headers", RULES)).toContain("outside its frontmatter");
    expect(recordedWriteRefusal({ path: "daily/2026-03-01.md", before: body, after: withHeader }, "headers", RULES)).toContain("daily note");
  });

  it("lets a header write inside the knowledge folder pass the knowledge folder rule alone", () => {
    expect(recordedWriteRefusal({ path: "knowledge/a.md", before: body, after: `${withHeader}more\n` }, "headers", RULES)).toBeNull();
  });
});

describe("lintFixRefusal: a lint fix writes where lint looks, and nowhere else", () => {
  const vault = rules({ lintScope: "vault" });
  const body = "# Note\n";
  it("keeps the knowledge folder rule while lint covers only that folder", () => {
    expect(lintFixRefusal("knowledge/concepts/a.md", RULES)).toBeNull();
    expect(lintFixRefusal("Notes/n.md", RULES)).toContain("outside the knowledge folder");
    expect(lintFixRefusal("Notes/n.md", rules({ lintScope: "knowledge" }))).toContain("outside the knowledge folder");
  });

  it("lets a fix write any note of the vault lint covers when it lints every note, a daily note among them", () => {
    expect(lintFixRefusal("01. Personal/Teams.md", vault)).toBeNull();
    expect(lintFixRefusal("knowledge/concepts/a.md", vault)).toBeNull();
    expect(lintFixRefusal("daily/2026-03-01.md", vault)).toBeNull();
  });

  it.each([
    [`${CONFIG_DIR}/plugins/x/notes.md`, "hidden or config folder"],
    [".trash/old.md", "hidden or config folder"],
    ["Notes/.hidden/n.md", "hidden or config folder"],
    ["../outside.md", "not a plain vault path"],
    ["/etc/passwd.md", "not a vault-relative path"],
    ["C:/x.md", "not a vault-relative path"],
    ["Notes\\n.md", "not a vault-relative path"],
    ["Notes/n.canvas", "not a markdown note"],
    ["knowledge/reports/lint-2026-03-01.md", "lint report"],
  ])("never lets a fix write %s, whatever the scope", (path, why) => {
    expect(lintFixRefusal(path, vault)).toContain(why);
    expect(lintFixRefusal(path, RULES)).not.toBeNull();
  });

  it("is the rule a recorded lint fix passes, in the scope its record names, before writing and before undoing", () => {
    const change = { path: "Notes/n.md", before: body, after: `${body}more\n` };
    expect(recordedWriteRefusal(change, "lint-fix", RULES, "vault")).toBeNull();
    expect(recordedWriteRefusal(change, "lint-fix", vault)).toContain("outside the knowledge folder");
    expect(recordedWriteRefusal(change, "compile", vault, "vault")).toContain("outside the knowledge folder");
    expect(recordedWriteRefusal({ ...change, path: `${CONFIG_DIR}/n.md` }, "lint-fix", vault, "vault")).toContain("hidden or config folder");
  });
});
