import { describe, expect, it } from "vitest";
import { readCkpHeader } from "../../../src/core/ckp/read-ckp-header";
import { commitWrites } from "../../../src/core/workflows/commit-writes";
import { parseNote } from "../../../src/core/notes/parse-note";
import { ArticleIndex } from "../../../src/core/route/article-index";
import { buildArticleDoc } from "../../../src/core/route/article-doc";
import { proposeNoteHeaders, type HeaderProposal } from "../../../src/core/workflows/propose-headers-workflow";
import { undoLast } from "../../../src/core/workflows/undo-workflow";
import { headerChangeRefusal } from "../../../src/core/knowledge/write-rules";
import { InMemoryNoteStore } from "../../fakes/in-memory-note-store";
import { TEST_RULES } from "../../fakes/in-memory-compile-host";
import { inMemoryKcHost } from "../../fakes/in-memory-kc-host";
import { ordinaryVaultFiles } from "../../fakes/ordinary-vault";
import { ScriptedLanguageModel } from "../../fakes/scripted-language-model";

const NOW = "2026-03-14T10:00:00.000Z";

/** A KcHost over an ordinary vault in memory, its router index over every note (as `--scope vault` builds it). */
function vaultHost(files: Record<string, string>, model = new ScriptedLanguageModel([])) {
  const store = new InMemoryNoteStore(files);
  const host = inMemoryKcHost(store, model, { nowIso: NOW });
  const index = new ArticleIndex();
  for (const [path, text] of Object.entries(files)) index.upsert(buildArticleDoc(path, text, parseNote(text)));
  return { store, model, host: { ...host, index: () => index } };
}

const bodyOf = (text: string): string => text.slice(parseNote(text).bodyStartOffset);

describe("proposeNoteHeaders", () => {
  it("drafts a TLDR from the opening, answers_when from headings and stamped relationships from links and neighbours", async () => {
    const { host } = vaultHost(ordinaryVaultFiles());
    const run = await proposeNoteHeaders(host, { paths: ["Projects/Garden irrigation"], dryRun: true });
    expect(run.skipped).toEqual([]);
    const p = run.proposals[0]!;
    expect(p.fields.tldr).toBe("The drip lines run for twenty minutes at six in the morning; the timer sits by the shed.");
    expect(p.fields.answers_when).toEqual(["winter shutdown", "parts"]);
    expect(p.fields.similar_high).toEqual(["[[Reference/Frost dates|Frost dates · 2026-03]]", "[[Reference/Hardware store|Hardware store · 2026-03]]"]);
    const header = readCkpHeader(parseNote(p.after).frontmatter);
    expect(header.tags).toEqual(["garden", "water"]);
    expect(header.aliases).toEqual(["Drip system"]);
    expect(bodyOf(p.after)).toBe(bodyOf(p.before));
  });

  it("never replaces a field the note has, and skips a note that has them all, a daily note and a missing one", async () => {
    const files = ordinaryVaultFiles();
    files["Cooking/Pancakes.md"] = "---\ntldr: Mine.\n---\n# Pancakes\n\n## Batter\n\nTwo eggs.\n";
    files["Done.md"] = '---\ntldr: Done.\nanswers_when: [done]\nsimilar_mid: ["[[Inbox]] 2026-01"]\n---\nDone.\n';
    files["daily/2026-03-01.md"] = "# Monday\n\nWatered the garden.\n";
    const { host } = vaultHost(files);
    const run = await proposeNoteHeaders(host, { paths: ["Cooking/Pancakes.md", "Done", "daily/2026-03-01.md", "Nowhere"], dryRun: true });
    expect(run.proposals.map((p) => p.path)).toEqual(["Cooking/Pancakes.md"]);
    expect(run.proposals[0]!.fields.tldr).toBeUndefined();
    expect(run.proposals[0]!.fields.answers_when).toEqual(["batter"]);
    expect(run.skipped.map((s) => s.path)).toEqual(["Nowhere", "Done.md", "daily/2026-03-01.md"]);
    expect(run.skipped[2]!.reason).toContain("daily note");
  });

  it("writes only the accepted notes, as one undoable write, and undo puts them back byte for byte", async () => {
    const files = ordinaryVaultFiles();
    const { host, store } = vaultHost(files);
    const run = await proposeNoteHeaders(host, { paths: [], allMissing: 10 }, { review: (ps) => Promise.resolve(new Set(ps.slice(0, 8).map((p) => p.path))) });
    expect(run.proposals).toHaveLength(10);
    expect(run.proposals.map((p) => p.path)).not.toContain("2026-03-02.md");
    expect(run.written?.op).toBe("headers");
    expect(run.written?.files).toHaveLength(8);
    for (const f of run.written!.files) {
      expect(store.files.get(f.path)).not.toBe(files[f.path]);
      expect(bodyOf(store.files.get(f.path)!)).toBe(bodyOf(files[f.path]!));
    }
    const undone = await undoLast(host);
    expect(undone.ok && undone.value?.op).toBe("headers");
    expect(Object.fromEntries(store.files)).toEqual(files);
  });

  it("asks the model only after the most it can cost is accepted, and uses its TLDR and phrases", async () => {
    const reply = JSON.stringify({
      notes: [{ path: "Cooking/Sourdough starter.md", tldr: "Feed daily with equal flour and water.", answers_when: ["feeding schedule", "revive starter"] }],
    });
    const { host, model } = vaultHost(ordinaryVaultFiles(), new ScriptedLanguageModel([reply]));
    const declined = await proposeNoteHeaders(
      host,
      { paths: ["Cooking/Sourdough starter"], model: true, dryRun: true },
      { confirmSpend: () => Promise.resolve(false) },
    );
    expect(declined.pass.status).toBe("declined");
    expect(model.requests).toHaveLength(0);
    let asked = 0;
    const run = await proposeNoteHeaders(
      host,
      { paths: ["Cooking/Sourdough starter"], model: true, dryRun: true },
      {
        confirmSpend: (e) => {
          asked = e.maxUsd ?? Number.NaN;
          return Promise.resolve(true);
        },
      },
    );
    expect(asked).toBeGreaterThan(0);
    expect(model.requests).toHaveLength(1);
    expect(run.proposals[0]!.by).toBe("model");
    expect(run.proposals[0]!.fields.tldr).toBe("Feed daily with equal flour and water.");
    expect(run.proposals[0]!.fields.answers_when).toEqual(["feeding schedule", "revive starter"]);
    expect(run.pass.status === "done" && run.pass.usd).toBeGreaterThan(0);
  });
});

