import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import process from "node:process";
import { parseNote } from "../../src/core/notes/parse-note";
import { startLoopbackAnthropic, type LoopbackServer } from "../fakes/loopback-anthropic-server";
import { ordinaryVaultFiles } from "../fakes/ordinary-vault";
import { runKc } from "../fakes/run-kc";
import { tempVaults } from "../fakes/temp-vault";
import { CONFIG_DIR } from "../fakes/config-dir";

const vaults = tempVaults();
let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackAnthropic();
});
afterEach(async () => {
  vaults.cleanup();
  await server.close();
});

/** Every markdown note of a folder (outside hidden folders) by its vault path, as bytes read now. */
function notesOf(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string): void => {
    for (const name of readdirSync(d)) {
      if (name.startsWith(".")) continue;
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (name.endsWith(".md")) out[relative(dir, p).split("\\").join("/")] = readFileSync(p, "utf8");
    }
  };
  walk(dir);
  return out;
}

const bodyOf = (text: string): string => text.slice(parseNote(text).bodyStartOffset);

describe("kc headers on an ordinary vault", () => {
  it("then kc undo leaves no trace: no empty plugin folder, and no config folder in a folder that had none", async () => {
    const dir = vaults.make(ordinaryVaultFiles());
    expect((await runKc(["headers", dir, "--all-missing", "3", "--yes"])).code).toBe(0);
    expect(existsSync(join(dir, CONFIG_DIR, "plugins", "ckp-knowledge-compiler"))).toBe(true);
    const undone = await runKc(["undo", dir]);
    expect(undone.code, undone.err).toBe(0);
    expect(readdirSync(dir).filter((n) => n.startsWith("."))).toEqual([]);
  });

  it("then kc undo keeps the vault's own config folder and what is in it, removing only the folders kc left empty", async () => {
    const dir = vaults.make({ ...ordinaryVaultFiles(), [`${CONFIG_DIR}/app.json`]: "{}", [`${CONFIG_DIR}/plugins/other-plugin/data.json`]: "{}" });
    expect((await runKc(["headers", dir, "--all-missing", "3", "--yes"])).code).toBe(0);
    expect((await runKc(["undo", dir])).code).toBe(0);
    expect(readdirSync(join(dir, CONFIG_DIR)).sort()).toEqual(["app.json", "plugins"]);
    expect(readdirSync(join(dir, CONFIG_DIR, "plugins"))).toEqual(["other-plugin"]);
  });

  it("proposes headers for ten notes, writes them only after review (--yes), frontmatter only, and kc undo puts them back byte for byte", async () => {
    const dir = vaults.make(ordinaryVaultFiles());
    const before = notesOf(dir);
    const dry = await runKc(["headers", dir, "--all-missing", "10", "--dry-run"]);
    expect(dry.code).toBe(0);
    expect(dry.out.match(/\(offline draft\)/g)).toHaveLength(10);
    expect(dry.out).toContain("similar_high: Reference/Frost dates (linked from the note)");
    expect(notesOf(dir)).toEqual(before);

    const unasked = await runKc(["headers", dir, "--all-missing", "10"]);
    expect(unasked.err).toContain("Nothing was written: re-run with --yes");
    expect(notesOf(dir)).toEqual(before);

    const written = await runKc(["headers", dir, "--all-missing", "10", "--yes"]);
    expect(written.code).toBe(0);
    expect(written.err).toContain("Wrote headers to 10 notes");
    const after = notesOf(dir);
    const changed = Object.keys(after).filter((p) => after[p] !== before[p]);
    expect(changed).toHaveLength(10);
    for (const p of changed) expect(bodyOf(after[p]!)).toBe(bodyOf(before[p]!));
    expect(existsSync(join(dir, "knowledge"))).toBe(false);

    const route = JSON.parse((await runKc(["route", dir, "sourdough starter feeding", "--scope", "vault", "--format", "json"])).out) as {
      loaded: { path: string; reason: { terms: { fields: string[] }[] } }[];
    };
    expect(route.loaded[0]!.path).toBe("Cooking/Sourdough starter.md");

    const undo = await runKc(["undo", dir]);
    expect(undo.code).toBe(0);
    expect(undo.out.match(/^restored /gm)).toHaveLength(10);
    expect(notesOf(dir)).toEqual(before);
  });

  it("shows the model pass's total before calling, asks above the threshold (nothing called without a terminal or --yes), and an unknown model's cost is unknown", async () => {
    const dir = vaults.make(ordinaryVaultFiles());
    const env = { ANTHROPIC_API_KEY: "sk-test" };
    const above = await runKc(["headers", dir, "Health/Sleep", "--with-model", "--base-url", server.baseUrl, "--dry-run", "--confirm-above", "0"], env);
    expect(above.err).toMatch(/Improving the drafts in 1 call with claude-[\w-]+: about \d+ prompt tokens, about \$[\d.]+, at most \$[\d.]+\./);
    expect(above.err).toContain("re-run with --yes");
    const unknown = await runKc(["headers", dir, "Health/Sleep", "--model", "claude-test", "--base-url", server.baseUrl, "--dry-run"], env);
    expect(unknown.err).toContain("cost unknown (no price for claude-test");
    expect(server.requests).toHaveLength(0);
    server.replies.push({
      kind: "tool",
      name: "record_headers",
      input: { notes: [{ path: "Health/Sleep.md", tldr: "Screens off after ten and a cool bedroom.", answers_when: ["sleep hygiene"] }] },
    });
    const r = await runKc(["headers", dir, "Health/Sleep", "--model", "claude-test", "--base-url", server.baseUrl, "--yes"], env);
    expect(r.code).toBe(0);
    expect(server.requests).toHaveLength(1);
    expect(r.out).toContain("tldr: Screens off after ten and a cool bedroom.");
    expect(readFileSync(join(dir, "Health/Sleep.md"), "utf8")).toContain("tldr: Screens off after ten and a cool bedroom.");
  });

  it("runs a model pass under the threshold without asking, as compile --all does", async () => {
    const dir = vaults.make(ordinaryVaultFiles());
    server.replies.push({
      kind: "tool",
      name: "record_headers",
      input: { notes: [{ path: "Health/Sleep.md", tldr: "Screens off after ten.", answers_when: ["sleep hygiene"] }] },
    });
    const r = await runKc(["headers", dir, "Health/Sleep", "--with-model", "--base-url", server.baseUrl, "--dry-run", "--confirm-above", "5"], {
      ANTHROPIC_API_KEY: "sk-test",
    });
    expect(r.err).toMatch(/Improving the drafts in 1 call with/);
    expect(server.requests).toHaveLength(1);
    expect(r.out).toContain("tldr: Screens off after ten.");
  });

  it("says what it needs when given no notes, and names a note it cannot find", async () => {
    const dir = vaults.make(ordinaryVaultFiles());
    expect((await runKc(["headers", dir])).code).toBe(2);
    const missing = await runKc(["headers", dir, "No such note", "--yes"]);
    expect(missing.code).toBe(1);
    expect(missing.err).toContain("skipped No such note: no such note");
  });
});

