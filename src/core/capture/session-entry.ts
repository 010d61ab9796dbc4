import { stripControls } from "../util/strip-controls";
import { inertCode, inertText } from "./inert-text";
import { redactThenCut } from "./redact";
import type { Distilled } from "./distill-session";
import type { SessionDay, SessionDigest } from "./session-digest";

/** A rendered daily-log entry and how many secrets were redacted from it. */
export interface SessionEntry {
  text: string;
  redactions: number;
  /** The entry's title as plain text (redacted, one line), for a report. */
  title: string;
}

const MAX_PROMPTS = 12;

/** One line of the person's text, shortened: whitespace folded, control characters gone, at most `max` characters. */
function flat(text: string, max: number): string {
  const one = stripControls(text).replace(/\s+/g, " ").trim();
  return one.length > max ? `${one.slice(0, max - 1).trimEnd()}…` : one;
}

/** One line of prose as inert text (no markup, comment or marker can come of it). */
function line(text: string, max: number): string {
  return inertText(flat(text, max));
}

/** A path or command as an inline code span it cannot leave. */
function code(text: string, max = 120): string {
  return inertCode(flat(text, max));
}

/**
 * A seed-000 session block for one day of a session: Context (project, branch, first request), Key Exchanges (the
 * person's prompts, shortened), files touched, commands run and errors met; Decisions and Lessons are left for compile.
 * Every piece of text is redacted first; a hidden marker (`%% … %%`) names the session and its first and last record
 * so nothing is captured twice, even when the plugin's own state is lost.
 */
export function renderSessionEntry(
  digest: SessionDigest,
  day: SessionDay,
  project: string,
  continued: boolean,
  homeDirs: readonly string[] = [],
  distilled: Distilled | null = null,
): SessionEntry {
  let redactions = day.redactions ?? 0;
  // Only what can be shown is redacted (twice the shown length, for the whitespace `flat` folds, plus redaction's own
  // margin): a prompt of a megabyte costs the same as one of a line.
  const safe = (t: string, max: number): string => {
    const r = redactThenCut(t, 2 * max, homeDirs);
    redactions += r.count;
    return r.text;
  };
  const first = day.prompts[0] ?? day.steering[0] ?? "";
  const sessionFirst = digest.days.find((d) => d.prompts.length > 0)?.prompts[0] ?? first;
  const title = flat(safe(digest.title ?? sessionFirst, 80) || "Claude Code session", 80)
    .replace(/^#+\s*/, "")
    .replace(/[[\]]/g, "");
  const out: string[] = [`### Session (${day.time}) - ${inertText(title)}${continued ? " (continued)" : ""}`];
  const context = [`Claude Code in ${code(project, 80)}`];
  if (digest.gitBranch) context.push(`on branch ${code(safe(digest.gitBranch, 60), 60)}`);
  out.push(`**Context:** ${context.join(" ")}.${first ? ` First request: ${line(safe(first, 300), 300)}` : ""}`);
  out.push("");
  if (day.prompts.length > 0 || day.steering.length > 0) {
    out.push("**Key Exchanges:**");
    for (const p of day.prompts.slice(0, MAX_PROMPTS)) out.push(`- Asked: ${line(safe(p, 240), 240)}`);
    if (day.prompts.length > MAX_PROMPTS) out.push(`- … and ${day.prompts.length - MAX_PROMPTS} more requests`);
    for (const s of day.steering.slice(0, 5)) out.push(`- Steered while it worked: ${line(safe(s, 200), 200)}`);
    out.push("");
  }
  if (day.files.length > 0)
    out.push(
      `**Files touched:** ${day.files
        .slice(0, 15)
        .map((f) => code(safe(f, 120)))
        .join(", ")}${day.files.length > 15 ? ` and ${day.files.length - 15} more` : ""}`,
      "",
    );
  if (day.commands.length > 0)
    out.push(
      `**Commands run:** ${day.commands
        .slice(0, 10)
        .map((c) => code(safe(c, 120)))
        .join(", ")}${day.commands.length > 10 ? ` and ${day.commands.length - 10} more` : ""}`,
      "",
    );
  if (day.errors.length > 0) {
    out.push("**Errors met:**");
    for (const e of day.errors.slice(0, 8)) out.push(`- ${line(safe(e, 220), 220)}`);
    out.push("");
  }
  if (distilled) {
    const section = (title: string, items: string[], prefix = "- "): void => {
      if (items.length === 0) return;
      out.push(`**${title}:**`, ...items.map((i) => `${prefix}${line(safe(i, 300), 300)}`), "");
    };
    section("Decisions Made", distilled.decisions);
    section("Lessons Learned", distilled.lessons);
    section("Action Items", distilled.actions, "- [ ] ");
  }
  out.push(`%% kc-capture session=${digest.sessionId} first=${day.firstUuid ?? "-"} last=${day.lastUuid ?? "-"} redacted=${redactions} %%`);
  return { text: `${out.join("\n")}\n`, redactions, title };
}

/** A capture marker found in a daily note. */
export interface CaptureMarker {
  session: string;
  first: string;
  last: string;
}

/**
 * The capture markers of a note's text (to rebuild what was captured if the plugin's state is lost): only a marker
 * on a line of its own, as capture writes it, counts; one quoted inside a prompt or a code span never does.
 */
export function readCaptureMarkers(text: string): CaptureMarker[] {
  return [...text.matchAll(/^%% kc-capture session=(\S+) first=(\S+) last=(\S+) redacted=\d+ %%\r?$/gm)].map((m) => ({
    session: m[1]!,
    first: m[2]!,
    last: m[3]!,
  }));
}

/**
 * The daily note with entries appended below the person's text, never changing a byte above it; a missing note is
 * created in seed 000's format.
 */
export function appendEntries(current: string | null, date: string, entries: string[]): string {
  const block = entries.join("\n");
  if (current === null) return `# Daily Log: ${date}\n\n## Sessions\n\n${block}`;
  const sep = current === "" ? "" : current.endsWith("\n\n") ? "" : current.endsWith("\n") ? "\n" : "\n\n";
  return `${current}${sep}${block}`;
}
