// Long main-thread tasks measured by the CPU time the page's main thread spent in them (Chrome's trace "tdur"), not
// by the clock: on a loaded machine the clock also counts the time other processes had the cores, and a 10 ms
// rendering read as a 100 ms task (the view harness passed 26 of 40 cases at a load of 15).
import type { Browser, Page } from "playwright-core";

/** Trace categories that carry each task's CPU time and the page's performance.mark()s. */
const CATEGORIES = ["disabled-by-default-devtools.timeline", "blink.user_timing"];

interface TraceEvent {
  name?: string;
  ph?: string;
  ts?: number;
  dur?: number;
  tdur?: number;
  tid?: number;
  pid?: number;
  args?: { name?: string };
}

/** One long task: its CPU time and its time by the clock (ms). */
export interface LongTask {
  cpuMs: number;
  wallMs: number;
}

/** Starts recording the page's main-thread tasks (call before the page loads). */
export async function startTaskTrace(browser: Browser, page: Page): Promise<void> {
  await browser.startTracing(page, { categories: CATEGORIES });
}

/** Stops recording; the tasks between the marks `from` and `to` whose CPU time passed `overMs`. */
export async function stopTaskTrace(browser: Browser, from: string, to: string, overMs: number): Promise<LongTask[] | null> {
  const buffer = await browser.stopTracing();
  return longTasksBetween(JSON.parse(buffer.toString("utf8")) as { traceEvents?: TraceEvent[] } | TraceEvent[], from, to, overMs);
}

/**
 * The renderer main thread's tasks (RunTask events) that start between the marks `from` and `to` of a trace and took
 * more than `overMs` of CPU time; null when the trace has no such marks (the page never reached them).
 */
export function longTasksBetween(trace: { traceEvents?: TraceEvent[] } | TraceEvent[], from: string, to: string, overMs: number): LongTask[] | null {
  const events = Array.isArray(trace) ? trace : (trace.traceEvents ?? []);
  const start = events.find((e) => e.name === from && e.ph !== "M");
  const end = events.find((e) => e.name === to && e.ph !== "M");
  if (!start || !end || start.ts === undefined || end.ts === undefined) return null;
  return events
    .filter((e) => e.name === "RunTask" && e.ph === "X" && e.tid === start.tid && e.pid === start.pid)
    .filter((e) => e.ts !== undefined && e.ts >= start.ts! && e.ts <= end.ts!)
    .map((e) => ({ cpuMs: (e.tdur ?? e.dur ?? 0) / 1000, wallMs: (e.dur ?? 0) / 1000 }))
    .filter((t) => t.cpuMs > overMs);
}
