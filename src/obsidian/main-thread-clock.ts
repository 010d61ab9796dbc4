import { SliceScheduler, type SliceClock } from "../core/util/slice-scheduler";

let channel: MessageChannel | null = null;
const waiting: (() => void)[] = [];
/** True while a message or timer is on its way to resume the next waiter. */
let posted = false;

/** Resumes one waiting slice; the next waiter gets a task of its own, queued behind whatever came meanwhile. */
function resumeOne(): void {
  posted = false;
  const resume = waiting.shift();
  if (waiting.length > 0) post();
  resume?.();
}

/**
 * Asks for a new task. A posted message is a new task without the 4 ms clamp that nested timers get, so hundreds of
 * slices do not add seconds of idle time; timers are the fallback. One request at a time: the lint, the router and
 * the lint pane each slice their work, and their slices must not run back to back as one long task (a timer fallback
 * queued for each would run them all in one turn of the event loop).
 */
function post(): void {
  if (posted) return;
  posted = true;
  if (typeof MessageChannel === "undefined") {
    window.setTimeout(resumeOne, 0);
    return;
  }
  if (!channel) {
    channel = new MessageChannel();
    channel.port1.onmessage = resumeOne;
    // Node (the benchmark) keeps a process alive for a listening port; Obsidian has no unref.
    (channel.port1 as MessagePort & { unref?: () => void }).unref?.();
  }
  channel.port2.postMessage(null);
}

/** Gives the main thread back for one task: resolves in a task of its own, after the slices that yielded before. */
function yieldToMain(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    post();
  });
}

/**
 * Closes the clock's message channel (the plugin's unload): an open port with a listener can keep the unloaded plugin's
 * code alive. Slices still waiting are dropped with the services that made them; a later yield opens a new channel.
 */
export function closeMainThreadClock(): void {
  channel?.port1.close();
  channel?.port2.close();
  channel = null;
  waiting.length = 0;
  posted = false;
}

/** The plugin's clock: performance.now and a yield to the main thread's task queue. */
export const mainThreadClock: SliceClock = { now: () => performance.now(), yieldToMain };

/** A scheduler of ~3 ms slices on the main thread. */
export function createMainThreadScheduler(): SliceScheduler {
  return new SliceScheduler(mainThreadClock);
}
