import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { SPEND_LEDGER_FILE } from "../../src/core/spend/spend-ledger";
import { pluginFolder } from "../../src/node/node-host";
import { isMonthSummary, parseSpendLedger } from "../../src/core/spend/spend-entry";

// Real processes appending to one vault's ledger at once, each append old enough that it is folded into a month
// summary straight away: every append is followed by a trim that rewrites the file. Under the ledger's lock no call
// is lost between one process's trim reading the file and writing it back; the calls are counted, not timed.
const WRITERS = 4;
const CALLS_EACH = 25;
let dir: string;
let script: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "kc-ledger-race-"));
  script = join(dir, "appender.mjs");
  const src = (p: string) => JSON.stringify(fileURLToPath(new URL(`../../src/${p}`, import.meta.url)));
  await build({
    stdin: {
      contents: `
        import { SpendLedger } from ${src("core/spend/spend-ledger.ts")};
        import { fsPluginFiles } from ${src("node/node-host.ts")};
        import { nodeLedgerLock } from ${src("node/node-spend.ts")};
        const [vault, id, calls] = process.argv.slice(2);
        const ledger = new SpendLedger(fsPluginFiles(vault), nodeLedgerLock(vault));
        for (let i = 0; i < Number(calls); i++) {
          const entry = { at: "2020-01-15T10:00:00.000Z", day: "2020-01-15", feature: "w" + id, model: "claude-haiku-5-5", input: 1, output: 1, cacheRead: 0, cacheWrite: 0, usd: 0.001 };
          await ledger.append(entry, new Date());
        }
      `,
      resolveDir: dir,
      loader: "ts",
    },
    bundle: true,
    platform: "node",
    format: "esm",
    outfile: script,
    logLevel: "silent",
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(vault: string, id: number): Promise<number> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [script, vault, String(id), String(CALLS_EACH)], { stdio: "inherit" });
    child.on("exit", (code) => done(code ?? -1));
  });
}

describe("the spend ledger under several hosts at once", () => {
  it("loses no call when processes append while others trim the ledger into month summaries", async () => {
    const vault = join(dir, "vault");
    mkdirSync(vault, { recursive: true });
    const codes = await Promise.all(Array.from({ length: WRITERS }, (_, i) => run(vault, i)));
    expect(codes).toEqual(Array.from({ length: WRITERS }, () => 0));
    const records = parseSpendLedger(readFileSync(join(pluginFolder(vault), SPEND_LEDGER_FILE), "utf8"));
    const calls = records.reduce((n, r) => n + (isMonthSummary(r) ? r.calls : 1), 0);
    expect(calls).toBe(WRITERS * CALLS_EACH);
    const months = records.filter(isMonthSummary);
    expect(months).toHaveLength(1);
    for (let i = 0; i < WRITERS; i++) expect(months[0]!.byFeature[`w${i}`]?.calls).toBe(CALLS_EACH);
  });
});
