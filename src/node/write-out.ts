import { Buffer } from "node:buffer";
import { writeSync } from "node:fs";
import process from "node:process";
import { isatty } from "node:tty";

/** Where a wait for a descriptor that is not ready sleeps (Atomics.wait on a value that never changes). */
const nap = new Int32Array(new SharedArrayBuffer(4));

/**
 * Writes all of `text` to file descriptor `fd` synchronously, without Node's stream for it. A command writes its result
 * once, and making `process.stdout` loads the stream, net and tty modules and copies the text into a Buffer first: ~9 ms
 * of main-thread CPU of a ~0.25 s `kc lint --format json` on 2,721 notes. A descriptor another program left non-blocking (EAGAIN) is waited
 * on, and a partial write goes on from where it stopped. False when the reader has gone (EPIPE: `kc lint … | head`);
 * any other error is thrown.
 */
export function writeAllSync(fd: number, text: string): boolean {
  let rest: Buffer | null = null;
  for (;;) {
    try {
      if (rest === null) {
        const n = writeSync(fd, text);
        // A UTF-8 text has at least as many bytes as UTF-16 units, so a short count is seen before any byte counting.
        if (n >= text.length && n === Buffer.byteLength(text)) return true;
        rest = Buffer.from(text).subarray(n);
      } else {
        rest = rest.subarray(writeSync(fd, rest));
      }
      if (rest.length === 0) return true;
    } catch (e) {
      const code = (e as { code?: string }).code;
      if (code === "EPIPE") return false;
      if (code !== "EAGAIN") throw e;
      Atomics.wait(nap, 0, 0, 5);
    }
  }
}

/**
 * A writer for stdout (1) or stderr (2): `writeAllSync`, or on a Windows console Node's stream, which writes there as
 * UTF-16 (bytes written to a console are read in its code page). `gone` runs when the reader has gone.
 */
export function outputWriter(fd: 1 | 2, gone: () => void): (text: string) => void {
  if (process.platform === "win32" && isatty(fd)) {
    const stream = fd === 1 ? process.stdout : process.stderr;
    stream.on("error", (e: Error & { code?: string }) => {
      if (e.code === "EPIPE") gone();
    });
    return (text) => void stream.write(text);
  }
  return (text) => {
    if (!writeAllSync(fd, text)) gone();
  };
}