describe("kc headers: which notes, and which are written", () => {
  const odd = (): Record<string, string> => ({
    ...ordinaryVaultFiles(),
    [`${CONFIG_DIR}/templates.json`]: JSON.stringify({ folder: "Meta/Forms" }),
    [`${CONFIG_DIR}/plugins/templater-obsidian/data.json`]: JSON.stringify({ templates_folder: "Meta/Templater" }),
    "Meta/Forms/Meeting.md": "# Meeting\n\nAgenda, people and the decisions of the meeting, one per line, go here.\n",
    "Meta/Templater/Book.md": "# Book notes\n\nWhat the book says and what I think of it, chapter by chapter, in order.\n",
    "Notes/Daily template.md": "---\ncreated: <% tp.date.now() %>\n---\n# <% tp.file.title %>\n\nWhat happened today and what I learnt from it.\n",
    "Notes/Weekly.md": "# {{title}}\n\nThe week in review: what went well, what did not, and what comes next.\n",
    "Drawings/Shed plan.excalidraw.md": "---\nexcalidraw-plugin: parsed\n---\n# Text Elements\n\nShed door and the window on the south wall of the garden.\n",
    "Boards/Chores.md": "---\nkanban-plugin: basic\n---\n## To do\n\n- [ ] Clean the gutters before the autumn rain comes back\n",
    "Audit/Broken Links Output 2025-12-23.md": "- [[Nowhere]] in [[Inbox]]\n- [[Missing]] in [[Inbox]] and more broken links listed here\n",
    "Chats/Research@20251220_125642.md":
      "**user**: Research the frost dates for the garden this year\n\n**ai**: The last spring frost here is around mid April.\n",
    "Reference/Links.md": "# Links\n\nThe [[Garden irrigation]] timer, the [[Frost dates]] and the [[Hardware store]] all matter in spring.\n",
  });
  const never = [
    "Meta/Forms/Meeting.md",
    "Meta/Templater/Book.md",
    "Notes/Daily template.md",
    "Notes/Weekly.md",
    "Drawings/Shed plan.excalidraw.md",
    "Boards/Chores.md",
    "Audit/Broken Links Output 2025-12-23.md",
    "Chats/Research@20251220_125642.md",
  ];

  it("never proposes a template, drawing, board or generated report, says why when one is named, and never relates one", async () => {
    const dir = vaults.make(odd());
    const all = await runKc(["headers", dir, "--all-missing", "100", "--dry-run"]);
    for (const p of never) expect(all.out).not.toContain(p.replace(/\.md$/, ""));
    const named = await runKc(["headers", dir, ...never, "--dry-run"]);
    expect(named.err).toContain("skipped Meta/Forms/Meeting.md: is a template (in the template folder)");
    expect(named.err).toContain("skipped Meta/Templater/Book.md: is a template (in the template folder)");
    expect(named.err).toContain("skipped Notes/Daily template.md: is a template (it holds placeholders");
    expect(named.err).toContain("skipped Notes/Weekly.md: is a template (it holds placeholders");
    expect(named.err).toContain("skipped Drawings/Shed plan.excalidraw.md: is an Excalidraw drawing");
    expect(named.err).toContain("skipped Boards/Chores.md: is a Kanban board");
    expect(named.err).toContain("skipped Audit/Broken Links Output 2025-12-23.md: is a generated report (a dated tool report)");
    expect(named.err).toContain("skipped Chats/Research@20251220_125642.md: is a generated report (a chat transcript)");
    expect(named.err).toContain("No header to propose.");
  });

  it("picks the notes that gain most for --all-missing N: the most linked to, not the first by path", async () => {
    const dir = vaults.make(odd());
    const two = await runKc(["headers", dir, "--all-missing", "2", "--dry-run"]);
    const proposed = [...two.out.matchAll(/^(\S.*?) \(offline draft\)$/gm)].map((m) => m[1]);
    // Garden irrigation is linked from three notes; Frost dates from two; the first by path (Cooking/…) from one.
    expect(proposed).toEqual(["Projects/Garden irrigation.md", "Reference/Frost dates.md"]);
  });

  it("writes only the notes an --accept file lists, and names a listed note that has no proposal", async () => {
    const dir = vaults.make(ordinaryVaultFiles());
    const before = notesOf(dir);
    const list = join(dir, "..", `accept-${process.pid}.txt`);
    writeFileSync(list, "# the two I checked\nProjects/Garden irrigation.md\nHealth/Sleep\nNo/Such note.md\n");
    try {
      const r = await runKc(["headers", dir, "--all-missing", "10", "--accept", list]);
      expect(r.code).toBe(0);
      expect(r.err).toContain("--accept lists No/Such note.md, which has no proposal here; left alone.");
      expect(r.err).toContain("Wrote headers to 2 notes");
      const after = notesOf(dir);
      expect(
        Object.keys(after)
          .filter((p) => after[p] !== before[p])
          .sort(),
      ).toEqual(["Health/Sleep.md", "Projects/Garden irrigation.md"]);
      expect((await runKc(["headers", dir, "Cooking/Pancakes", "--accept", join(dir, "nowhere.txt")])).code).toBe(2);
    } finally {
      rmSync(list, { force: true });
    }
  });

  it("asks about each note on a terminal and writes only the accepted ones", async () => {
    const dir = vaults.make(ordinaryVaultFiles());
    const before = notesOf(dir);
    const asked: string[] = [];
    const r = await runKc(["headers", dir, "Projects/Garden irrigation", "Health/Sleep", "Cooking/Pancakes"], {}, (q) => {
      asked.push(q);
      return Promise.resolve(q.includes("Health/Sleep.md"));
    });
    expect(asked).toEqual([
      "(1/3) Write the header of Projects/Garden irrigation.md?",
      "(2/3) Write the header of Health/Sleep.md?",
      "(3/3) Write the header of Cooking/Pancakes.md?",
    ]);
    expect(r.err).toContain("Wrote headers to 1 note");
    const after = notesOf(dir);
    expect(Object.keys(after).filter((p) => after[p] !== before[p])).toEqual(["Health/Sleep.md"]);
  });
});

