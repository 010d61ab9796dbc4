import { redactSecrets } from "../capture/redact";
import { stripControls } from "./strip-controls";

/**
 * A message made safe to show or log: anything the redaction rules know as a secret (keys, tokens, auth headers,
 * credentials in URLs) and every value in `known` (the configured key itself) replaced, control characters removed.
 */
export function scrubSecrets(text: string, known: readonly (string | null | undefined)[] = []): string {
  let out = text;
  for (const k of known) if (k && k.length >= 8) out = out.split(k).join("[REDACTED:key]");
  return stripControls(redactSecrets(out).text);
}
