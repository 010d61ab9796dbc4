import { requestUrl } from "obsidian";

/**
 * A `fetch` for the Anthropic SDK that goes through Obsidian's `requestUrl`: no CORS failures in the renderer,
 * and it works on mobile. requestUrl does not stream, so the whole body arrives at once (the ask panel then shows
 * the answer whole). HTTP errors are returned as responses so the SDK maps and retries them by its own rules.
 */
export function createRequestUrlFetch(request: typeof requestUrl = requestUrl): typeof fetch {
  return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const signal = init?.signal ?? undefined;
    if (signal?.aborted) throw abortError();
    const url = typeof input === "string" ? input : input instanceof URL ? input.toString() : input.url;
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((v, k) => {
      if (k !== "content-length") headers[k] = v;
    });
    const body = typeof init?.body === "string" ? init.body : init?.body instanceof ArrayBuffer ? init.body : undefined;
    const call = request({ url, method: init?.method ?? "GET", headers, ...(body !== undefined ? { body } : {}), throw: false });
    const aborted = new Promise<never>((_, reject) => signal?.addEventListener("abort", () => reject(abortError()), { once: true }));
    const res = await Promise.race([call, aborted]);
    return new Response(res.status === 204 ? null : res.arrayBuffer, { status: res.status, headers: res.headers });
  };
}

function abortError(): Error {
  const e = new Error("The request was aborted.");
  e.name = "AbortError";
  return e;
}
