import { setRequestUrl } from "./obsidian-stub";
import { nodeFetch } from "../../src/node/node-runtime";

/**
 * Makes the stubbed `requestUrl` send its request with Node's fetch and answer the way Obsidian's does (status,
 * headers, arrayBuffer, text), so code that talks through requestUrl can reach the loopback Messages API. `from` and
 * `to` send requests for one origin to another (settings naming Ollama's address, reaching the test's server).
 */
export function forwardRequestUrlToFetch(from?: string, to?: string): void {
  setRequestUrl(async (req) => {
    const url = from !== undefined && to !== undefined && req.url.startsWith(from) ? to + req.url.slice(from.length) : req.url;
    const res = await nodeFetch(url, { method: req.method ?? "GET", headers: req.headers, body: req.body as string | undefined });
    const arrayBuffer = await res.arrayBuffer();
    const headers: Record<string, string> = {};
    res.headers.forEach((v, k) => (headers[k] = v));
    return { status: res.status, headers, arrayBuffer, text: new TextDecoder().decode(arrayBuffer) };
  });
}
