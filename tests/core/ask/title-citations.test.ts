import { describe, expect, it } from "vitest";
import { titleCitations } from "../../../src/core/ask/title-citations";

const titles: Record<string, string> = {
  "knowledge/concepts/retry-with-backoff": "Retry with backoff",
  "knowledge/concepts/idempotency-keys": "Idempotency keys",
};
const titleOf = (p: string): string => titles[p] ?? p;

describe("titleCitations", () => {
  it("gives each bare citation the note's title as its text, keeping the path as the target", () => {
    expect(titleCitations("Wait [[knowledge/concepts/retry-with-backoff]] and [[knowledge/concepts/idempotency-keys#Keys]].", titleOf)).toBe(
      "Wait [[knowledge/concepts/retry-with-backoff|Retry with backoff]] and [[knowledge/concepts/idempotency-keys#Keys|Idempotency keys]].",
    );
  });

  it("leaves links with their own text, embeds, unknown notes and code alone", () => {
    const md =
      "[[knowledge/concepts/retry-with-backoff|mine]] ![[knowledge/concepts/idempotency-keys]] [[unknown]] `[[knowledge/concepts/idempotency-keys]]`\n```\n[[knowledge/concepts/idempotency-keys]]\n```";
    expect(titleCitations(md, titleOf)).toBe(md);
  });

  it("never lets a title break the link syntax", () => {
    expect(titleCitations("[[a]]", () => "A | [b]")).toBe("[[a|A b]]");
  });
});
