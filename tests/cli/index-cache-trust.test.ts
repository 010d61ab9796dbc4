import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import {
  chmodSync,
  chownSync,
  cpSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { setTimeout as sleep } from "node:timers/promises";
import { runKc } from "../fakes/run-kc";
import { CONFIG_DIR } from "../../src/node/config-dir";

// Caches never carry a secret out: kc's index cache holds every word of every note it indexes, so it is private (a
// folder 0700, files 0600 created so), never read through a link, from a FIFO, from another user or when others can
// read it, and a cache whose contents were edited never makes a command print a file outside the vault or the scope.

const DEMO = join(import.meta.dirname, "..", "..", "examples", "demo-vault");
const DATA = join(CONFIG_DIR, "plugins", "ckp-knowledge-compiler", "data.json");
const SECRET = "DATA-JSON-SECRET-7f3a";
const ARTICLE = "knowledge/concepts/retry-with-backoff.md";
const QUESTION = "How should uploads retry?";
const POSIX = process.platform !== "win32";
const ROOT = POSIX && process.getuid?.() === 0;

let vault: string;
let home: string;
let cache: string;
// One vault for every case (they change only the cache), older than the two seconds in which kc reads a just-changed
// note again at every run: a cache is then rewritten only when it was not used.
beforeAll(async () => {
  vault = mkdtempSync(join(tmpdir(), "kc-cache-trust-vault-"));
  cpSync(DEMO, vault, { recursive: true });
  const data = JSON.parse(readFileSync(join(vault, DATA), "utf8")) as Record<string, unknown>;
  writeFileSync(join(vault, DATA), JSON.stringify({ ...data, secretNote: SECRET }, null, 2));
  writeFileSync(join(vault, "daily", "private-diary.md"), `# Diary\n\nUploads retry with backoff. ${SECRET}\n`);
  await sleep(2_100);
});
afterAll(() => rmSync(vault, { recursive: true, force: true }));
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), "kc-cache-trust-home-"));
  cache = join(home, "cache", "knowledge-compiler");
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

const prime = (env: Record<string, string> = { KC_CACHE_DIR: cache }, scope = "knowledge") =>
  runKc(["prime", vault, "--question", QUESTION, "--max-chars", "40000", "--scope", scope], env);
const cacheFile = (): string => {
  const files = readdirSync(cache).filter((f) => f.endsWith(".jsonl"));
  expect(files).toHaveLength(1);
  return join(cache, files[0]!);
};
const mode = (path: string): number => lstatSync(path).mode & 0o777;

describe.skipIf(!POSIX)("caches never carry a secret out", () => {
  it("makes the cache folder 0700 and its files 0600, created so: nothing is ever readable by others, whatever the umask", async () => {
    const before = process.umask(0);
    try {
      expect((await prime()).code).toBe(0);
    } finally {
      process.umask(before);
    }
    expect(mode(cache)).toBe(0o700);
    expect(mode(cacheFile())).toBe(0o600);
  });

  it("makes an older kc's cache folder (0755, files 0644) private before it reads or writes there", async () => {
    mkdirSync(cache, { recursive: true, mode: 0o755 });
    chmodSync(cache, 0o755);
    writeFileSync(join(cache, "router-0000000000000000.jsonl"), "an older vault's index", { mode: 0o644 });
    chmodSync(join(cache, "router-0000000000000000.jsonl"), 0o644);
    expect((await prime()).code).toBe(0);
    expect(mode(cache)).toBe(0o700);
    for (const f of readdirSync(cache)) expect(mode(join(cache, f)), f).toBe(0o600);
  });

  it("uses no cache folder that is a link: nothing is written where it leads, and prime still primes", async () => {
    const elsewhere = mkdtempSync(join(tmpdir(), "kc-cache-trust-elsewhere-"));
    try {
      mkdirSync(join(home, "cache"), { recursive: true });
      symlinkSync(elsewhere, cache);
      const r = await prime();
      expect(r.code).toBe(0);
      expect(r.out).toContain("retry-with-backoff");
      expect(readdirSync(elsewhere)).toEqual([]);
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });

  it("never reads a cache file through a link: the link is replaced by a file of its own", async () => {
    await prime();
    const file = cacheFile();
    const kept = join(home, "kept.jsonl");
    cpSync(file, kept);
    chmodSync(kept, 0o600);
    rmSync(file);
    symlinkSync(kept, file);
    expect((await prime()).code).toBe(0);
    expect(lstatSync(file).isSymbolicLink()).toBe(false);
    expect(mode(file)).toBe(0o600);
  });

  it("never waits on a FIFO in the cache file's place", async () => {
    await prime();
    const file = cacheFile();
    rmSync(file);
    execFileSync("mkfifo", [file]);
    const r = await prime();
    expect(r.code).toBe(0);
    expect(r.out).toContain("retry-with-backoff");
    expect(lstatSync(file).isFile()).toBe(true);
  }, 10_000);

  it("reads no cache file that others may read, and rebuilds it private", async () => {
    await prime();
    const file = cacheFile();
    chmodSync(file, 0o644);
    const ino = statSync(file).ino;
    expect((await prime()).code).toBe(0);
    expect(statSync(file).ino).not.toBe(ino);
    expect(mode(file)).toBe(0o600);
  });

  it.skipIf(!ROOT)("reads no cache file of another user's", async () => {
    await prime();
    const file = cacheFile();
    chownSync(file, 65534, 65534);
    expect((await prime()).code).toBe(0);
    expect(statSync(file).uid).toBe(0);
  });

  /** Rewrites the cache: `edit` gets its lines (the first the records', then the snapshot's, the last the body links'). */
  const editCache = (edit: (lines: string[]) => string[]): void => {
    const file = cacheFile();
    writeFileSync(file, edit(readFileSync(file, "utf8").split("\n")).join("\n"), { mode: 0o600 });
  };
  const swapPath = (line: string, from: string, to: string): string => line.split(JSON.stringify(from).slice(1, -1)).join(JSON.stringify(to).slice(1, -1));

  it("never prints the plugin's data.json when the cached index was edited to name it (the records left as they were)", async () => {
    expect((await prime()).out).toContain(ARTICLE.replace(/\.md$/, ""));
    editCache(([records, ...rest]) => [records!, ...rest.map((l) => swapPath(l, ARTICLE, DATA.replaceAll("\\", "/")))]);
    const r = await prime();
    expect(r.code).toBe(0);
    expect(r.out).not.toContain(SECRET);
    expect(r.out).toContain(ARTICLE.replace(/\.md$/, ""));
  });

  it("never prints a file outside the vault, the config folder or the scope when records and index were both edited to name it", async () => {
    await prime();
    for (const forged of [DATA.replaceAll("\\", "/"), "../outside.md", "daily/private-diary.md", "knowledge/../daily/private-diary.md"]) {
      editCache((lines) => lines.map((l) => swapPath(l, ARTICLE, forged)));
      const r = await prime();
      expect(r.code, forged).toBe(0);
      expect(r.out, forged).not.toContain(SECRET);
      expect(r.out, forged).toContain(ARTICLE.replace(/\.md$/, ""));
    }
  });
});
