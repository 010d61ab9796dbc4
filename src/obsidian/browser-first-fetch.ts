/**
 * A `fetch` for the Ask answer that streams: it sends through the renderer's own fetch (the SDK adds the Anthropic
 * API's direct-browser-access header) and, when that fetch fails before any response arrives (a server without CORS
 * behind a custom base URL, a network policy), sends the same request once through `fallback` (the requestUrl
 * bridge, which does not stream) and keeps using it for that origin. Once a response has arrived nothing is sent
 * again: a body that breaks mid-way is the caller's error, never a second request.
 */
export function createBrowserFirstFetch(browserFetch: typeof fetch, fallback: typeof fetch): typeof fetch {
  const blocked = new Set<string>();
  return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const origin = originOf(input);
    if (blocked.has(origin)) return fallback(input, init);
    try {
      return await browserFetch(input, init);
    } catch (e) {
      if (init?.signal?.aborted || (e instanceof Error && e.name === "AbortError")) throw e;
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
