import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import process from "node:process";
import { expect } from "vitest";

const GOLDEN = join(import.meta.dirname, "..", "fixtures", "golden");

/** Compares text with a golden file; `UPDATE_GOLDEN=1 npm test` rewrites it (review the diff like code). */
export function expectGolden(name: string, actual: string): void {
  const file = join(GOLDEN, name);
  if (process.env.UPDATE_GOLDEN === "1" || !existsSync(file)) {
    if (process.env.CI === "true" && !existsSync(file)) throw new Error(`Golden file ${name} is missing; run UPDATE_GOLDEN=1 npm test locally.`);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, actual);
  }
  expect(actual).toBe(readFileSync(file, "utf8"));
}
