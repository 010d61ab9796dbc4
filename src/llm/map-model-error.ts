import Anthropic from "@anthropic-ai/sdk";
import type { ModelError } from "../core/llm/language-model";
import { DEFAULT_MODEL } from "../core/llm/models";
import { sendsKeyTo } from "./anthropic-client";
import { ReplyTooLargeError } from "./limit-reply-size";

const SETTINGS = "the plugin's settings (or the command's --model / ANTHROPIC_API_KEY)";

/** What a message needs to name: the model asked for, and who was called. */
export interface ErrorContext {
  model: string;
  /** "" or absent: the Anthropic API. */
  baseUrl?: string | undefined;
  /** The reply limit in characters, named when a body is cut off. */
  maxReplyChars?: number;
}

/** "the Anthropic API", or "the model server at 127.0.0.1:8080" for a compatible server behind a base URL. */
export function serviceOf(baseUrl: string | undefined): string {
  if (!baseUrl) return "the Anthropic API";
  try {
    const host = new URL(baseUrl).host;
    return host === "api.anthropic.com" ? "the Anthropic API" : `the model server at ${host}`;
  } catch {
    return "the model server";
  }
}

/** "45 s", "60 minutes", "3 hours": how long a wait is, for a sentence. */
export function formatWait(seconds: number): string {
  if (seconds < 120) return `${Math.max(1, Math.ceil(seconds))} s`;
  if (seconds < 2 * 3600) return `${Math.ceil(seconds / 60)} minutes`;
  return `${Math.ceil(seconds / 3600)} hours`;
}

/**
 * How long to wait before retrying a failure, in seconds, or null when retrying cannot help (a request refused as it
 * stands never is). The server's own answer wins (x-should-retry, retry-after-ms, retry-after in seconds or as a
 * date), else the SDK's backoff:
 * 0.5 s doubling per attempt up to 8 s, less up to a quarter of jitter.
 */
export function waitOf(e: unknown, attempt: number, now: number = Date.now()): number | null {
  const backoff = Math.min(0.5 * 2 ** attempt, 8) * (1 - Math.random() * 0.25);
  if (e instanceof Anthropic.APIUserAbortError || e instanceof Anthropic.APIConnectionTimeoutError) return null;
  if (e instanceof Anthropic.APIConnectionError) {
    const { codes } = causesOf(e);
    return codes.some((c) => /ENOTFOUND|EAI_NONAME|CERT|SELF_SIGNED|UNABLE_TO_VERIFY/.test(c)) || tooLarge(e) ? null : backoff;
  }
  if (!(e instanceof Anthropic.APIError)) return null;
  const headers = e.headers as Headers | undefined;
  const should = headers?.get("x-should-retry");
  const status = typeof e.status === "number" ? e.status : 0;
  const transient = status === 408 || status === 409 || status === 429 || status >= 500;
  // A request the server refused as it stands (400, 404, 422…) is never sent again unchanged, whatever it says.
  if (status >= 400 && !transient) return null;
  if (should === "false" || (should !== "true" && !transient)) return null;
  const ms = Number.parseFloat(headers?.get("retry-after-ms") ?? "");
  if (Number.isFinite(ms) && ms >= 0) return ms / 1000;
  const after = headers?.get("retry-after");
  if (after) {
    const s = Number.parseFloat(after);
    if (Number.isFinite(s) && s >= 0) return s;
    const date = Date.parse(after);
    if (Number.isFinite(date)) return Math.max(0, (date - now) / 1000);
  }
  return backoff;
}

