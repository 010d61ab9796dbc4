import { describe, expect, it } from "vitest";
import { findCitations } from "../../../src/core/drift/citations";
import { checkCitations } from "../../../src/core/drift/check-citations";
import { codeRepoFromReader } from "../../../src/core/drift/code-repo-view";
import { definesSymbol } from "../../../src/core/drift/symbol-scan";

const REPO: Record<string, string> = {
  "src/sync/outbox.ts":
    "export class Outbox {\n  async flush(): Promise<void> {}\n  private readonly retries = 5;\n}\nexport function enqueue(op: Op) {}\nexport const MAX_RETRIES = 5;\n",
  "server/merge.py": "class FieldMerge:\n    def resolve(self, a, b):\n        pass\n\nasync def merge_all(ops):\n    pass\nTIMEOUT = 30\n",
  "cmd/sync.go":
    "package main\n\ntype Cursor struct{}\n\nfunc (c *Cursor) Advance() error { return nil }\nfunc Pull(ctx context.Context) {}\nconst BatchSize = 500\n",
  "core/src/clock.rs": "pub struct Hlc { t: u64 }\nimpl Hlc {\n    pub fn tick(&mut self) {}\n}\npub fn now() -> u64 { 0 }\nmacro_rules! stamp { () => {} }\n",
};
const repo = codeRepoFromReader((p) => REPO[p] ?? null);

describe("code citations in articles", () => {
  it("finds file and symbol citations in code spans and links, not in fenced code, URLs or absolute paths", () => {
    const text = [
      "---",
      "title: x",
      "---",
      "The queue lives in `src/sync/outbox.ts:Outbox.flush` and [the merge](server/merge.py).",
      "See `https://example.com/a.ts`, `/etc/hosts.sh`, `a word`, and `cmd/sync.go#L12`.",
      "```ts",
      "import x from `src/nowhere.ts`",
      "```",
      "Also `./core/src/clock.rs:Hlc::tick`.",
    ].join("\n");
    expect(findCitations(text).map((c) => `${c.line}:${c.path}${c.symbol ? `:${c.symbol}` : ""}`)).toEqual([
      "3:src/sync/outbox.ts:Outbox.flush",
      "3:server/merge.py",
      "4:cmd/sync.go",
      "8:core/src/clock.rs:Hlc::tick",
    ]);
  });

  it("knows definitions in TypeScript, Python, Go and Rust", () => {
    const yes: [string, string][] = [
      ["src/sync/outbox.ts", "Outbox"],
      ["src/sync/outbox.ts", "flush"],
      ["src/sync/outbox.ts", "enqueue"],
      ["src/sync/outbox.ts", "MAX_RETRIES"],
      ["src/sync/outbox.ts", "retries"],
      ["server/merge.py", "FieldMerge"],
      ["server/merge.py", "resolve"],
      ["server/merge.py", "merge_all"],
      ["server/merge.py", "TIMEOUT"],
      ["cmd/sync.go", "Cursor"],
      ["cmd/sync.go", "Advance"],
      ["cmd/sync.go", "Pull"],
      ["cmd/sync.go", "BatchSize"],
      ["core/src/clock.rs", "Hlc"],
      ["core/src/clock.rs", "tick"],
      ["core/src/clock.rs", "now"],
      ["core/src/clock.rs", "stamp"],
    ];
    for (const [p, s] of yes) expect(definesSymbol(p, REPO[p]!, s), `${p}:${s}`).toBe(true);
    for (const [p, s] of [
      ["src/sync/outbox.ts", "drain"],
      ["server/merge.py", "FieldMerger"],
      ["cmd/sync.go", "Push"],
      ["core/src/clock.rs", "tock"],
    ] as const) {
      expect(definesSymbol(p, REPO[p]!, s), `${p}:${s}`).toBe(false);
    }
  });

  it("reports a moved file and a renamed or deleted symbol, with their place", () => {
    const text = "# A\n\nUses `src/sync/outbox.ts:Outbox.drain`, `src/sync/queue.ts` and `server/merge.py:FieldMerge.resolve`.\n";
    expect(checkCitations(text, repo)).toEqual([
      { check: "cited-symbol-missing", line: 2, col: 5, message: "cites Outbox.drain in src/sync/outbox.ts, but drain is no longer defined there" },
      { check: "cited-file-missing", line: 2, col: 40, message: "cites src/sync/queue.ts, which is not in the repository (moved, renamed or deleted?)" },
    ]);
  });
});

