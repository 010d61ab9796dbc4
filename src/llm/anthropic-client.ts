import Anthropic from "@anthropic-ai/sdk";
import { isThisMachine } from "../core/llm/local-server";

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
  /** The environment the SDK reads (see SdkEnvironment); default: the desktop app's (`window.process`), none elsewhere. */
  env?: SdkEnvironment;
}

/** The process environment the SDK reads its settings from: Node's in the command line, the desktop app's, none on mobile. */
export type SdkEnvironment = Record<string, string | undefined> | undefined;

/**
 * The SDK client with every value it would otherwise take from the process's environment given explicitly: the key
 * (ANTHROPIC_API_KEY / ANTHROPIC_AUTH_TOKEN), the base URL (ANTHROPIC_BASE_URL), logging (ANTHROPIC_LOG), tracing
 * (ANTHROPIC_OPEN_TELEMETRY*). ANTHROPIC_CUSTOM_HEADERS, whose headers the SDK merges over its own (auth,
 * anthropic-version) when a client is constructed, is hidden while this one is: removing its headers again afterwards
 * would remove the SDK's own values too. (A `withOptions` clone would read it again; the plugin makes none.)
 */
export function createAnthropicClient(o: AnthropicClientOptions): Anthropic {
  return withoutCustomHeadersEnv(
    o.env === undefined ? desktopEnvironment() : o.env,
    () =>
      new Anthropic({
        apiKey: o.apiKey !== null && sendsKeyTo(o.baseUrl) ? o.apiKey : "no-key-needed",
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

/**
 * True when a key may go to this base URL: over https, or to this machine. Plain http to another host would carry it in
 * clear text across the network; a model server on the local network (Ollama, LM Studio) needs no key and gets none.
 */
export function sendsKeyTo(baseUrl: string | undefined): boolean {
  if (!baseUrl) return true;
  let protocol: string;
  try {
    protocol = new URL(baseUrl).protocol;
  } catch {
    return false;
  }
  return protocol === "https:" || (protocol === "http:" && isThisMachine(baseUrl));
}

/** Runs `build` (synchronous, so nothing else sees the gap) with ANTHROPIC_CUSTOM_HEADERS absent, then puts it back. */
function withoutCustomHeadersEnv<T>(env: SdkEnvironment, build: () => T): T {
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

/** The desktop app's process environment (Obsidian's window carries Electron's `process`); none on mobile or without a window. */
function desktopEnvironment(): SdkEnvironment {
  return typeof window === "undefined" ? undefined : (window as unknown as { process?: { env?: Record<string, string | undefined> } }).process?.env;
}
