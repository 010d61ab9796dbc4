import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runKc } from "../fakes/run-kc";

const DEMO = join(import.meta.dirname, "..", "..", "examples", "demo-vault");
let vault: string;
let cache: string;
beforeEach(() => {
  vault = mkdtempSync(join(tmpdir(), "kc-prime-cache-vault-"));
  cpSync(DEMO, vault, { recursive: true });
  cache = mkdtempSync(join(tmpdir(), "kc-prime-cache-"));
});
afterEach(() => {
  rmSync(vault, { recursive: true, force: true });
  rmSync(cache, { recursive: true, force: true });
});

const prime = (question: string, env: Record<string, string> = { KC_CACHE_DIR: cache }) => runKc(["prime", vault, "--hook", "--question", question], env);

describe("kc prime's index cache", () => {
  it("writes the router's index once and primes from it exactly as from the notes", async () => {
    const fresh = await prime("How should uploads retry?", {});
    const first = await prime("How should uploads retry?");
    expect(readdirSync(cache).filter((f) => f.endsWith(".jsonl"))).toHaveLength(1);
    const second = await prime("How should uploads retry?");
    expect(first.out).toBe(fresh.out);
    expect(second.out).toBe(fresh.out);
    for (const q of ["What breaks on hotel wifi?", "Which snapshot camera is good for a beginner?"]) {
      expect((await prime(q)).out).toBe((await prime(q, {})).out);
    }
  });

  it("rebuilds when a knowledge note changes, and never reads a stale index", async () => {
    await prime("zebra crossings");
    const note = join(vault, "knowledge", "concepts", "zebra-crossings.md");
    writeFileSync(
      note,
      "---\ntitle: Zebra crossings\ntldr: Where the zebras cross the sync queue.\nanswers_when: [zebra crossings]\n---\n# Zebra crossings\n\nZebras cross here.\n",
    );
    const after = await prime("zebra crossings");
    expect(after.out).toContain("[[knowledge/concepts/zebra-crossings]]");
    rmSync(note);
    expect((await prime("zebra crossings")).out).not.toContain("zebra-crossings]]");
  });

  it("ignores a cache file it cannot read, and keeps none with KC_CACHE=off", async () => {
    await prime("How should uploads retry?");
    const [file] = readdirSync(cache);
    writeFileSync(join(cache, file!), "{ not json");
    const r = await prime("How should uploads retry?");
    expect(r.code).toBe(0);
    expect(r.out).toContain("retry-with-backoff");
    // Rebuilt: the fingerprint's line, then the router index in the plugin's snapshot format.
    const [fingerprint, header] = readFileSync(join(cache, file!), "utf8").split("\n");
    expect(typeof JSON.parse(fingerprint!)).toBe("string");
    expect(JSON.parse(header!)).toHaveProperty("format", "kc-router-index");
    const off = mkdtempSync(join(tmpdir(), "kc-prime-cache-off-"));
    await prime("How should uploads retry?", { KC_CACHE: "off", KC_CACHE_DIR: off });
    expect(readdirSync(off)).toEqual([]);
    rmSync(off, { recursive: true, force: true });
  });
});
