import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { buildCliInto } from "../fakes/build-cli";
import { droppedRequestId, LineLimitStream, type DroppedLine } from "../../src/mcp/line-limit-stream";

// Issue 32: one MCP message over 10 MB ended the server (exit 0, nothing on stderr). The client is better served by
// an error for that request and a server that goes on answering: these talk to `kc mcp` over its stdio, raw.
const DEMO = join(import.meta.dirname, "..", "..", "examples", "demo-vault");
let dir: string;
let cli: string;
let vault: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "kc-mcp-big-"));
  cli = await buildCliInto(join(dir, "dist"));
  vault = join(dir, "vault");
  cpSync(DEMO, vault, { recursive: true });
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `kc mcp` as a child: send lines, wait for the response to an id, read stderr. */
function start(): { child: ChildProcessWithoutNullStreams; reply: (id: number) => Promise<Record<string, unknown>>; stderr: () => string } {
  const child = spawn(process.execPath, [cli, "mcp", vault], { env: { PATH: process.env.PATH ?? "" } });
  let out = "";
  let err = "";
  const waiting = new Map<number, (m: Record<string, unknown>) => void>();
  const got = new Map<number, Record<string, unknown>>();
  child.stdout.setEncoding("utf8");
  child.stderr.setEncoding("utf8");
  child.stderr.on("data", (d: string) => (err += d));
  child.stdout.on("data", (d: string) => {
    out += d;
    let nl: number;
    while ((nl = out.indexOf("\n")) !== -1) {
      const m = JSON.parse(out.slice(0, nl)) as Record<string, unknown> & { id?: number };
      out = out.slice(nl + 1);
      if (typeof m.id === "number") {
        got.set(m.id, m);
        waiting.get(m.id)?.(m);
      }
    }
  });
  return {
    child,
    reply: (id) => new Promise((done) => (got.has(id) ? done(got.get(id)!) : waiting.set(id, done))),
    stderr: () => err,
  };
}

const send = (child: ChildProcessWithoutNullStreams, m: unknown) => child.stdin.write(JSON.stringify(m) + "\n");
const INIT = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } },
};

describe("kc mcp and a message over 10 MB (issue 32: oversized messages)", () => {
  it("answers the oversized request with an error, says so on stderr, and goes on serving", async () => {
    const { child, reply, stderr } = start();
    send(child, INIT);
    await reply(1);
    send(child, { jsonrpc: "2.0", method: "notifications/initialized" });
    // As the SDK's client writes a request: method and params first, the id last.
    send(child, { method: "tools/call", params: { name: "route", arguments: { question: "x".repeat(11 * 1024 * 1024) } }, jsonrpc: "2.0", id: 7 });
    send(child, { jsonrpc: "2.0", id: 8, method: "tools/list" });
    const big = (await reply(7)) as { error?: { code: number; message: string } };
    expect(big.error?.code).toBe(-32600);
    expect(big.error?.message).toContain("over the server's limit");
    const list = (await reply(8)) as { result?: { tools: unknown[] } };
    expect(list.result?.tools).toHaveLength(5);
    expect(stderr()).toMatch(/kc mcp: a message of \d+ bytes is over the 10 MB limit/);
    const code = await new Promise<number | null>((done) => {
      child.on("exit", (c) => done(c));
      child.stdin.end();
    });
    expect(code).toBe(0);
  }, 60_000);
});

describe("the line limit", () => {
  const run = async (chunks: string[], limit: number): Promise<{ lines: string; dropped: DroppedLine[] }> => {
    const dropped: DroppedLine[] = [];
    const s = new LineLimitStream(limit, (d) => dropped.push(d));
    let lines = "";
    s.on("data", (b: Uint8Array) => (lines += new TextDecoder().decode(b)));
    const ended = new Promise((done) => s.on("end", done));
    for (const c of chunks) s.write(c);
    s.end();
    await ended;
    return { lines, dropped };
  };

  it("passes lines up to the limit whole, across chunks, and drops a longer one with its size, head and tail", async () => {
    const r = await run(["ab", "c\n0123", "456789", "01\nxy\n", "last"], 10);
    expect(r.lines).toBe("abc\nxy\nlast");
    expect(r.dropped).toEqual([{ bytes: 13, head: "012345678901\n", tail: "012345678901\n" }]);
  });

  it("reads a dropped request's id where clients write it, first or last", () => {
    const at = (head: string, tail: string) => droppedRequestId({ bytes: 0, head, tail });
    expect(at('{"method":"x","params":{"q":"', '"},"jsonrpc":"2.0","id":7}\n')).toBe(7);
    expect(at('{"jsonrpc":"2.0","id":"a-1","method":"x","params":{"q":"', '"}}')).toBe("a-1");
    expect(at('{"method":"notifications/x","params":{"id":3,"q":"', '"}}')).toBeUndefined();
  });
});
