import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { setHeaderFields } from "../../../src/core/ckp/write-ckp-header";
import { parseNote } from "../../../src/core/notes/parse-note";
import { readCkpHeader } from "../../../src/core/ckp/read-ckp-header";
import { parseRelation, formatRelation } from "../../../src/core/ckp/parse-relation";

describe("setHeaderFields", () => {
  it("never changes a byte of the body", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), fc.string({ maxLength: 40 }), (body, tldr) => {
        const text = `---\ntitle: x\n# a comment\ntags: [a]\n---\n${body}`;
        const r = setHeaderFields(text, { tldr });
        expect(r.ok).toBe(true);
        if (!r.ok) return;
        expect(r.value.endsWith(body)).toBe(true);
        expect(r.value.slice(r.value.length - body.length)).toBe(body);
        expect(parseNote(r.value).frontmatter?.tldr).toBe(tldr);
      }),
      { numRuns: 200 },
    );
  });

  it("keeps other keys, their order and comments, and CRLF line endings", () => {
    const text = "---\r\ntitle: A\r\n# keep me\r\ntags: [x]\r\n---\r\nBody\r\n";
    const r = setHeaderFields(text, { tldr: "short" });
    expect(r).toEqual({ ok: true, value: "---\r\ntitle: A\r\n# keep me\r\ntags: [x]\r\ntldr: short\r\n---\r\nBody\r\n" });
  });

  it("creates a frontmatter block when there is none and keeps a BOM", () => {
    const r = setHeaderFields("\ufeff# Note\n", { tldr: "t" });
    expect(r).toEqual({ ok: true, value: "\ufeff---\ntldr: t\n---\n# Note\n" });
  });

  it("refuses to touch invalid YAML", () => {
    const r = setHeaderFields('---\ntitle: "open\n---\nbody\n', { tldr: "t" });
    expect(r.ok).toBe(false);
  });
});

describe("CKP headers", () => {
  it("reads our YAML header with stamped links", () => {
    const n = parseNote(
      '---\ntitle: "Retry"\nanswers_when: [retry, backoff]\nsimilar_high:\n  - "[[concepts/jitter|jitter · 2026-10]]"\nsimilar_mid: ["[[b]] 2026-09", "[[c]]"]\n---\n',
    );
    const h = readCkpHeader(n.frontmatter);
    expect(h.form).toBe("yaml");
    expect(h.similarHigh).toEqual([{ target: "concepts/jitter", stamp: "2026-10" }]);
    expect(h.similarMid).toEqual([
      { target: "b", stamp: "2026-09" },
      { target: "c", stamp: null },
    ]);
    expect(n.links.filter((l) => l.kind === "frontmatter").map((l) => [l.property, l.path])).toEqual([
      ["similar_high", "concepts/jitter"],
      ["similar_mid", "b"],
      ["similar_mid", "c"],
    ]);
  });

  it("reads seed 002's plain block", () => {
    const n = parseNote(
      "---\nCONCEPT:      Cache warming\nTLDR:         Fill caches before traffic.\nANSWERS_WHEN: cache, warm, cold start\n\nSIMILAR_HIGH: cdn:2025-03, ttl:2025-03\nSIMILAR_MID:  metrics:2025-02\nCONFIDENCE:   high\nVALIDATED:    2025-03\n---\n# Body\n",
    );
    const h = readCkpHeader(n.frontmatter);
    expect(h).toMatchObject({
      form: "plain",
      title: "Cache warming",
      tldr: "Fill caches before traffic.",
      answersWhen: ["cache", "warm", "cold start"],
      confidence: "high",
      validated: "2025-03",
    });
    expect(h.similarHigh).toEqual([
      { target: "cdn", stamp: "2025-03" },
      { target: "ttl", stamp: "2025-03" },
    ]);
  });

  it("reports fields of the wrong type without failing the rest", () => {
    const h = readCkpHeader({ title: ["a"], tldr: "ok", answers_when: 7, similar_high: { a: 1 } });
    expect(h.tldr).toBe("ok");
    expect(h.answersWhen).toEqual(["7"]);
    expect(h.problems).toEqual(["title is a list, not text", "similar_high is object, not a list"]);
  });

  it("round-trips a relation through its written form", () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z][a-z0-9-]{0,20}(\/[a-z][a-z0-9-]{0,20})?$/),
        fc.integer({ min: 2000, max: 2099 }),
        fc.integer({ min: 1, max: 12 }),
        (t, y, m) => {
          const stamp = `${y}-${String(m).padStart(2, "0")}`;
          expect(parseRelation(formatRelation(t, stamp))).toEqual({ target: t, stamp });
        },
      ),
    );
  });
});
