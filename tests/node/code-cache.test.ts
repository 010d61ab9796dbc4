import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { bundleNodeRunner, sourcePath } from "../fakes/node-runner";
import { chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { Buffer } from "node:buffer";
import { codeCachePath } from "../../src/node/code-cache";

// The launcher's code cache (src/node/code-cache.ts): made once, used after, never read when another user could have
// written it or when it is a link, refused by V8 when it is not code for this bundle, and kept only where kc's other
// caches are. Each run is a process of its own, as kc's are: within one process V8 compiles the same text once and
// would never look at the cache again.
let runner: string;
let runnerDir: string;
beforeAll(async () => {
  runnerDir = mkdtempSync(join(tmpdir(), "kc-code-cache-runner-"));
  runner = await bundleNodeRunner(
    runnerDir,
    `import { runBundle } from ${sourcePath("node", "code-cache.ts")};
const run = runBundle(process.argv[2], process.env);
run.save();
process.stdout.write(JSON.stringify({ use: run.use, seen: globalThis.__kcBundleSeen, siblings: Object.fromEntries(run.siblings) }));`,
  );
}, 60_000);
afterAll(() => rmSync(runnerDir, { recursive: true, force: true }));

/** One run of the bundle in a new Node process, saving its cache as the launcher does at exit. */
function runBundle(file: string, env: Record<string, string>): { use: string; seen: unknown } {
  return runBundleWithSiblings(file, env).bundle;
}

/** The same run, with how the package files beside the bundle it required were compiled. */
function runBundleWithSiblings(file: string, env: Record<string, string>): { bundle: { use: string; seen: unknown }; siblings: Record<string, string> } {
  const r = spawnSync(process.execPath, [runner, file], { env: { PATH: process.env.PATH ?? "", ...env }, encoding: "utf8" });
  expect(r.stderr).toBe("");
  const out = JSON.parse(r.stdout) as { use: string; seen: unknown; siblings: Record<string, string> };
  return { bundle: { use: out.use, seen: out.seen }, siblings: out.siblings };
}
const POSIX = process.platform !== "win32";
let dir: string;
let cache: string;
let bundle: string;
const env = (): Record<string, string> => ({ KC_CACHE_DIR: cache });

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "kc-code-cache-"));
  cache = join(dir, "cache");
  bundle = join(dir, "cli-chunks", "lint-ABC123.cjs");
  mkdirSync(join(dir, "cli-chunks"));
  writeFileSync(join(dir, "cli-chunks", "helper.cjs"), "module.exports = (n) => n * 2;\n");
  // Reads its own require, module, exports, __filename and __dirname, as a bundle does.
  writeFileSync(
    bundle,
    `const twice = require("./helper.cjs");
module.exports.value = twice(21);
globalThis.__kcBundleSeen = { value: module.exports.value, same: exports === module.exports, file: __filename, dir: __dirname };
function unused(a) { return [a, a + 1].map((x) => x * 3); }
`,
  );
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("a command bundle run through the code cache", () => {
  const seen = (): unknown => ({ value: 42, same: true, file: bundle, dir: join(dir, "cli-chunks") });

  it("runs as require would, makes its cache once (private), and uses it after", () => {
    expect(runBundleWithSiblings(bundle, env())).toEqual({ bundle: { use: "none", seen: seen() }, siblings: { "helper.cjs": "none" } });
    const path = codeCachePath(bundle, env())!;
    expect(path.startsWith(join(cache, "code-lint-ABC123-"))).toBe(true);
    // The package file beside it that it required keeps a cache of its own, for this bundle.
    const helper = codeCachePath(join(dir, "cli-chunks", "helper.cjs"), env(), "lint-ABC123")!;
    expect(helper.startsWith(join(cache, "code-helper.lint-ABC123-"))).toBe(true);
    expect(readdirSync(cache).sort()).toEqual([path, helper].map((p) => p.slice(cache.length + 1)).sort());
    if (POSIX) {
      expect(lstatSync(cache).mode & 0o777).toBe(0o700);
      expect(lstatSync(path).mode & 0o777).toBe(0o600);
    }
    expect(runBundleWithSiblings(bundle, env())).toEqual({ bundle: { use: "used", seen: seen() }, siblings: { "helper.cjs": "used" } });
    expect(readdirSync(cache)).toHaveLength(2);
  });

  it("requires a file beside it that is not there, or one elsewhere, through Node as before", () => {
    writeFileSync(
      bundle,
      `let missing = "";\ntry { require("./gone.cjs"); } catch (e) { missing = e.code; }\nglobalThis.__kcBundleSeen = { missing, path: typeof require("node:path").join };\n`,
    );
    expect(runBundleWithSiblings(bundle, env())).toEqual({ bundle: { use: "none", seen: { missing: "MODULE_NOT_FOUND", path: "function" } }, siblings: {} });
  });

  it("keeps no cache with KC_CACHE=off", () => {
    expect(runBundle(bundle, { KC_CACHE: "off", KC_CACHE_DIR: cache }).use).toBe("off");
    expect(existsSync(cache)).toBe(false);
  });

  it("makes a new cache for a changed bundle, under another name", () => {
    runBundle(bundle, env());
    const old = codeCachePath(bundle, env());
    writeFileSync(bundle, `${readFileSync(bundle, "utf8")}globalThis.__kcBundleSeen.changed = true;\n`);
    expect(runBundle(bundle, env())).toEqual({ use: "none", seen: { ...(seen() as object), changed: true } });
    expect(codeCachePath(bundle, env())).not.toBe(old);
    expect(runBundle(bundle, env()).use).toBe("used");
  });

  it("runs the bundle when the cache is not V8's code for it, and replaces the cache", () => {
    runBundle(bundle, env());
    const path = codeCachePath(bundle, env())!;
    writeFileSync(path, Buffer.alloc(4096, 7), { mode: 0o600 });
    expect(runBundle(bundle, env())).toEqual({ use: "refused", seen: seen() });
    expect(runBundle(bundle, env()).use).toBe("used");
  });

  it.runIf(POSIX)("never reads a cache others could read or write, nor one that is a link; replaces either", () => {
    runBundle(bundle, env());
    const path = codeCachePath(bundle, env())!;
    chmodSync(path, 0o644);
    expect(runBundle(bundle, env()).use).toBe("none");
    expect(lstatSync(path).mode & 0o777).toBe(0o600);

    const elsewhere = join(dir, "elsewhere.v8");
    const good = readFileSync(path);
    writeFileSync(elsewhere, good, { mode: 0o600 });
    rmSync(path);
    symlinkSync(elsewhere, path);
    expect(runBundle(bundle, env()).use).toBe("none");
    expect(lstatSync(path).isSymbolicLink()).toBe(false);
    expect(readFileSync(elsewhere)).toEqual(good);
    expect(runBundle(bundle, env()).use).toBe("used");
  });

  it.runIf(POSIX)("makes a cache folder others could enter private before writing in it", () => {
    mkdirSync(cache);
    chmodSync(cache, 0o777);
    runBundle(bundle, env());
    expect(lstatSync(cache).mode & 0o777).toBe(0o700);
    expect(runBundle(bundle, env()).use).toBe("used");
  });
});
