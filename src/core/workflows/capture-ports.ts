import type { LocalParts } from "../capture/session-digest";
import type { LanguageModel, TokenUsage } from "../llm/language-model";
import type { NoteStore } from "../notes/note-store";
import type { WriteLock } from "../ports/compile-records";
import type { WriteRules } from "../knowledge/write-rules";

/** One transcript file: a session's main file or one of its subagents' files. */
export interface TranscriptFile {
  path: string;
  sessionId: string;
  subagent: boolean;
  size: number;
  mtimeMs: number;
}

/** The port over where Claude Code keeps its transcripts (the desktop's file system; fixtures in tests). */
export interface TranscriptSource {
  list(): Promise<TranscriptFile[]>;
  /**
   * Streams the complete lines from byte `from`; returns the byte offset after the last complete line. A line over
   * the source's bound is skipped without being decoded or held whole, and reported through `onTooLong`.
   */
  read(path: string, from: number, onLine: (line: string) => void, onTooLong?: (bytes: number) => void): Promise<number>;
  /** The project's name for a working folder: its nearest git root's folder name, else the folder's own name. */
  projectName(cwd: string): Promise<string>;
  /** Home folders, shown as `~` in what is captured. */
  homeDirs: readonly string[];
}

/** What capture remembers between runs: a byte cursor per file and the record uuids already captured. */
export interface CaptureState {
  version: 1;
  files: Record<string, number>;
  /** The last 20 hex digits of each captured record's uuid (uuids are unique across sessions and projects). */
  seen: string[];
}

/** Where capture keeps its state (a file in the plugin folder; never data.json, which stays small). */
export interface CaptureStateStore {
  load(): Promise<CaptureState>;
  save(state: CaptureState): Promise<void>;
}

/** Which sessions to capture and how. */
export interface CaptureOptions {
  /** Working folders (cwd) whose sessions are captured; "all" for every project. */
  projects: ReadonlySet<string> | "all";
  /** A new session with fewer prompts from the person is not captured (default 4). */
  minPrompts: number;
  /** A session written to within this many minutes is still live and waits (default 10). */
  idleMinutes: number;
  /** Days before this YYYY-MM-DD are not captured. */
  since?: string;
  dryRun?: boolean;
  signal?: AbortSignal;
  /** Opt-in: the model distils each day's decisions, lessons and action items (its cost is counted in the report). */
  distill?: LanguageModel;
}

/** What a capture run did. */
export interface CaptureReport {
  captured: { sessionId: string; project: string; date: string; path: string; title: string; redactions: number; text: string }[];
  skipped: { sessionId: string; reason: string }[];
  redactions: number;
  brokenLines: number;
  /** Transcript lines over the source's size bound, skipped unread. */
  longLines: number;
  failed: { path: string; reason: string }[];
  /** Tokens the optional distillation used (zero when it is off). */
  usage: TokenUsage;
  /** Why the distillation stopped for the rest of the run (a server that does not answer is asked once), if it did. */
  distillStopped?: string;
}

/** What the capture workflow needs from its host. */
export interface CaptureHost {
  store: NoteStore;
  rules: () => WriteRules;
  source: TranscriptSource;
  state: CaptureStateStore;
  localParts: LocalParts;
  now: () => Date;
  /** The vault's write lock (the one compile takes): held around each session's appends and the state save. */
  lock: WriteLock;
  /**
   * Why a missing daily note may not be created at `path` (its folder is absent and not the configured one, so
   * creating it would leave a stray folder), or null when it may. Absent: always allowed.
   */
  newDailyNoteRefusal?: (path: string) => Promise<string | null>;
}
