import { SliceScheduler, type SliceClock } from "../core/util/slice-scheduler";

let channel: MessageChannel | null = null;
const waiting: (() => void)[] = [];

/**
 * Gives the main thread back for one task. A posted message is a new task without the 4 ms clamp that nested
 * timers get, so hundreds of slices do not add seconds of idle time; timers are the fallback.
 */
function yieldToMain(): Promise<void> {
  if (typeof MessageChannel === "undefined") return new Promise((resolve) => window.setTimeout(resolve, 0));
  if (!channel) {
    channel = new MessageChannel();
    channel.port1.onmessage = () => waiting.shift()?.();
    // Node (the benchmark) keeps a process alive for a listening port; Obsidian has no unref.
    (channel.port1 as MessagePort & { unref?: () => void }).unref?.();
  }
  const port = channel.port2;
  return new Promise((resolve) => {
    waiting.push(resolve);
    port.postMessage(null);
  });
}

/** The plugin's clock: performance.now and a yield to the main thread's task queue. */
export const mainThreadClock: SliceClock = { now: () => performance.now(), yieldToMain };

/** A scheduler of ~5 ms slices on the main thread. */
export function createMainThreadScheduler(): SliceScheduler {
  return new SliceScheduler(mainThreadClock);
}
