import { describe, expect, it } from "vitest";
import { longTasksBetween } from "../../scripts/harness-tasks";

// A trace as Chrome writes it: the page's marks and the main thread's tasks, each with its clock time (dur) and its
// CPU time (tdur), in microseconds; another thread's task alongside.
const trace = {
  traceEvents: [
    { name: "RunTask", ph: "X", pid: 1, tid: 7, ts: 500, dur: 90_000, tdur: 90_000 },
    { name: "kc-stream-start", ph: "I", pid: 1, tid: 7, ts: 1_000 },
    { name: "RunTask", ph: "X", pid: 1, tid: 7, ts: 2_000, dur: 400_000, tdur: 12_000 },
    { name: "RunTask", ph: "X", pid: 1, tid: 7, ts: 3_000, dur: 80_000, tdur: 70_000 },
    { name: "RunTask", ph: "X", pid: 1, tid: 9, ts: 3_000, dur: 80_000, tdur: 80_000 },
    { name: "kc-stream-end", ph: "I", pid: 1, tid: 7, ts: 900_000 },
    { name: "RunTask", ph: "X", pid: 1, tid: 7, ts: 950_000, dur: 90_000, tdur: 90_000 },
  ],
};

describe("long tasks by CPU time", () => {
  it("counts the main thread's tasks between the marks by their CPU time, not by the clock a loaded machine stretches", () => {
    expect(longTasksBetween(trace, "kc-stream-start", "kc-stream-end", 50)).toEqual([{ cpuMs: 70, wallMs: 80 }]);
  });

  it("says when the page never reached its marks", () => {
    expect(longTasksBetween(trace, "kc-stream-start", "kc-never", 50)).toBeNull();
  });
});
