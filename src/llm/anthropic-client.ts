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
 * (ANTHROPIC_OPEN_TELEMETRY*). ANTHROPIC_CUSTOM_HEADERS, whose headers the SDK merges over its own (auth,
 * anthropic-version) when a client is constructed, is hidden while this one is: removing its headers again afterwards
 * would remove the SDK's own values too. (A `withOptions` clone would read it again; the plugin makes none.)
 */
export function createAnthropicClient(o: AnthropicClientOptions): Anthropic {
  return withoutCustomHeadersEnv(
    () =>
      new Anthropic({
        apiKey: o.apiKey ?? "no-key-needed",
        baseURL: o.baseUrl || ANTHROPIC_API,
        webhookKey: null,
        logLevel: "off",
        openTelemetry: false,
        fetch: o.fetch,
        maxRetries: 0,
        timeout: o.timeoutMs,
        dangerouslyAllowBrowser: true,
      }),
  );
}

/** Runs `build` (synchronous, so nothing else sees the gap) with ANTHROPIC_CUSTOM_HEADERS absent, then puts it back. */
function withoutCustomHeadersEnv<T>(build: () => T): T {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  const name = "ANTHROPIC_CUSTOM_HEADERS";
  if (env === undefined || !Object.prototype.hasOwnProperty.call(env, name)) return build();
  const saved = env[name];
  delete env[name];
  try {
    return build();
  } finally {
    env[name] = saved;
  }
}
