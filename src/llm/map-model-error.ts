import Anthropic from "@anthropic-ai/sdk";
import type { ModelError } from "../core/llm/language-model";

const SETTINGS = "the plugin's settings (or the command's --model / ANTHROPIC_API_KEY)";

/** How long to wait before retrying a failure, or null when retrying cannot help (retry-after when the API gives one). */
export function waitOf(e: unknown, attempt: number): number | null {
  if (e instanceof Anthropic.APIUserAbortError) return null;
  if (e instanceof Anthropic.APIConnectionError && !(e instanceof Anthropic.APIConnectionTimeoutError)) return Math.min(8, 2 ** attempt);
  if (!(e instanceof Anthropic.APIError)) return null;
  const status = typeof e.status === "number" ? e.status : 0;
  if (status !== 429 && status !== 529 && status < 500) return null;
  const headers = e.headers as Headers | undefined;
  const after = Number(headers?.get("retry-after") ?? NaN);
  return Number.isFinite(after) && after >= 0 ? after : Math.min(8, 2 ** attempt);
}

/** Maps anything the SDK throws to one expected failure with a message a person can act on. */
export function mapModelError(e: unknown): ModelError {
  if (e instanceof Anthropic.APIUserAbortError || (e instanceof Error && e.name === "AbortError")) {
    return { kind: "aborted", message: "Stopped." };
  }
  if (e instanceof Anthropic.APIConnectionError) {
    return { kind: "network", message: "Could not reach the Anthropic API (network error or timeout). Check the connection and the base URL, then try again." };
  }
  if (e instanceof Anthropic.APIError) {
    const status: number = typeof e.status === "number" ? e.status : 0;
    if (status === 401 || status === 403) {
      return { kind: "auth", message: `The Anthropic API key was rejected (${status}). Check the key in ${SETTINGS}.` };
    }
    if (status === 429) {
      const headers = e.headers as Headers | undefined;
      const after = Number(headers?.get("retry-after") ?? NaN);
      return {
        kind: "rate-limited",
        message: `Rate limited by the Anthropic API (429); try again in ${Number.isFinite(after) ? (after >= 120 ? `${Math.ceil(after / 60)} minutes` : `${after} s`) : "a minute"}.`,
        ...(Number.isFinite(after) ? { retryAfterSeconds: after } : {}),
      };
    }
    if (status === 529) return { kind: "overloaded", message: "The Anthropic API is overloaded (529). Try again in a few minutes." };
    if (status >= 500) return { kind: "server", message: `The Anthropic API failed (${status}). Try again later.` };
    return { kind: "bad-request", message: `The Anthropic API refused the request (${status}): ${firstLine(e.message)}. Check the model name in ${SETTINGS}.` };
  }
  return { kind: "network", message: "The call to the model failed before an answer came back (a network or proxy problem). Check the connection and the base URL, then try again." };
}

function firstLine(s: string): string {
  return s.split("\n")[0]!.slice(0, 200);
}
