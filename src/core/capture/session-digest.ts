import { isSecretFile, redactThenCut } from "./redact";
import type { ToolUse, TranscriptRecord } from "./transcript-record";

/** A session's activity on one local day: what the person asked, what was touched, run and failed. */
export interface SessionDay {
  date: string;
  /** Local HH:MM of the day's first record. */
  time: string;
  prompts: string[];
  steering: string[];
  files: string[];
  commands: string[];
  errors: string[];
  /** Secrets already redacted while the digest was read (texts are redacted whole before they are shortened). */
  redactions?: number;
  /** The assistant's own words (not its thinking), bounded, for the optional distillation. */
  replies: string[];
  firstUuid: string | null;
  lastUuid: string | null;
}

/** What capture keeps of one session (across its files), before redaction and rendering. */
export interface SessionDigest {
  sessionId: string;
  cwd: string | null;
  gitBranch: string | null;
  entrypoint: string | null;
  title: string | null;
  /** Prompts the person typed (not meta, command wrappers, compaction summaries, warm-ups or subagents). */
  humanPrompts: number;
  compactions: number;
  brokenLines: number;
  unknownRecords: number;
  /** Records skipped because an earlier capture already had them (a resumed or compacted copy). */
  alreadyCaptured: number;
  days: SessionDay[];
  /** Every record uuid read (for idempotency across resumed copies). */
  uuids: string[];
}

/** Local date and time of an ISO timestamp (the host's time zone). */
export type LocalParts = (iso: string) => { date: string; time: string };

/** Most characters of the assistant's replies kept per day (the distillation reads at most 20,000 in all). */
const MAX_REPLY_CHARS = 16_000;

