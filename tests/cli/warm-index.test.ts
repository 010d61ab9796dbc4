import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { appendFileSync, cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { runKc } from "../fakes/run-kc";
import { loadVault } from "../../src/node/load-vault";
import { buildRouterIndex } from "../../src/node/router-index";
import { warmRouterIndex } from "../../src/node/router-index-cache";
import { routeQuestion } from "../../src/core/route/route-question";
import type { ArticleIndex } from "../../src/core/route/article-index";

// One warm index for every command: route, ask, prime, graph, headers and the MCP server read kc's index cache,
// checked against each note's size, modification and change time and inode, and read again only what changed.

const DEMO = join(import.meta.dirname, "..", "..", "examples", "demo-vault");
const NOTE = "knowledge/concepts/retry-with-backoff.md";

let vault: string;
let cache: string;
let env: Record<string, string>;
beforeEach(async () => {
  vault = mkdtempSync(join(tmpdir(), "kc-warm-index-vault-"));
  cpSync(DEMO, vault, { recursive: true });
  // A modification time in whole seconds, which utimes can set again exactly.
  utimesSync(join(vault, NOTE), 1_700_000_000, 1_700_000_000);
  cache = mkdtempSync(join(tmpdir(), "kc-warm-index-cache-"));
  env = { KC_CACHE_DIR: cache };
  // Older than the two seconds in which kc reads a just-changed note again at every run.
  await sleep(2_100);
});
afterEach(() => {
  rmSync(vault, { recursive: true, force: true });
  rmSync(cache, { recursive: true, force: true });
});

const cacheFiles = () => readdirSync(cache).filter((f) => f.startsWith("router-") && f.endsWith(".jsonl"));
const QUESTIONS = ["How should uploads retry?", "What breaks on hotel wifi?", "conflict markers", "zebra crossings", "token refresh"];
const routesOf = (index: ArticleIndex, resolve: (l: string, from: string) => string | null) =>
  QUESTIONS.map((q) => routeQuestion(index, q, resolve, { budget: 6000 }));

describe("one warm index for every command", () => {
  it("is one cache file per vault and scope that route writes and prime, graph, headers and ask then only read", async () => {
    expect((await runKc(["route", vault, "How should uploads retry?", "--scope", "vault"], env)).code).toBe(0);
    const [file] = cacheFiles();
    expect(file).toBeDefined();
    const before = statSync(join(cache, file!));
    for (const args of [
      ["prime", vault, "--scope", "vault", "--question", "What breaks on hotel wifi?"],
      ["graph", vault, "--scope", "vault"],
      ["headers", vault, "--all-missing", "3", "--dry-run"],
      ["route", vault, "conflict markers", "--scope", "vault"],
      ["ask", vault, "zzzz qqqq", "--scope", "vault", "--base-url", "http://127.0.0.1:9"],
    ]) {
      expect((await runKc(args, env)).code, args[0]).toBe(0);
      const after = statSync(join(cache, file!));
      expect([after.ino, after.mtimeMs], args[0]).toEqual([before.ino, before.mtimeMs]);
    }
    expect(cacheFiles()).toEqual([file]);
    // Beside it, headers keeps its own file: what it read of each note (note-reading-cache.test.ts).
    expect(readdirSync(cache).filter((f) => f.startsWith("readings-"))).toHaveLength(1);
  });

  it("reads again only the notes added, changed or removed, and routes exactly as an index built from every note", async () => {
    const listed = () => loadVault(vault, {}, undefined, { read: "none" });
    const built = await warmRouterIndex(await listed(), "knowledge", env);
    expect(built.how).toBe("built");
    const again = await warmRouterIndex(await listed(), "knowledge", env);
    expect([again.how, again.reread]).toEqual(["restored", 0]);
    appendFileSync(join(vault, NOTE), "\nZebra crossings slow the retries down.\n");
    writeFileSync(join(vault, "knowledge", "concepts", "zebra-crossings.md"), "---\ntitle: Zebra crossings\ntldr: Where zebras cross.\n---\nZebras.\n");
    rmSync(join(vault, "knowledge", "concepts", "conflict-markers.md"));
    const updated = await warmRouterIndex(await listed(), "knowledge", env);
    expect([updated.how, updated.reread]).toEqual(["updated", 2]);
    const full = await loadVault(vault);
    const fresh = buildRouterIndex(full, "knowledge").index;
    const resolve = (l: string, from: string) => full.index.resolve(l, from);
    expect(routesOf(updated.index, resolve)).toEqual(routesOf(fresh, resolve));
    // The two notes just written changed within two seconds of the run: the next run reads them again, then trusts them.
    const next = await warmRouterIndex(await listed(), "knowledge", env);
    expect([next.how, next.reread]).toEqual(["updated", 2]);
    expect(routesOf(next.index, resolve)).toEqual(routesOf(fresh, resolve));
  });

  it("builds a new index when most notes changed, routing and caching exactly as a first build", async () => {
    const listed = () => loadVault(vault, {}, undefined, { read: "none" });
    const first = await warmRouterIndex(await listed(), "knowledge", env);
    expect(first.how).toBe("built");
    const [file] = cacheFiles();
    const notes = readdirSync(join(vault, "knowledge"), { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".md"));
    // All but two: most of the notes the index reads (the knowledge folder's, not its reports).
    for (const f of notes.slice(2)) appendFileSync(join(vault, "knowledge", f), "\nTouched by a sync.\n");
    const listing = await listed();
    const warm = await warmRouterIndex(listing, "knowledge", env);
    expect([warm.how, warm.reread]).toEqual(["built", first.reread]);
    const afterWarm = readFileSync(join(cache, file!), "utf8");
    const none = mkdtempSync(join(tmpdir(), "kc-warm-index-fresh-"));
    try {
      // The same listing (same load time, so the same notes count as just changed), indexed with no cache.
      const fresh = await warmRouterIndex(listing, "knowledge", { KC_CACHE_DIR: none });
      const resolve = (l: string, from: string) => listing.index.resolve(l, from);
      expect(routesOf(warm.index, resolve)).toEqual(routesOf(fresh.index, resolve));
      expect(afterWarm).toBe(readFileSync(join(none, file!), "utf8"));
    } finally {
      rmSync(none, { recursive: true, force: true });
    }
    // Once they are old enough to trust (read again once more) and one note changes, the cached index is updated.
    await sleep(2_100);
    await warmRouterIndex(await listed(), "knowledge", env);
    appendFileSync(join(vault, NOTE), "\nOne more edit.\n");
    const one = await warmRouterIndex(await listed(), "knowledge", env);
    expect([one.how, one.reread]).toEqual(["updated", 1]);
  });

  it("catches a note edited with the same size and modification time (its change time moved)", async () => {
    const question = ["prime", vault, "--question", "koala", "--max-chars", "40000"];
    expect((await runKc(question, env)).out).not.toContain("retry-with-backoff");
    const path = join(vault, NOTE);
    const { atime, mtime, size } = statSync(path);
    writeFileSync(path, readFileSync(path, "utf8").replace("retry", "koala"));
    utimesSync(path, atime, mtime);
    expect([statSync(path).size, statSync(path).mtimeMs]).toEqual([size, mtime.getTime()]);
    const after = await runKc(question, env);
    expect(after.out).toContain("retry-with-backoff");
    expect(after.out).toBe((await runKc(question, {})).out);
  });

  it("keeps notes of any script and names of any characters (written as ASCII, read back as they were)", async () => {
    writeFileSync(
      join(vault, "knowledge", "concepts", "café-société 😀.md"),
      "---\ntitle: Café société\ntldr: Über naïve Kaffeehäuser, 咖啡馆.\n---\n# Café\n\nNaïve 咖啡馆 talk.\n",
    );
    for (const q of ["naïve café", "咖啡馆", "Kaffeehäuser"]) {
      const args = ["route", vault, q, "--format", "json"];
      const fresh = (await runKc(args, {})).out;
      expect(fresh).toContain("café-société 😀.md");
      expect((await runKc(args, env)).out).toBe(fresh);
      expect((await runKc(args, env)).out).toBe(fresh);
    }
    const [file] = cacheFiles();
    expect(/^[\n\x20-\x7e]*$/.test(readFileSync(join(cache, file!), "latin1"))).toBe(true);
  });

  it("draws the graph from the cache exactly as from the notes, in both scopes, before and after an edit", async () => {
    const graphs = async (extra: Record<string, string>) =>
      Promise.all(
        [
          ["graph", vault, "--scope", "vault"],
          ["graph", vault, "--logs", "--body"],
          ["graph", vault, "--format", "mermaid"],
        ].map(async (a) => (await runKc(a, extra)).out),
      );
    const plain = await graphs({});
    expect(await graphs(env)).toEqual(plain);
    expect(await graphs(env)).toEqual(plain);
    appendFileSync(join(vault, NOTE), "\nSee [[conflict-markers]] and [[nowhere-yet]].\n");
    const edited = await graphs({});
    expect(edited).not.toEqual(plain);
    expect(await graphs(env)).toEqual(edited);
  });

  it("refreshes from the index it holds in memory (the MCP server's reloads) without reading the file again", async () => {
    const listed = () => loadVault(vault, {}, undefined, { read: "none" });
    const first = await warmRouterIndex(await listed(), "vault", env);
    for (const f of cacheFiles()) rmSync(join(cache, f));
    const again = await warmRouterIndex(await listed(), "vault", env, first.state);
    expect([again.how, again.reread]).toEqual(["restored", 0]);
    expect(again.index).toBe(first.index);
    appendFileSync(join(vault, NOTE), "\nMore.\n");
    expect((await warmRouterIndex(await listed(), "vault", env, again.state)).reread).toBe(1);
  });
});
