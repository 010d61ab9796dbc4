import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { decodeText, FsNoteStore } from "../../src/node/fs-note-store";

/** The definition: strict UTF-8 (a byte-order mark kept), and no NUL byte (binary). */
function reference(bytes: Uint8Array): string | null {
  if (bytes.includes(0)) return null;
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return null;
  }
}

describe("decodeText", () => {
  it("agrees with a strict UTF-8 decoder that refuses NUL bytes, for any bytes", () => {
    const text = fc.string({ unit: "grapheme", maxLength: 40 }).map((s) => new TextEncoder().encode(s));
    const spliced = fc.tuple(text, fc.nat(), fc.constantFrom(0x00, 0x80, 0xc3, 0xed, 0xef, 0xff)).map(([b, at, byte]) => {
      const out = Uint8Array.from(b);
      if (out.length > 0) out[at % out.length] = byte;
      return out;
    });
    fc.assert(
      fc.property(fc.oneof(fc.uint8Array({ maxLength: 40 }), text, spliced), (bytes) => {
        expect(decodeText(bytes)).toBe(reference(bytes));
      }),
      { numRuns: 2000 },
    );
  });

  it("keeps a byte-order mark, reads a view into a larger buffer, and refuses a NUL", () => {
    expect(decodeText(Uint8Array.from([0xef, 0xbb, 0xbf, 0x61]))).toBe("\ufeffa");
    expect(decodeText(new Uint8Array(Uint8Array.from([0xff, 0x68, 0x69, 0xff]).buffer, 1, 2))).toBe("hi");
    expect(decodeText(Uint8Array.from([0x61, 0x00, 0x62]))).toBeNull();
  });
});

describe("FsNoteStore.readSync", () => {
  it("reads any file as the strict decoder does: text, or refused as not UTF-8 (also with a real U+FFFD in it)", () => {
    const dir = mkdtempSync(join(tmpdir(), "kc-read-text-"));
    const store = new FsNoteStore(dir);
    const text = fc.string({ unit: "grapheme", maxLength: 40 }).map((s) => new TextEncoder().encode(s));
    const replacement = text.map((b) => Uint8Array.from([...b, 0xef, 0xbf, 0xbd]));
    const spliced = fc.tuple(fc.oneof(text, replacement), fc.nat(), fc.constantFrom(0x00, 0x80, 0xc3, 0xed, 0xef, 0xff)).map(([b, at, byte]) => {
      const out = Uint8Array.from(b);
      if (out.length > 0) out[at % out.length] = byte;
      return out;
    });
    try {
      fc.assert(
        fc.property(fc.oneof(fc.uint8Array({ maxLength: 40 }), text, replacement, spliced), (bytes) => {
          writeFileSync(join(dir, "n.md"), bytes);
          const want = reference(bytes);
          if (want === null) expect(() => store.readSync("n.md")).toThrow(/not UTF-8 text/);
          else expect(store.readSync("n.md")).toBe(want);
        }),
        { numRuns: 500 },
      );
      writeFileSync(join(dir, "bom.md"), Uint8Array.from([0xef, 0xbb, 0xbf, 0x61]));
      expect(store.readSync("bom.md")).toBe("\ufeffa");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