const NOT_PROMPTS = /^\s*(?:<command-(?:message|args|stdout|stderr)>|<local-command-|\[Request interrupted|Caveat: The messages below|<system-reminder>)/;

/**
 * Collects one session's records (streamed, in file order; main file and subagent files) into a digest split by
 * local day. Records already captured from another file of the project (a `--resume` copy, a compaction's re-appended
 * rows) are skipped by uuid; duplicates within the session too.
 */
export class SessionCollector {
  private readonly days = new Map<string, SessionDay>();
  private readonly uuids = new Set<string>();
  private readonly tools = new Map<string, ToolUse>();
  private readonly d: Omit<SessionDigest, "days" | "uuids"> = {
    sessionId: "",
    cwd: null,
    gitBranch: null,
    entrypoint: null,
    title: null,
    humanPrompts: 0,
    compactions: 0,
    brokenLines: 0,
    unknownRecords: 0,
    alreadyCaptured: 0,
  };
  private aiTitle: string | null = null;
  private customTitle: string | null = null;
  private summary: string | null = null;
  private lastTimestamp: string | null = null;

  constructor(
    private readonly localParts: LocalParts,
    private readonly seenBefore: (uuid: string) => boolean = () => false,
  ) {}

  add(r: TranscriptRecord): void {
    if (r.kind === "broken") {
      this.d.brokenLines++;
      return;
    }
    this.d.sessionId ||= r.sessionId ?? "";
    if (!r.isSidechain) {
      this.d.cwd ??= r.cwd;
      this.d.gitBranch ||= r.gitBranch;
      this.d.entrypoint ??= r.entrypoint;
    }
    if (r.uuid) {
      if (this.uuids.has(r.uuid)) return;
      if (this.seenBefore(r.uuid)) {
        this.d.alreadyCaptured++;
        return;
      }
      this.uuids.add(r.uuid);
    }
    if (readableTime(r.timestamp)) this.lastTimestamp = r.timestamp;
    switch (r.kind) {
      case "title":
        if (r.source === "custom") this.customTitle = r.title || this.customTitle;
        else if (r.source === "ai") this.aiTitle = r.title || this.aiTitle;
        else this.summary ??= r.title || null;
        return;
      case "system":
        if (r.compaction) this.d.compactions++;
        return;
      case "other":
        this.d.unknownRecords++;
        return;
      case "steering":
        if (r.text.trim()) this.day(r).steering.push(r.text.trim());
        return;
      case "prompt": {
        if (r.meta || r.compactSummary || r.isSidechain || NOT_PROMPTS.test(r.text) || /^\s*warm-?up\s*$/i.test(r.text)) return;
        const slash = /^\s*<command-name>\/?([^<]+)<\/command-name>/.exec(r.text);
        const day = this.day(r);
        if (slash) day.commands.push(`/${slash[1]!.trim()}`);
        else if (r.text.trim()) {
          day.prompts.push(r.text.trim());
          this.d.humanPrompts++;
        }
        return;
      }
      case "assistant": {
        if (r.synthetic) return;
        const day = this.day(r);
        if (!r.isSidechain && day.replies.join("").length < MAX_REPLY_CHARS) day.replies.push(...r.texts.map((t) => kept(day, t, 2000)));
        for (const t of r.tools) {
          this.tools.set(t.id, t);
          if (t.path && !isSecretFile(t.path) && /^(?:Edit|MultiEdit|Write|NotebookEdit)$/.test(t.name)) pushOnce(day.files, t.path);
          if (t.command && t.name === "Bash") pushOnce(day.commands, kept(day, t.command.replace(/\s+/g, " ").trim(), 120));
        }
        return;
      }
      case "tool-results": {
        const day = this.day(r);
        for (const res of r.results) {
          const tool = this.tools.get(res.toolUseId);
          if (!res.isError || (tool?.path && isSecretFile(tool.path))) continue;
          const first =
            res.text
              .split("\n")
              .map((l) => l.trim())
              .find((l) => l !== "" && !/^<\/?tool_use_error>$/.test(l)) ?? "failed";
          day.errors.push(
            `${tool ? `${tool.name} ${kept(day, tool.summary, 120)}`.trim() : "a tool"}: ${kept(day, first.replace(/<\/?tool_use_error>/g, ""), 160)}`,
          );
        }
        return;
      }
    }
  }

  digest(): SessionDigest {
    const days = [...this.days.values()].filter((d) => d.date !== UNKNOWN_DAY).sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
    // Records read before any readable time belong with the session's first day; alone, they make no day at all.
    const unknown = this.days.get(UNKNOWN_DAY);
    if (unknown && days[0]) prependDay(days[0], unknown);
    return { ...this.d, title: this.customTitle ?? this.aiTitle ?? this.summary, days, uuids: [...this.uuids] };
  }

  /**
   * The day slice a record belongs to (by its timestamp, else the last readable one seen). Only the main file's
   * records (not a subagent's) mark where the day starts and ends, so a marker's range is one file's order.
   */
  private day(r: { timestamp: string | null; uuid: string | null; isSidechain: boolean }): SessionDay {
    const ts = readableTime(r.timestamp) ? r.timestamp : this.lastTimestamp;
    const { date, time } = (ts && localPartsOf(this.localParts, ts)) || { date: UNKNOWN_DAY, time: "00:00" };
    const uuid = r.isSidechain ? null : r.uuid;
    let day = this.days.get(date);
    if (!day) {
      day = { date, time, prompts: [], steering: [], files: [], commands: [], errors: [], replies: [], firstUuid: uuid, lastUuid: uuid };
      this.days.set(date, day);
    }
    if (uuid) day.lastUuid = uuid;
    day.firstUuid ??= uuid;
    return day;
  }
}

const UNKNOWN_DAY = "0000-00-00";

/** Whether a record's timestamp is a time at all (one that is not would make no date, or a wrong one). */
export function readableTime(ts: string | null): ts is string {
  return ts !== null && !Number.isNaN(Date.parse(ts));
}

/** The host's local date and time of a timestamp, or null when it gives no calendar date. */
function localPartsOf(localParts: LocalParts, ts: string): { date: string; time: string } | null {
  try {
    const p = localParts(ts);
    return /^\d{4}-\d{2}-\d{2}$/.test(p.date) && p.date !== UNKNOWN_DAY ? p : null;
  } catch {
    return null;
  }
}

function prependDay(into: SessionDay, from: SessionDay): void {
  for (const k of ["prompts", "steering", "files", "commands", "errors", "replies"] as const) into[k].unshift(...from[k]);
  into.redactions = (into.redactions ?? 0) + (from.redactions ?? 0);
  into.firstUuid = from.firstUuid ?? into.firstUuid;
}

function pushOnce(list: string[], item: string): void {
  if (!list.includes(item)) list.push(item);
}

/** A text as kept in a day: redacted whole (the count added to the day's), then shortened to `max` characters. */
function kept(day: SessionDay, text: string, max: number): string {
  const r = redactThenCut(text, max);
  if (r.count > 0) day.redactions = (day.redactions ?? 0) + r.count;
  return r.text;
}
