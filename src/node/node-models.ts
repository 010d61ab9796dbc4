import { currentModel, DEFAULT_MODEL, DEFAULT_SELECT_MODEL, type ListPrice } from "../core/llm/models";
import {
  HOSTED_TIMEOUT_SECONDS,
  SERVER_PRESETS,
  serverPreset,
  serverPriceFor,
  smallModelFor,
  timeoutSecondsFor,
  type ServerPreset,
} from "../core/llm/local-server";
import type { LanguageModel } from "../core/llm/language-model";
import { EXIT, type NodeIo } from "./node-io";
import { nodeFetch, nodeTimers, process } from "./node-runtime";

/** The model a Node host was asked for: an id and a server (--model / --base-url on the command line; none in the MCP server). */
export interface ModelFlags {
  model?: string;
  baseUrl?: string;
  /** A server preset by name (--server ollama): its base URL unless --base-url gives another, and its kind. */
  server?: string;
}

/** The no-key message of every command that calls a model, in the command line's own terms. */
export const NO_KEY_MESSAGE = "No Anthropic API key: set ANTHROPIC_API_KEY, or give --base-url for a compatible local server (which may need no key).";

/** The server preset named by --server, else KC_SERVER; undefined when none (or not a preset: baseUrlProblem says so). */
export function namedServer(flags: ModelFlags, env: Record<string, string | undefined>): ServerPreset | undefined {
  const name = flags.server ?? env.KC_SERVER;
  return name === undefined || name.trim() === "" ? undefined : (serverPreset(name) ?? undefined);
}

/**
 * The server a Node host calls: --base-url, else --server's preset, else ANTHROPIC_BASE_URL, else KC_SERVER's
 * preset; undefined (or "") for the Anthropic API.
 */
export function effectiveBaseUrl(flags: ModelFlags, env: Record<string, string | undefined>): string | undefined {
  const preset = (name: string | undefined): string | undefined => {
    const p = name === undefined ? null : serverPreset(name);
    return p === null ? undefined : SERVER_PRESETS[p].baseUrl;
  };
  return flags.baseUrl ?? preset(flags.server) ?? env.ANTHROPIC_BASE_URL ?? preset(env.KC_SERVER);
}

/**
 * What is wrong with the base URL (the flag or ANTHROPIC_BASE_URL) in a sentence, or null: anything but an http(s)
 * URL is refused. Cheap and offline, so a command checks it before reading the vault (exit 2).
 */
export function baseUrlProblem(flags: ModelFlags, env: Record<string, string | undefined>): string | null {
  const name = flags.server ?? env.KC_SERVER;
  if (name !== undefined && name.trim() !== "" && serverPreset(name) === null)
    return `${flags.server !== undefined ? "--server" : "KC_SERVER"} must be one of ${Object.keys(SERVER_PRESETS).join(", ")}, not "${name}".`;
  const baseUrl = effectiveBaseUrl(flags, env);
  if (baseUrl === undefined || baseUrl === "") return null;
  let url: URL | null = null;
  try {
    url = new URL(baseUrl);
  } catch {
    url = null;
  }
  return url && (url.protocol === "http:" || url.protocol === "https:")
    ? null
    : `--base-url must be an http or https URL such as http://127.0.0.1:8080, not "${baseUrl}".`;
}

/**
 * The model options of a small role (selection, distillation) called from flags alone: KC_SELECT_MODEL, else the
 * select model, or on a server other than the Anthropic API, the main model (--model, KC_MODEL) when it is not Claude.
 */
export function smallModelOptions(flags: ModelFlags, env: Record<string, string | undefined>): { defaultModel: string; envModel: string } {
  const main = modelIdFor({}, env);
  return { defaultModel: smallModelFor(main, DEFAULT_SELECT_MODEL, effectiveBaseUrl(flags, env), namedServer(flags, env)), envModel: "KC_SELECT_MODEL" };
}

/** Which model id a Node host calls: the flag, else the environment variable, else the saved or built-in default. */
export function modelIdFor(flags: ModelFlags, env: Record<string, string | undefined>, options: { defaultModel?: string; envModel?: string } = {}): string {
  return currentModel(flags.model ?? env[options.envModel ?? "KC_MODEL"] ?? options.defaultModel ?? DEFAULT_MODEL);
}

/**
 * The model a Node host calls, from its flags and the environment, or what is wrong in a sentence: a base URL that
 * is not an http(s) URL is refused before anything runs; a key is needed only for the Anthropic API (a compatible
 * local server behind a base URL may need none). The error carries its exit code: a bad base URL is a usage error,
 * a missing key exit 1.
 */
export async function modelFromFlags(
  flags: ModelFlags,
  io: NodeIo,
  options: {
    streaming: boolean;
    defaultModel?: string;
    envModel?: string;
    timeoutSeconds?: number;
    onWait?: (seconds: number, reason: string) => void;
    onSilence?: (silentSeconds: number, stopsAfterSeconds: number) => void;
  },
): Promise<{ model: LanguageModel; id: string; price: ListPrice | null } | { error: string; exitCode: number }> {
  const baseUrl = effectiveBaseUrl(flags, io.env);
  const named = namedServer(flags, io.env);
  const problem = baseUrlProblem(flags, io.env);
  if (problem) return { error: problem, exitCode: EXIT.usage };
  const apiKey = io.env.ANTHROPIC_API_KEY || null;
  if (!apiKey && !baseUrl) return { error: NO_KEY_MESSAGE, exitCode: EXIT.findings };
  const id = modelIdFor(flags, io.env, options);
  // A local model server gets the local timeout unless one is set (a model loading on a CPU is slow to start).
  const timeout = Number(io.env.KC_TIMEOUT_SECONDS ?? timeoutSecondsFor(id, baseUrl, options.timeoutSeconds ?? HOSTED_TIMEOUT_SECONDS, named));
  // Loaded only by commands that call a model: lint, route and graph start without the SDK.
  const { AnthropicLanguageModel } = await import("../llm/anthropic-language-model");
  return {
    id,
    // Before the person's own prices (the spend settings put those over it): $0 on a local server, else the list price.
    price: serverPriceFor(id, baseUrl, {}, named),
    model: new AnthropicLanguageModel({
      apiKey,
      model: id,
      baseUrl: baseUrl || undefined,
      fetch: nodeFetch,
      timers: nodeTimers,
      env: process.env,
      streaming: options.streaming,
      timeoutMs: (Number.isFinite(timeout) && timeout > 0 ? timeout : 120) * 1000,
      ...(options.onWait ? { onWait: options.onWait } : {}),
      ...(options.onSilence ? { onSilence: options.onSilence } : {}),
      onDegrade: (message) => io.err(`${message}\n`),
    }),
  };
}

/**
 * A line on stderr while a model call is silent, so a terminal never sits silent up to the timeout (a local model
 * loading on a CPU may stay silent for minutes: the line says it is still waiting and how to stop it).
 */
export function silenceLine(io: NodeIo): (silentSeconds: number, stopsAfterSeconds: number) => void {
  return (silent, stops) =>
    io.err(`Still waiting for the model: no reply for ${Math.round(silent)} s (it stops after ${Math.round(stops)} s; Ctrl-C stops it now)…\n`);
}

/** A line on stderr while a call waits before retrying, so a terminal never sits silent. */
export function waitLine(io: NodeIo): (seconds: number, reason: string) => void {
  return (seconds, reason) => io.err(`Waiting ${Math.ceil(seconds)} s before trying again (${reason})…\n`);
}
