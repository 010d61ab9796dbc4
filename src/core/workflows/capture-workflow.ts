import { captureSession, failureReason, type RunContext } from "./capture-session";
import type { CaptureHost, CaptureOptions, CaptureReport, CaptureState, TranscriptFile } from "./capture-ports";

export type { CaptureHost, CaptureOptions, CaptureReport, CaptureState, CaptureStateStore, TranscriptFile, TranscriptSource } from "./capture-ports";

/**
 * Captures Claude Code sessions into daily logs: each idle, chosen, long-enough session is read from where the last
 * run stopped (streamed, line by line), deduplicated by record uuid against the state and against every capture
 * marker in the daily notes it touches, redacted, made inert, and appended as seed-000 session blocks to the daily
 * note of each local day it spans, under the vault's write lock, below the person's text. Each session is its own
 * step: one that fails is reported and the others go on, and the state is merged and saved after each.
 */
export async function captureSessions(host: CaptureHost, options: CaptureOptions, onProgress?: (done: number, total: number) => void): Promise<CaptureReport> {
  const report: CaptureReport = {
    captured: [],
    skipped: [],
    redactions: 0,
    brokenLines: 0,
    longLines: 0,
    failed: [],
    usage: { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 },
  };
  const state = await host.state.load();
  const run: RunContext = { host, options, report, state, seen: new Set(state.seen), distill: options.distill ?? null };
  const sessions = new Map<string, TranscriptFile[]>();
  for (const f of await host.source.list()) sessions.set(f.sessionId, [...(sessions.get(f.sessionId) ?? []), f]);
  let done = 0;
  for (const [sessionId, files] of sessions) {
    onProgress?.(done++, sessions.size);
    if (options.signal?.aborted) break;
    try {
      await captureSession(run, sessionId, files);
    } catch (e) {
      const main = files.find((f) => !f.subagent) ?? files[0]!;
      report.failed.push({ path: main.path, reason: failureReason(e) });
    }
  }
  return report;
}

/** The capture state's file name in the plugin folder. */
export const CAPTURE_STATE_FILE = "capture-state.json";

/** Reads a capture state file; anything unreadable is an empty state (the daily notes' markers still prevent duplicates). */
export function parseCaptureState(text: string | null): CaptureState {
  const empty: CaptureState = { version: 1, files: {}, seen: [] };
  if (text === null) return empty;
  try {
    const v = JSON.parse(text) as Partial<CaptureState> | null;
    if (!v || v.version !== 1 || typeof v.files !== "object" || v.files === null || !Array.isArray(v.seen)) return empty;
    const files = Object.fromEntries(Object.entries(v.files).filter(([, n]) => typeof n === "number" && n >= 0));
    return { version: 1, files, seen: v.seen.filter((s): s is string => typeof s === "string") };
  } catch {
    return empty;
  }
}
