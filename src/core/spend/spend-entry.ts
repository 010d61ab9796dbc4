/** One model call as the spend ledger keeps it: when, what for, which model, the tokens, and its cost. */
export interface SpendEntry {
  /** When the call finished (ISO 8601). */
  at: string;
  /** The local calendar day of the call (YYYY-MM-DD), as the person's clock had it. */
  day: string;
  /** What the call was for: the role or feature ("answer", "compile", "select", "contradictions", "distill"…). */
  feature: string;
  model: string;
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
  /** USD at that model's price when made; null when the model's price was not known. */
  usd: number | null;
  /** True when the API billed the call without reporting its usage (a timeout, an unreadable reply): `usd` is its worst case. */
  estimated?: true;
}

/** Older calls folded into one line per month when the ledger is trimmed: the totals survive, the detail goes. */
export interface SpendMonthSummary {
  kind: "month";
  /** YYYY-MM. */
  month: string;
  calls: number;
  usd: number;
  /** Calls whose cost was not known (not in usd). */
  unknownCalls: number;
  byFeature: Record<string, { calls: number; usd: number }>;
}

/** A line of the ledger: a call, or a month's summary. */
export type SpendRecord = SpendEntry | SpendMonthSummary;

const count = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) && v >= 0 ? v : null);

/** The record a ledger line holds, or null for a line that is not one (cut short, edited by hand, from elsewhere). */
export function parseSpendLine(line: string): SpendRecord | null {
  let v: unknown;
  try {
    v = JSON.parse(line);
  } catch {
    return null;
  }
  if (typeof v !== "object" || v === null || Array.isArray(v)) return null;
  const o = v as Record<string, unknown>;
  if (o.kind === "month") {
    if (typeof o.month !== "string" || !/^\d{4}-\d{2}$/.test(o.month) || count(o.calls) === null || count(o.usd) === null) return null;
    const byFeature: SpendMonthSummary["byFeature"] = {};
    if (typeof o.byFeature === "object" && o.byFeature !== null) {
      for (const [f, t] of Object.entries(o.byFeature as Record<string, { calls?: unknown; usd?: unknown }>)) {
        const calls = count(t?.calls);
        const usd = count(t?.usd);
        if (calls !== null && usd !== null) byFeature[f] = { calls, usd };
      }
    }
    return { kind: "month", month: o.month, calls: o.calls as number, usd: o.usd as number, unknownCalls: count(o.unknownCalls) ?? 0, byFeature };
  }
  if (
    typeof o.at !== "string" ||
    typeof o.day !== "string" ||
    !/^\d{4}-\d{2}-\d{2}$/.test(o.day) ||
    typeof o.feature !== "string" ||
    typeof o.model !== "string"
  )
    return null;
  const tokens = [o.input, o.output, o.cacheRead, o.cacheWrite].map(count);
  if (tokens.some((t) => t === null)) return null;
  const usd = o.usd === null ? null : count(o.usd);
  if (usd === null && o.usd !== null) return null;
  return {
    at: o.at,
    day: o.day,
    feature: o.feature,
    model: o.model,
    input: tokens[0]!,
    output: tokens[1]!,
    cacheRead: tokens[2]!,
    cacheWrite: tokens[3]!,
    usd,
    ...(o.estimated === true ? { estimated: true as const } : {}),
  };
}

/** The ledger's records in file order; lines that are not records are skipped. */
export function parseSpendLedger(text: string): SpendRecord[] {
  const out: SpendRecord[] = [];
  for (const line of text.split("\n")) {
    if (line.trim() === "") continue;
    const r = parseSpendLine(line);
    if (r) out.push(r);
  }
  return out;
}

/** True for a month summary, false for one call. */
export function isMonthSummary(r: SpendRecord): r is SpendMonthSummary {
  return (r as SpendMonthSummary).kind === "month";
}
