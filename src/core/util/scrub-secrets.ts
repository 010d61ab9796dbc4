import { stripControls } from "./strip-controls";

const mark = (name: string): string => `[REDACTED:${name}]`;

/**
 * Values that are keys by their shape, wherever they appear. Narrower than capture's redaction table on purpose: a
 * transcript can afford to lose "max_tokens: 1024" to a false positive, a message a person must act on cannot, so
 * only key-shaped values and values of credential headers are replaced here.
 */
const KEY_SHAPES: [name: string, pattern: RegExp][] = [
  ["private-key", /-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----[\s\S]*?(?:-----END [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----|$)/g],
  ["anthropic-key", /\bsk-ant-[A-Za-z0-9_-]{8,}/g],
  ["key", /\bsk-(?=[A-Za-z_-]*\d)[A-Za-z0-9_-]{16,}/g], // a digit somewhere: "sk-learn-preprocessing" is a name
  ["key", /\b(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{16,}|\bwhsec_[A-Za-z0-9]{24,}/g],
  ["github-token", /\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{22,})/g],
  ["aws-key", /\b(?:AKIA|ASIA)[A-Z0-9]{16}\b/g],
  ["google-key", /\bAIza[0-9A-Za-z_-]{35}|\bya29\.[0-9A-Za-z_-]{20,}/g],
  ["slack-token", /\bxox[abposre]-[A-Za-z0-9-]{10,}/g],
  ["npm-token", /\bnpm_[A-Za-z0-9]{36}\b/g],
  ["jwt", /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g],
];

/** The value after a credential header or parameter name (x-api-key: …, Authorization: Bearer …, ?api_key=…). */
const CREDENTIAL_FIELD =
  /\b((?:x-api-key|x-goog-api-key|api[-_]?key|apikey|access[-_]?token|auth[-_]?token|(?:proxy-)?authorization|bearer)["']?\s*[:=]?\s*["']?\s*(?:(?:bearer|basic|token)\s+)?)((?!\[REDACTED)[^\s"',;&<>()]{8,})/gi;

/** A value that could be a credential: long enough, and not an ordinary lower-case word or an identifier in words. */
function looksLikeCredential(value: string): boolean {
  if (/^[a-z]+(?:[-_.][a-z]+)*[.:]?$/.test(value)) return false; // "required", "invalid_credentials", "missing."
  return /\d/.test(value) || (/[a-z]/.test(value) && /[A-Z]/.test(value)) || value.length >= 24;
}

/**
 * Long runs of key alphabet (no "/", ".", ":" — so paths, URLs and file names are never one token). No lookbehind:
 * the plugin bundle must parse on Safari 15.
 */
const LONG_TOKEN = /(^|[^A-Za-z0-9_+=-])([A-Za-z0-9_+=-]{32,})(?![A-Za-z0-9_+=-])/g;

/** Shannon entropy in bits per character. */
function entropy(s: string): number {
  const counts = new Map<string, number>();
  for (const c of s) counts.set(c, (counts.get(c) ?? 0) + 1);
  let h = 0;
  for (const n of counts.values()) h -= (n / s.length) * Math.log2(n / s.length);
  return h;
}

/**
 * A random-looking token: upper case, lower case and digits mixed, several digits, and a spread of characters that
 * words, kebab-case names, hex hashes and identifiers in camel case do not reach.
 */
function looksRandom(token: string): boolean {
  const digits = token.replace(/\D/g, "").length;
  return /[a-z]/.test(token) && /[A-Z]/.test(token) && digits >= 2 && entropy(token) >= 4.2;
}

/**
 * A message made safe to show or log: every value in `known` (the configured key itself), key-shaped values of the
 * common providers, credentials after a header or parameter name, credentials in URLs and long random-looking
 * tokens replaced by `[REDACTED:<kind>]`; control and escape characters removed. Pure; ordinary words, paths, URLs,
 * model ids, request ids and hashes are left as they are.
 */
export function scrubSecrets(text: string, known: readonly (string | null | undefined)[] = []): string {
  let out = text;
  for (const k of known) if (k && k.length >= 8) out = out.split(k).join(mark("key"));
  for (const [name, pattern] of KEY_SHAPES) out = out.replace(pattern, mark(name));
  out = out.replace(CREDENTIAL_FIELD, (m, head: string, value: string) => (looksLikeCredential(value) ? `${head}${mark("credential")}` : m));
  out = out.replace(/\b([a-z][a-z0-9+.-]{1,20}:\/\/)[^\s:/@]+:[^\s@/]+@/gi, (_m, scheme: string) => `${scheme}${mark("credentials")}@`);
  out = out.replace(LONG_TOKEN, (m, before: string, token: string) => (looksRandom(token) ? `${before}${mark("token")}` : m));
  return stripControls(out);
}