describe("proposeNoteHeaders over a vault with clippings, stubs and reports", () => {
  const clip = (title: string): string =>
    `---\nsource: https://example.org/${title}\n---\n# ${title}\n\nThis page was clipped with the web clipper and saved for later reading in the vault.\n\nThe ${title.toLowerCase()} keeps its own notes below the clipping about what it means.\n`;

  it("never gives two notes the same TLDR: the second takes its next candidate, or none", async () => {
    const files = {
      "Clips/Clip web pages.md": clip("Clip web pages"),
      "Clips/Highlight web pages.md": clip("Highlight web pages"),
      "Clips/Bare.md": "# Bare\n\nThis page was clipped with the web clipper and saved for later reading in the vault.\n",
    };
    const { host } = vaultHost(files);
    const run = await proposeNoteHeaders(host, { paths: Object.keys(files), dryRun: true });
    const tldrs = run.proposals.map((p) => p.fields.tldr).filter((t): t is string => t !== undefined);
    expect(new Set(tldrs.map((t) => t.toLowerCase())).size).toBe(tldrs.length);
    expect(tldrs.filter((t) => t.startsWith("This page was clipped"))).toHaveLength(1);
  });

  it("skips a note whose only missing field is a TLDR another note has, after the notes skipped while drafting", async () => {
    const files = {
      "Clips/A.md": clip("A"),
      "Clips/B.md": `---\nanswers_when:\n  - what b is\nsimilar_high:\n  - "[[Clips/A]] 2026-01"\n---\n# B\n\nThe a keeps its own notes below the clipping about what it means.\n`,
      "Clips/Empty.md": "\n",
    };
    const { host } = vaultHost(files);
    const run = await proposeNoteHeaders(host, { paths: Object.keys(files), dryRun: true });
    expect(run.proposals.map((p) => p.path)).toEqual(["Clips/A.md"]);
    expect(run.skipped).toEqual([
      { path: "Clips/Empty.md", reason: "is empty, and no note links to it" },
      { path: "Clips/B.md", reason: "its only TLDR is another note's" },
    ]);
  });

  it("gives a stub that notes link to the name's question and those notes as SIMILAR_HIGH, and skips a stub nothing links to", async () => {
    const files = {
      "Tech/Low Voltage Differential Signalling.md": "",
      "Tech/Display Interfaces.md": "# Display Interfaces\n\nPanels take [[Low Voltage Differential Signalling|LVDS]] or eDP from the board.\n",
      "Tech/Camera Interfaces.md": "# Camera Interfaces\n\nOld sensors speak [[Low Voltage Differential Signalling|LVDS]] over a ribbon.\n",
      "Tech/Orphan Stub.md": "\n",
    };
    const { host } = vaultHost(files);
    const run = await proposeNoteHeaders(host, { paths: ["Tech/Low Voltage Differential Signalling.md", "Tech/Orphan Stub.md"], dryRun: true });
    const stub = run.proposals.find((p) => p.path === "Tech/Low Voltage Differential Signalling.md")!;
    expect(stub.fields.tldr).toBeUndefined();
    expect(stub.fields.answers_when).toEqual(["what is low voltage differential signalling (LVDS)"]);
    expect(stub.relations.map((r) => [r.target, r.tier, r.why])).toEqual([
      ["Tech/Camera Interfaces.md", "high", "backlink"],
      ["Tech/Display Interfaces.md", "high", "backlink"],
    ]);
    expect(run.skipped).toEqual([{ path: "Tech/Orphan Stub.md", reason: "is empty, and no note links to it" }]);
  });

  it("never relates a note to a generated report or a template, by link or by words", async () => {
    const files = {
      "Garden/Frost.md":
        "# Frost\n\nFrost dates decide when the irrigation lines are drained. See [[Broken Links Output 2025-12-23]] and [[Frost template]].\n",
      "Garden/Irrigation.md": "# Irrigation\n\nDrain the irrigation lines before the first frost dates of autumn.\n",
      "Audit/Broken Links Output 2025-12-23.md": "# Broken links\n\nFrost dates irrigation lines drained frost dates irrigation lines.\n",
      "Templates/Frost template.md": "# <% tp.file.title %>\n\nFrost dates irrigation lines drained.\n",
      ...Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`Other/Note ${i}.md`, `# Note ${i}\n\nA note about topic number ${i} and nothing else.\n`])),
    };
    const { host } = vaultHost(files);
    const run = await proposeNoteHeaders(host, { paths: ["Garden/Frost.md"], dryRun: true });
    const targets = run.proposals[0]!.relations.map((r) => r.target);
    expect(targets).not.toContain("Audit/Broken Links Output 2025-12-23.md");
    expect(targets).not.toContain("Templates/Frost template.md");
    expect(targets).toContain("Garden/Irrigation.md");
  });

  it("puts the notes the Ask panel's past questions loaded first among --all-missing, then the most linked to", async () => {
    const { host } = vaultHost(ordinaryVaultFiles());
    host.pluginFileTexts.set("ask-history.json", JSON.stringify({ questions: ["how long should the train reservation be made for the coast in summer"] }));
    const run = await proposeNoteHeaders(host, { paths: [], allMissing: 2, dryRun: true });
    expect(run.proposals.map((p) => p.path)).toEqual(["Travel/Train to the coast.md", "Projects/Garden irrigation.md"]);
  });
});

