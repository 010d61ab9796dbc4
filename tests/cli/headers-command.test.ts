import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
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