/** Maps anything the SDK (or the fetch under it) throws to one expected failure with a sentence a person can act on. */
export function mapModelError(e: unknown, ctx: ErrorContext): ModelError {
  const service = serviceOf(ctx.baseUrl);
  const Service = service.charAt(0).toUpperCase() + service.slice(1);
  const checkBase = ctx.baseUrl ? " and the base URL" : "";
  if (e instanceof Anthropic.APIUserAbortError || (e instanceof Error && e.name === "AbortError")) return { kind: "aborted", message: "Stopped." };
  const large = tooLarge(e);
  if (large) {
    const accepted = ctx.maxReplyChars ? `, far over the ${Math.round(ctx.maxReplyChars / 1000)} kB accepted` : "";
    return { kind: "invalid-reply", message: `The reply from ${service} is larger than ${formatSize(large.limitBytes)}${accepted}; it was not used.` };
  }
  if (e instanceof Anthropic.APIConnectionTimeoutError)
    return { kind: "timeout", message: `${Service} did not answer in time, so the request was stopped. Try again, or raise the request timeout.` };
  if (e instanceof Anthropic.APIConnectionError) return { kind: "network", message: connectionMessage(e, service, checkBase) };
  if (e instanceof Anthropic.APIError) {
    const status: number = typeof e.status === "number" ? e.status : 0;
    const reason = reasonOf(e);
    const because = reason ? `: ${reason}` : "";
    if (status === 401)
      return {
        kind: "auth",
        message: sendsKeyTo(ctx.baseUrl)
          ? `${Service} rejected the API key (401). Check the key in ${SETTINGS}.`
          : `${Service} asked for a key (401), and a key is sent only over https or to this machine, never over plain http to another host. Use an https base URL for it.`,
      };
    if (status === 403)
      return {
        kind: "auth",
        message: `The API key may not make this request (403${because}). Check the key's workspace and its access to ${ctx.model}, or use another key.`,
      };
    if (status === 404)
      return {
        kind: "bad-request",
        message: `${Service} has no model "${ctx.model}" (404${because}). Check the model name in ${SETTINGS}${checkBase}; the current default is ${DEFAULT_MODEL}.`,
      };
    if (status === 413)
      return { kind: "bad-request", message: `The request is too large for ${service} (413). Compile a shorter log, or lower the token budget.` };
    if (status === 429) {
      const after = Number((e.headers as Headers | undefined)?.get("retry-after") ?? NaN);
      const when = Number.isFinite(after) ? formatWait(after) : "a minute";
      return {
        kind: "rate-limited",
        message: `Rate limited by ${service} (429); try again in ${when}.`,
        ...(Number.isFinite(after) ? { retryAfterSeconds: after } : {}),
      };
    }
    if (status === 529) return { kind: "overloaded", message: `${Service} is overloaded (529). Try again in a few minutes.` };
    if (status >= 500 || status === 408 || status === 409) return { kind: "server", message: `${Service} failed (${status}). Try again in a few minutes.` };
    if (status >= 400) return { kind: "bad-request", message: `${Service} refused the request (${status}${because}).` };
    return { kind: "invalid-reply", message: `${Service} sent an answer that is not a Messages API reply${ctx.baseUrl ? "; check the base URL" : ""}.` };
  }
  if (e instanceof SyntaxError)
    return { kind: "invalid-reply", message: `${Service} sent a reply that could not be read (not JSON)${ctx.baseUrl ? "; check the base URL" : ""}.` };
  return {
    kind: "network",
    message: `The call to ${service} failed before an answer came back. Try again; if it keeps failing, check the connection${checkBase}.`,
  };
}

/** The server's own short reason (the error body's message): first line, at most 200 characters. */
function reasonOf(e: { error?: unknown }): string {
  const body = e.error as { error?: { message?: unknown }; message?: unknown } | undefined;
  const raw = body?.error?.message ?? body?.message;
  if (typeof raw !== "string") return "";
  const line = raw.split("\n")[0]!.trim().replace(/\.$/, "");
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}

function connectionMessage(e: Error, service: string, checkBase: string): string {
  const { codes, messages } = causesOf(e);
  const seen = [...codes, ...messages].join(" ");
  if (/ENOTFOUND|EAI_AGAIN|EAI_NONAME|NAME_NOT_RESOLVED/.test(seen))
    return `Could not find ${service} (its name did not resolve). Check the internet connection${checkBase}.`;
  if (/ECONNREFUSED|CONNECTION_REFUSED/.test(seen)) return `Nothing answered at ${service} (connection refused). Check that the server is running${checkBase}.`;
  if (/CERT|SELF_SIGNED|UNABLE_TO_VERIFY|certificate/i.test(seen))
    return `The certificate of ${service} is not trusted, so nothing was sent. Check${checkBase ? " the base URL, or" : ""} any proxy that intercepts the connection.`;
  if (/ECONNRESET|EPIPE|ETIMEDOUT|UND_ERR|terminated|socket/i.test(seen))
    return `The connection to ${service} broke before an answer came back. Check the connection and try again.`;
  return `Could not reach ${service} (a network error). Check the connection${checkBase}, then try again.`;
}

/** Codes and messages along an error's cause chain (never shown; only matched). */
function causesOf(e: unknown): { codes: string[]; messages: string[] } {
  const codes: string[] = [];
  const messages: string[] = [];
  let cur: unknown = e;
  for (let depth = 0; cur && depth < 6; depth++) {
    const c = cur as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof c.code === "string") codes.push(c.code);
    if (typeof c.message === "string") messages.push(c.message);
    cur = c.cause;
  }
  return { codes, messages };
}

function tooLarge(e: unknown): ReplyTooLargeError | null {
  let cur: unknown = e;
  for (let depth = 0; cur && depth < 6; depth++) {
    if (cur instanceof ReplyTooLargeError) return cur;
    cur = (cur as { cause?: unknown }).cause;
  }
  return null;
}

function formatSize(bytes: number): string {
  return bytes >= 1_000_000 ? `${Math.round(bytes / 100_000) / 10} MB` : `${Math.round(bytes / 1000)} kB`;
}
