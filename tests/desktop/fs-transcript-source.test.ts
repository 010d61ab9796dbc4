import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWriteStream, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { FsTranscriptSource } from "../../src/desktop/fs-transcript-source";

// Issue 26, class 2: a huge transcript line is skipped as it streams, never joined or decoded whole.
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "kc-transcripts-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function write(path: string, parts: (string | { bytes: number })[]): Promise<void> {
  const out = createWriteStream(path);
  const block = "y".repeat(1024 * 1024);
  for (const p of parts) {
    if (typeof p === "string") out.write(p);
    else for (let left = p.bytes; left > 0; left -= block.length) out.write(block.slice(0, Math.min(left, block.length)));
  }
  await new Promise((r) => out.end(r));
}

describe("reading a transcript with a line over the bound", () => {
  it("skips the long line unread, counts it, and reads the lines on either side", async () => {
    const path = join(dir, "long.jsonl");
    await write(path, ['{"n":1}\n', '{"huge":"', { bytes: 3 * 1024 * 1024 }, '"}\n', '{"n":3}\n', '{"n":4}']);
    const lines: string[] = [];
    const tooLong: number[] = [];
    const end = await new FsTranscriptSource([dir], "/home/ada", 1024 * 1024).read(
      path,
      0,
      (l) => lines.push(l),
      (b) => tooLong.push(b),
    );
    expect(lines).toEqual(['{"n":1}', '{"n":3}']);
    expect(tooLong).toEqual([3 * 1024 * 1024 + 11]);
    // The unfinished last line is left for next time; the skipped one is behind the cursor.
    expect(end).toBe(statSync(path).size - '{"n":4}'.length);
  });

  it("holds no more than about the bound while it skips a 96 MB line", async () => {
    const path = join(dir, "huge.jsonl");
    await write(path, ['{"n":1}\n', '{"huge":"', { bytes: 96 * 1024 * 1024 }, '"}\n', '{"n":3}\n']);
    const source = new FsTranscriptSource([dir], "/home/ada", 1024 * 1024);
    const before = process.memoryUsage();
    let peak = 0;
    let lines = 0;
    const end = await source.read(
      path,
      0,
      () => lines++,
      () => {
        const now = process.memoryUsage();
        peak = Math.max(peak, now.heapUsed + now.arrayBuffers - before.heapUsed - before.arrayBuffers);
      },
    );
    expect(lines).toBe(2);
    expect(end).toBe(statSync(path).size);
    // Joining and decoding the line would need about 96 MB of buffers and 96 MB or more of string.
    expect(peak).toBeLessThan(48 * 1024 * 1024);
  });
});
