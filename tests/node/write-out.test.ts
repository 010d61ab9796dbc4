import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { bundleNodeRunner, sourcePath } from "../fakes/node-runner";
import { mkdtempSync, openSync, closeSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { Buffer } from "node:buffer";
import { createHash } from "node:crypto";

// kc writes a command's output with writeAllSync (src/node/write-out.ts), not with process.stdout. Each case runs in a
// process of its own, as kc does, with stdout a file, a pipe Node has made non-blocking, or a pipe whose reader left.
let dir: string;
let runner: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "kc-write-out-"));
  runner = await bundleNodeRunner(
    dir,
    `import { writeSync } from "node:fs";
import { writeAllSync, outputWriter } from ${sourcePath("node", "write-out.ts")};
const [how, size] = process.argv.slice(2);
// Text with one-, two-, three- and four-byte characters and a lone surrogate (written as U+FFFD, three bytes).
const unit = "plain ascii words, é ü, 中文, 𝄞 and \\ud800 lone;\\n";
const text = unit.repeat(Math.ceil(Number(size) / unit.length));
// Making process.stdout for a pipe sets the descriptor non-blocking, as it is when another program shares it.
if (how.startsWith("nonblocking")) void process.stdout;
let ok;
if (how === "nonblocking-plain") {
  try { ok = writeSync(1, text) === Buffer.byteLength(text); } catch (e) { ok = e.code; }
} else if (how === "writer") {
  let gone = 0;
  const out = outputWriter(1, () => gone++);
  for (let i = 0; i < 50; i++) out(text);
  ok = "gone " + gone;
} else {
  ok = writeAllSync(1, text);
}
writeSync(2, JSON.stringify({ ok, bytes: Buffer.byteLength(text), hash: require("node:crypto").createHash("sha256").update(text).digest("hex") }));`,
  );
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Report {
  ok: unknown;
  bytes: number;
  hash: string;
}

function sha256(b: Buffer): string {
  return createHash("sha256").update(b).digest("hex");
}

describe.skipIf(process.platform === "win32")("writeAllSync", () => {
  it("writes every byte of a large text to a file, as UTF-8", () => {
    const file = join(dir, "out.txt");
    const fd = openSync(file, "w");
    const r = spawnSync(process.execPath, [runner, "blocking", "3000000"], { stdio: ["ignore", fd, "pipe"], encoding: "utf8" });
    closeSync(fd);
    const report = JSON.parse(r.stderr) as Report;
    const written = readFileSync(file);
    expect(report.ok).toBe(true);
    expect(written.length).toBe(report.bytes);
    expect(sha256(written)).toBe(report.hash);
  });

  it("waits on a non-blocking pipe and goes on after partial writes, where a plain write loses bytes", () => {
    // The reader starts late, so the pipe fills: writes stop short, then fail with EAGAIN until it reads.
    const late = (how: string): { report: Report; out: Buffer } => {
      const file = join(dir, `${how}.txt`);
      const r = spawnSync("sh", ["-c", `"${process.execPath}" "${runner}" ${how} 3000000 | (sleep 0.3; cat > "${file}")`], { encoding: "utf8" });
      return { report: JSON.parse(r.stderr) as Report, out: readFileSync(file) };
    };
    // The case is real: one plain write to the same pipe stops short or fails.
    expect(late("nonblocking-plain").report.ok).not.toBe(true);
    const { report, out } = late("nonblocking");
    expect(report.ok).toBe(true);
    expect(out.length).toBe(report.bytes);
    expect(sha256(out)).toBe(report.hash);
  });

  it("says the reader has gone (EPIPE) instead of throwing, once per write after it", () => {
    const r = spawnSync("sh", ["-c", `"${process.execPath}" "${runner}" writer 100000 | head -c 10 > /dev/null`], { encoding: "utf8" });
    const report = JSON.parse(r.stderr) as Report;
    expect(report.ok).toMatch(/^gone [1-9]/);
  });
});

describe("UTF-8 byte counts", () => {
  it("counts bytes as Buffer does for the text it checks a write against", () => {
    // writeAllSync trusts that a UTF-8 text is never shorter in bytes than in UTF-16 units.
    for (const s of ["", "a", "é", "中", "𝄞", "\ud800", "\udc00a", "a\ud83d"]) expect(Buffer.byteLength(s)).toBeGreaterThanOrEqual(s.length);
  });
});
