import Anthropic from "@anthropic-ai/sdk";

/** The Anthropic API, used when no base URL is given. */
export const ANTHROPIC_API = "https://api.anthropic.com";

/** What a client is built from; nothing else, and no environment variable, decides where it goes or what it sends. */
export interface AnthropicClientOptions {
  /** The key; null for a compatible server behind `baseUrl` that needs none. */
  apiKey: string | null;
  /** "" or absent: the Anthropic API. */
  baseUrl?: string | undefined;
  fetch: typeof fetch;
  timeoutMs: number;
}

/**
 * The SDK client with every value it would otherwise take from the process's environment given explicitly: the key
 * (ANTHROPIC_API_KEY / ANTHROPIC_AUTH_TOKEN), the base URL (ANTHROPIC_BASE_URL), logging (ANTHROPIC_LOG), tracing
 * (ANTHROPIC_OPEN_TELEMETRY*), and the headers of ANTHROPIC_CUSTOM_HEADERS, which the SDK merges into every request
 * over its own auth header: each header it names is removed again (or set back to the configured key).
 */
export function createAnthropicClient(o: AnthropicClientOptions): Anthropic {
  const apiKey = o.apiKey ?? "no-key-needed";
  return new Anthropic({
    apiKey,
    baseURL: o.baseUrl || ANTHROPIC_API,
    webhookKey: null,
    logLevel: "off",
    openTelemetry: false,
    defaultHeaders: undoEnvironmentHeaders(apiKey),
    fetch: o.fetch,
    maxRetries: 0,
    timeout: o.timeoutMs,
    dangerouslyAllowBrowser: true,
  });
}

/** A null (or the key, for the SDK's own auth header) for each header ANTHROPIC_CUSTOM_HEADERS would add. */
function undoEnvironmentHeaders(apiKey: string): Record<string, string | null> {
  const proc = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process;
  const raw = proc?.env?.["ANTHROPIC_CUSTOM_HEADERS"] ?? "";
  const undo: Record<string, string | null> = {};
  for (const line of raw.split("\n")) {
    const colon = line.indexOf(":");
    if (colon < 0) continue;
    const name = line.slice(0, colon).trim();
    if (name) undo[name] = name.toLowerCase() === "authorization" ? `Bearer ${apiKey}` : null;
  }
  return undo;
}
