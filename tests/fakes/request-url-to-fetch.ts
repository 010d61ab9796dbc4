import { setRequestUrl } from "./obsidian-stub";
import { nodeFetch } from "../../src/node/node-runtime";

/**
 * Makes the stubbed `requestUrl` send its request with Node's fetch and answer the way Obsidian's does (status,
 * headers, arrayBuffer, text), so code that talks through requestUrl can reach the loopback Messages API.
 */
export function forwardRequestUrlToFetch(): void {
  setRequestUrl(async (req) => {
    const res = await nodeFetch(req.url, { method: req.method ?? "GET", headers: req.headers, body: req.body as string | undefined });
    const arrayBuffer = await res.arrayBuffer();
    const headers: Record<string, string> = {};
    res.headers.forEach((v, k) => (headers[k] = v));
    return { status: res.status, headers, arrayBuffer, text: new TextDecoder().decode(arrayBuffer) };
  });
}