describe("the definition scan beyond functions and classes", () => {
  it("knows enum members, class constants, getters, arrow constants, Go const blocks and Rust variants", () => {
    const ts = "export enum Mode {\n  Eager,\n  Lazy = 2,\n}\nclass A {\n  get size(): number { return 0; }\n}\nexport const backoff = (n: number) => n;\n";
    const py = "class A:\n    MAX_FIELDS = 64\n\ntype Pair = tuple[int, int]\n";
    const go = "const (\n\tBatchSize = 500\n)\n";
    const rs = "pub enum E {\n    Skew(u64),\n    Overflow,\n    Named {\n    }\n}\nfn main() {\n    helper(1);\n}\n";
    for (const s of ["Mode", "Eager", "Lazy", "size", "backoff"]) expect(definesSymbol("a.ts", ts, s), s).toBe(true);
    for (const s of ["MAX_FIELDS", "Pair"]) expect(definesSymbol("a.py", py, s), s).toBe(true);
    expect(definesSymbol("a.go", go, "BatchSize")).toBe(true);
    for (const s of ["Skew", "Overflow", "Named", "E", "main"]) expect(definesSymbol("a.rs", rs, s), s).toBe(true);
    expect(definesSymbol("a.go", "type Cursor interface {\n\tAdvance() error\n}\n", "Advance")).toBe(true);
    expect(definesSymbol("a.rs", "pub struct Hlc {\n    pub wall: u64,\n    logical: u32,\n}\n", "wall")).toBe(true);
    expect(definesSymbol("a.rs", "pub struct Hlc {\n    logical: u32,\n}\n", "logical")).toBe(true);
    expect(definesSymbol("a.py", "@dataclass\nclass Op:\n    field_id: str\n", "field_id")).toBe(true);
    // A call at the start of a line is not a definition, and a comparison is not an assignment.
    expect(definesSymbol("a.rs", rs, "helper")).toBe(false);
    expect(definesSymbol("a.py", "if x:\n    LIMIT == 3\n", "LIMIT")).toBe(false);
  });

  it("takes a first path segment shaped like a host name as a URL without a scheme, not a citation", () => {
    const text =
      "`deno.land/x/oak/mod.ts`, `esm.sh/react.js`, `example.co.uk/a/b.js`, `cdn.example.de/lib/x.js`, [a](cdn.example.de/lib/x.js)\n`src/sync/outbox.ts`, `lib/a.js:fn`, `pkg/api/server.go:Handler`, `esm.sh`, `v1.2/a.ts`\n";
    expect(findCitations(text).map((c) => `${c.path}${c.symbol ? `:${c.symbol}` : ""}`)).toEqual([
      "src/sync/outbox.ts",
      "lib/a.js:fn",
      "pkg/api/server.go:Handler",
      "esm.sh",
      "v1.2/a.ts",
    ]);
  });

  it("marks a citation from a link target as a link, and a code span not", () => {
    expect(findCitations("See [x](src/a.ts) and `b/c.py`.").map((c) => c.link === true)).toEqual([true, false]);
  });

  it("locates a link citation at its target and a code span at its backtick", () => {
    expect(findCitations("See [x](src/a.ts) and `b/c.py`.").map((c) => c.col)).toEqual([8, 22]);
  });
});

describe("what is and is not a citation", () => {
  it("takes pytest ids and line anchors, and leaves out domains without a scheme, aliases and scoped packages", () => {
    const text =
      "`tests/test_sync.py::TestOutbox::test_flush` `src/a.ts:10` `www.example.com/a.js` `example.org/x.py` `@/components/Nav.vue` `@scope/pkg/index.js` `ftp://host/a.c`";
    expect(findCitations(text).map((c) => `${c.path}${c.symbol ? `:${c.symbol}` : ""}`)).toEqual(["tests/test_sync.py:TestOutbox::test_flush", "src/a.ts"]);
  });

  it("never reports a bare file name as missing (it names a file somewhere in the project), but checks its symbols when it is there", () => {
    const bare = codeRepoFromReader((p) => (p === "setup.py" ? "def main():\n    pass\n" : null));
    expect(checkCitations("`utils.py` and `utils.py:helper` and `setup.py:main` and `setup.py:gone`", bare).map((d) => d.message)).toEqual([
      "cites gone in setup.py, but gone is no longer defined there",
    ]);
  });
});
