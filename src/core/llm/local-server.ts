import { priceFor, type ListPrice, type PriceOverride } from "./models";

/** The model servers a person can pick by name: the Anthropic API ("" base URL) and three local servers. */
export const SERVER_PRESETS = {
  anthropic: { label: "Anthropic API", baseUrl: "" },
  ollama: { label: "Ollama", baseUrl: "http://localhost:11434" },
  lmstudio: { label: "LM Studio", baseUrl: "http://localhost:1234" },
  llamacpp: { label: "llama.cpp server", baseUrl: "http://localhost:8080" },
} as const;

/** A preset's name: `--server ollama`, KC_SERVER=lmstudio. */
export type ServerPreset = keyof typeof SERVER_PRESETS;

/** The preset named `name` (case and surrounding space ignored), or null. */
export function serverPreset(name: string): ServerPreset | null {
  const key = name
    .trim()
    .toLowerCase()
    .replace(/[\s._-]/g, "");
  return key in SERVER_PRESETS ? (key as ServerPreset) : null;
}

/** The preset whose base URL this is (trailing slashes ignored), or null. */
export function presetOf(baseUrl: string): ServerPreset | null {
  const url = baseUrl.trim().replace(/\/+$/, "");
  return (Object.keys(SERVER_PRESETS) as ServerPreset[]).find((k) => SERVER_PRESETS[k].baseUrl === url) ?? null;
}

/** How long a hosted API call may stay silent by default, and a local one (a model loading on a CPU takes minutes). */
export const HOSTED_TIMEOUT_SECONDS = 120;
export const LOCAL_TIMEOUT_SECONDS = 600;

/** The host of a base URL, lowercase, without an IPv6 address's brackets; null when it is not a URL. */
function hostOf(baseUrl: string | undefined): string | null {
  if (!baseUrl || baseUrl.trim() === "") return null;
  try {
    return new URL(baseUrl.trim()).hostname.toLowerCase().replace(/^\[|\]$/g, "");
  } catch {
    return null;
  }
}

/** True when `baseUrl` is on this machine: localhost (and *.localhost), a loopback address (127.x, ::1). */
export function isThisMachine(baseUrl: string | undefined): boolean {
  const host = hostOf(baseUrl);
  if (host === null) return false;
  if (host.startsWith("::ffff:")) return isThisMachine(`http://${host.slice(7)}`);
  return host === "localhost" || host.endsWith(".localhost") || host === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/**
 * True when `baseUrl` is on this machine or the local network: this machine (isThisMachine), a private, link-local or
 * unique-local address, or an mDNS *.local name.
 */
export function isLocalAddress(baseUrl: string | undefined): boolean {
  const host = hostOf(baseUrl);
  if (host === null) return false;
  if (isThisMachine(baseUrl) || host.endsWith(".local")) return true;
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])];
    return a === 10 || a === 0 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254);
  }
  if (host.startsWith("::ffff:")) return isLocalAddress(`http://${host.slice(7)}`);
  return /^f[cd][0-9a-f]{2}:/.test(host) || /^fe[89ab][0-9a-f]:/.test(host);
}

/**
 * The kind of server behind `baseUrl`: the preset the person named (`--server`, KC_SERVER) where its address is on
 * this machine or network (a local preset named over a remote address, a hosted service, may bill: null), else the
 * Anthropic API for none, else the local preset whose port a local address listens on (127.0.0.1:11434 is Ollama),
 * else null (a compatible server of unknown kind, which may bill).
 */
export function serverKindOf(baseUrl: string | undefined, named?: ServerPreset): ServerPreset | null {
  if (named) return named === "anthropic" || !baseUrl || baseUrl.trim() === "" || isLocalAddress(baseUrl) ? named : null;
  if (!baseUrl || baseUrl.trim() === "") return "anthropic";
  if (!isLocalAddress(baseUrl)) return null;
  const port = new URL(baseUrl.trim()).port;
  return (Object.keys(SERVER_PRESETS) as ServerPreset[]).find((k) => k !== "anthropic" && new URL(SERVER_PRESETS[k].baseUrl).port === port) ?? null;
}

/**
 * True when calls to `modelId` at `baseUrl` run on a local model server (Ollama, LM Studio, llama.cpp's server, by
 * name or by address and port) and the model is not one of Anthropic's (a `claude-…` id there is a proxy to a
 * service that bills). Such calls cost nothing unless the person sets a price, and may take minutes to start.
 */
export function runsLocally(modelId: string, baseUrl: string | undefined, named?: ServerPreset): boolean {
  const kind = serverKindOf(baseUrl, named);
  return kind !== null && kind !== "anthropic" && !/^claude-/i.test(modelId.trim());
}

/** What a local call costs: nothing (its tokens are still counted and shown). */
export const LOCAL_PRICE: ListPrice = { input: 0, output: 0, cacheWrite: 0, cacheRead: 0 };

/**
 * The price of calls to `modelId` at `baseUrl`: the person's override, else the table's list price, else $0 where
 * the model runs locally (runsLocally), else null (unknown). The one rule every host prices by.
 */
export function serverPriceFor(
  modelId: string,
  baseUrl: string | undefined,
  overrides: Readonly<Record<string, PriceOverride>> = {},
  named?: ServerPreset,
): ListPrice | null {
  return priceFor(modelId, overrides) ?? (runsLocally(modelId, baseUrl, named) ? LOCAL_PRICE : null);
}

/**
 * The request timeout of calls to `modelId` at `baseUrl`: the person's, unless it is the hosted default and the
 * model runs locally, which gets the local default (first tokens from a model loading on a CPU can take minutes).
 */
export function timeoutSecondsFor(modelId: string, baseUrl: string | undefined, savedSeconds: number, named?: ServerPreset): number {
  return savedSeconds === HOSTED_TIMEOUT_SECONDS && runsLocally(modelId, baseUrl, named) ? LOCAL_TIMEOUT_SECONDS : savedSeconds;
}

/**
 * The model of the small roles (selection, distillation) at `baseUrl`: the select model, unless the main model is
 * not one of Anthropic's on a server other than the Anthropic API (Ollama, LM Studio, any compatible server) while the
 * select model is (the default), which such a server does not have: then the main model.
 */
export function smallModelFor(mainId: string, selectId: string, baseUrl: string | undefined, named?: ServerPreset): string {
  const claude = (id: string): boolean => /^claude-/i.test(id.trim());
  return serverKindOf(baseUrl, named) !== "anthropic" && !claude(mainId) && claude(selectId) ? mainId : selectId;
}
