// A Messages API server on 127.0.0.1 for tests: scripted replies (JSON or SSE), errors, dropped connections and
// stalls, with every request recorded. The real SDK talks to it; nothing leaves the machine.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** The usage figures a scripted reply reports (input, output, cache read and cache write tokens). */
export type ScriptedUsage = { input: number; output: number; cacheRead?: number; cacheWrite?: number };

/** One scripted reply. */
export type ScriptedReply =
  | { kind: "text"; text: string; stopReason?: string; usage?: ScriptedUsage }
  /** A tool call (id "toolu_1" unless given: a conversation of several calls needs one id each). */
  | { kind: "tool"; name: string; input: unknown; id?: string; stopReason?: string; usage?: ScriptedUsage }
  | { kind: "status"; status: number; type: string; message: string; headers?: Record<string, string> }
  | { kind: "drop" }
  /** Accepts the request and never answers (the client's timeout must end it). */
  | { kind: "hang" }
  /** A reply whose content is these blocks as given (two tool calls, another tool's name…). */
  | { kind: "blocks"; content: unknown[]; usage?: ScriptedUsage }
  | { kind: "stall-after"; text: string }
  /** An error whose message repeats the key the request carried (x-api-key or Authorization), as a careless proxy does. */
  | { kind: "echo-key"; status: number }
  /** Any status, content type and body: a proxy's HTML page, broken JSON, a body far too large. */
  | { kind: "raw"; status: number; contentType: string; body: string; headers?: Record<string, string> }
  /** Headers and the start of a JSON body, then nothing (the client's timeout must end it). */
  | { kind: "stall-body" }
  /**
   * A Models API page (GET /v1/models): these ids and display names; `hasMore` claims a further page (default none);
   * `repeat` answers every later request with this same page (a server that ignores `after_id`).
   */
  | { kind: "models"; models: { id: string; name: string }[]; hasMore?: boolean; repeat?: boolean };

/** A recorded request. */
export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: Record<string, unknown>;
}

/** The running server: its base URL, the queue of replies, the requests it saw. */
export interface LoopbackServer {
  baseUrl: string;
  replies: ScriptedReply[];
  requests: RecordedRequest[];
  /** Called with each request as it arrives, before the reply (a test's "meanwhile, elsewhere…"). */
  onRequest?: (request: RecordedRequest) => void;
  close(): Promise<void>;
}

/**
 * A "local server" mode that behaves as Ollama, LM Studio and llama.cpp's server do behind their Messages API: no key
 * checked, the model id echoed as asked (`llama3.2:3b`), a 400 naming the first request field it does not implement
 * (before any scripted reply is used), no usage in the stream, and the model list in the OpenAI shape they serve.
 */
export interface LocalServerMode {
  /** Request fields answered with a 400 (default: cache_control, output_config, tool_choice, thinking). */
  refuse?: string[];
  /** The 400 names no field ("invalid request"), as a terse server does. */
  vague?: boolean;
}

/** The fields a local server refuses unless told otherwise. */
export const LOCAL_REFUSED_FIELDS = ["cache_control", "output_config", "tool_choice", "thinking"];

/** The first of `fields` the request body carries anywhere (a key at any depth), or null. */
function carriedField(body: unknown, fields: readonly string[]): string | null {
  const seen = new Set<string>();
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === "object")
      for (const [k, x] of Object.entries(v)) {
        seen.add(k);
        walk(x);
      }
  };
  walk(body);
  return fields.find((f) => seen.has(f)) ?? null;
}