describe("the header write rule", () => {
  const before = "---\ntags: [a]\n---\n# Note\n\nBody text.\n";

  it("allows a frontmatter-only change of an existing note outside the knowledge folder", () => {
    expect(headerChangeRefusal({ path: "Notes/n.md", before, after: "---\ntags: [a]\ntldr: x\n---\n# Note\n\nBody text.\n" }, TEST_RULES)).toBeNull();
    expect(headerChangeRefusal({ path: "Notes/n.md", before: "# Note\n", after: "---\ntldr: x\n---\n# Note\n" }, TEST_RULES)).toBeNull();
  });

  it.each([
    ["a body change", "Notes/n.md", before, "---\ntags: [a]\ntldr: x\n---\n# Note\n\nBody text!\n", "outside its frontmatter"],
    ["a new note", "Notes/n.md", null, before, "does not exist"],
    ["a daily note", "daily/2026-03-01.md", before, "---\ntldr: x\n---\n# Note\n\nBody text.\n", "daily note"],
    ["a hidden folder", ".trash/n.md", before, "---\ntldr: x\n---\n# Note\n\nBody text.\n", "hidden"],
    ["a path that climbs out", "../n.md", before, "---\ntldr: x\n---\n# Note\n\nBody text.\n", "plain vault path"],
  ])("refuses %s", (_what, path, b, after, why) => {
    expect(headerChangeRefusal({ path, before: b, after }, TEST_RULES)).toContain(why);
  });

  it("makes the commit path refuse a header write that changes a body, writing nothing and keeping no journal", async () => {
    const { host, store } = vaultHost({ "Notes/n.md": before });
    const bad: HeaderProposal = { path: "Notes/n.md", before, after: "---\ntags: [a]\n---\n# Note\n\nChanged.\n", fields: {}, relations: [], by: "draft" };
    const r = await commitWrites(store, host.rules(), host.records, {
      version: 1,
      op: "headers",
      at: NOW,
      logPath: "1 note",
      previousState: null,
      files: [bad],
    });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toContain("outside its frontmatter");
    expect(store.files.get("Notes/n.md")).toBe(before);
    expect(host.records.journal).toBeNull();
    const other = await commitWrites(store, host.rules(), host.records, {
      version: 1,
      op: "compile",
      at: NOW,
      logPath: "x",
      previousState: null,
      files: [{ path: "Notes/n.md", before, after: "---\ntldr: x\n---\n# Note\n\nBody text.\n" }],
    });
    expect(!other.ok && other.error).toContain("outside the knowledge folder");
  });
});
