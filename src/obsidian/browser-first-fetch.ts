/**
 * A `fetch` for the Ask answer that streams: it sends through the renderer's own fetch (the SDK adds the Anthropic
 * API's direct-browser-access header) and, when that fetch fails before any response arrives at an origin it has
 * never reached (a server without CORS behind a custom base URL, a network policy), sends the same request once
 * through `fallback` (the requestUrl bridge, which does not stream) and keeps using it for that origin. Once the
 * renderer's fetch has worked for an origin, its failures are the caller's (the browser may hide an error reply
 * without CORS headers: the server saw the request, so it is not sent again, and streaming stays on). Once a
 * response has arrived nothing is sent again: a body that breaks mid-way is the caller's error, never a second request.
 */
export function createBrowserFirstFetch(browserFetch: typeof fetch, fallback: typeof fetch): typeof fetch {
  const blocked = new Set<string>();
  const worked = new Set<string>();
  return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const origin = originOf(input);
    if (blocked.has(origin)) return fallback(input, init);
    try {
      const res = await browserFetch(input, init);
      worked.add(origin);
      return res;
    } catch (e) {
      if (worked.has(origin) || init?.signal?.aborted || (e instanceof Error && e.name === "AbortError")) throw e;
      blocked.add(origin);
      return fallback(input, init);
    }
  };
}

function originOf(input: RequestInfo | URL): string {
  const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}