// A real third-party vault (see ../shared/research-data/README.md), copied to a temporary folder: never written in place.
// KC_RESEARCH_DATA names the folder where the repository is not checked out beside shared/ (a git worktree).
const NOCLOCKS = join(process.env.KC_RESEARCH_DATA ?? join(import.meta.dirname, "..", "..", "..", "shared", "research-data"), "noclocks-vault");

describe.skipIf(!existsSync(NOCLOCKS))("a copy of noclocks-vault, an ordinary vault with no knowledge folder", () => {
  it("routes, draws, primes, and takes headers on ten notes that undo puts back byte for byte", async () => {
    const dir = mkdtempSync(join(tmpdir(), "kc-noclocks-"));
    try {
      cpSync(NOCLOCKS, dir, { recursive: true });
      const route = JSON.parse((await runKc(["route", dir, "how do I trap signals in a bash script", "--scope", "vault", "--format", "json"])).out) as {
        loaded: { path: string }[];
      };
      expect(route.loaded[0]!.path).toBe("04-RESOURCES/Code/Bash/Bash - Trap Command.md");
      const graph = JSON.parse((await runKc(["graph", dir, "--scope", "vault"])).out) as { nodes: unknown[]; edges: unknown[] };
      expect(graph.nodes.length).toBeGreaterThan(300);
      expect(graph.edges.length).toBeGreaterThan(500);
      const prime = await runKc(["prime", dir, "--scope", "vault", "--question", "how do I check if a directory exists in bash"]);
      expect(prime.out).toContain("## Bash - Check if Directory Exists");
      const before = notesOf(dir);
      const written = await runKc(["headers", dir, "--all-missing", "10", "--yes"]);
      expect(written.err).toContain("Wrote headers to 10 notes");
      expect((await runKc(["undo", dir])).code).toBe(0);
      expect(notesOf(dir)).toEqual(before);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