/** Starts the server on a free port of 127.0.0.1 (in `local` mode: as a local model server behaves). */
export async function startLoopbackAnthropic(local?: LocalServerMode): Promise<LoopbackServer> {
  const replies: ScriptedReply[] = [];
  const requests: RecordedRequest[] = [];
  const open = new Set<ServerResponse>();
  const handle: { onRequest?: (request: RecordedRequest) => void } = {};
  const server: Server = createServer((req, res) => {
    const chunks: Uint8Array[] = [];
    req.on("data", (c: Uint8Array) => chunks.push(c));
    req.on("end", () => {
      const raw = new TextDecoder().decode(Uint8Array.from(chunks.flatMap((c) => [...c])));
      const body = JSON.parse(raw || "{}") as Record<string, unknown>;
      const recorded: RecordedRequest = { method: req.method ?? "", url: req.url ?? "", headers: req.headers, body };
      requests.push(recorded);
      handle.onRequest?.(recorded);
      const refused = local && req.method === "POST" ? carriedField(body, local.refuse ?? LOCAL_REFUSED_FIELDS) : null;
      if (refused) {
        res.writeHead(400, { "content-type": "application/json" });
        const message = local?.vague ? "invalid request" : `unsupported field: ${refused}`;
        res.end(JSON.stringify({ type: "error", error: { type: "invalid_request_error", message } }));
        return;
      }
      const head = replies[0];
      const reply = (head?.kind === "models" && head.repeat ? head : replies.shift()) ?? { kind: "text", text: "(no scripted reply)" };
      open.add(res);
      res.on("close", () => open.delete(res));
      respond(reply, body, res, req.headers, local !== undefined);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    replies,
    requests,
    get onRequest() {
      return handle.onRequest;
    },
    set onRequest(fn) {
      handle.onRequest = fn;
    },
    close: async () => {
      for (const res of open) res.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

function message(reply: Extract<ScriptedReply, { kind: "text" | "tool" }>, model: string) {
  const content =
    reply.kind === "text" ? [{ type: "text", text: reply.text }] : [{ type: "tool_use", id: reply.id ?? "toolu_1", name: reply.name, input: reply.input }];
  const u = reply.usage;
  return {
    id: "msg_loopback",
    type: "message",
    role: "assistant",
    model,
    content,
    stop_reason: reply.stopReason ?? (reply.kind === "tool" ? "tool_use" : "end_turn"),
    stop_sequence: null,
    usage: {
      input_tokens: u?.input ?? 10,
      output_tokens: u?.output ?? 5,
      cache_read_input_tokens: u?.cacheRead ?? 0,
      cache_creation_input_tokens: u?.cacheWrite ?? 0,
    },
  };
}

function respond(reply: ScriptedReply, body: Record<string, unknown>, res: ServerResponse, headers: IncomingMessage["headers"], local: boolean): void {
  if (reply.kind === "echo-key") {
    const key = String(headers["x-api-key"] ?? headers.authorization ?? "");
    res.writeHead(reply.status, { "content-type": "application/json" });
    res.end(JSON.stringify({ type: "error", error: { type: "invalid_request_error", message: `invalid x-api-key: ${key} (sent as ${key})` } }));
    return;
  }
  const model = typeof body.model === "string" ? body.model : "claude-test";
  if (reply.kind === "drop") {
    res.socket?.destroy();
    return;
  }
  if (reply.kind === "hang") return;
  if (reply.kind === "models" && local) {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ object: "list", data: reply.models.map((m) => ({ id: m.id, object: "model", created: 1767225600, owned_by: "library" })) }));
    return;
  }
  if (reply.kind === "models") {
    const data = reply.models.map((m) => ({ type: "model", id: m.id, display_name: m.name, created_at: "2026-01-01T00:00:00Z" }));
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ data, has_more: reply.hasMore === true, first_id: data[0]?.id ?? null, last_id: data.at(-1)?.id ?? null }));
    return;
  }
  if (reply.kind === "stall-body") {
    res.writeHead(200, { "content-type": "application/json" });
    res.write('{"id":"msg_loopback","type":"message","content":[');
    return;
  }
  if (reply.kind === "raw") {
    res.writeHead(reply.status, { "content-type": reply.contentType, ...(reply.headers ?? {}) });
    res.end(reply.body);
    return;
  }
  if (reply.kind === "blocks") {
    const m = message({ kind: "text", text: "", ...(reply.usage ? { usage: reply.usage } : {}) }, model);
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ ...m, content: reply.content, stop_reason: "tool_use" }));
    return;
  }
  if (reply.kind === "status") {
    res.writeHead(reply.status, { "content-type": "application/json", ...(reply.headers ?? {}) });
    res.end(JSON.stringify({ type: "error", error: { type: reply.type, message: reply.message } }));
    return;
  }
  if (body.stream !== true) {
    const m = message(reply.kind === "stall-after" ? { kind: "text", text: reply.text } : reply, model);
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify(m));
    return;
  }
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  const send = (event: string, data: unknown): void => void res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  const full = message(reply.kind === "stall-after" ? { kind: "text", text: reply.text } : reply, model);
  const { usage: _usage, ...bare } = full;
  const start = local ? { ...bare, content: [], stop_reason: null } : { ...full, content: [], stop_reason: null, usage: { ...full.usage, output_tokens: 0 } };
  send("message_start", { type: "message_start", message: start });
  if (reply.kind === "tool") {
    send("content_block_start", {
      type: "content_block_start",
      index: 0,
      content_block: { type: "tool_use", id: reply.id ?? "toolu_1", name: reply.name, input: {} },
    });
    send("content_block_delta", { type: "content_block_delta", index: 0, delta: { type: "input_json_delta", partial_json: JSON.stringify(reply.input) } });
  } else {
    send("content_block_start", { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } });
    const text = reply.text;
    for (let i = 0; i < text.length; i += 8)
      send("content_block_delta", { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: text.slice(i, i + 8) } });
    if (reply.kind === "stall-after") return; // keep the connection open: the client must abort
  }
  send("content_block_stop", { type: "content_block_stop", index: 0 });
  send("message_delta", {
    type: "message_delta",
    delta: { stop_reason: full.stop_reason, stop_sequence: null },
    ...(local ? {} : { usage: { output_tokens: full.usage.output_tokens } }),
  });
  send("message_stop", { type: "message_stop" });
  res.end();
}
