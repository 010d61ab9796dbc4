import { describe, expect, it } from "vitest";
import { CONFIG_DIR } from "../../fakes/config-dir";
import { inHiddenFolder, isVaultNote, scopeNotes } from "../../../src/core/knowledge/knowledge-layout";

describe("the router's scope and hidden folders", () => {
  it("skips notes in hidden folders in both scopes", () => {
    const hidden = [
      `${CONFIG_DIR}/plugins/x/README.md`,
      ".trash/old.md",
      "notes/.private/keys.md",
      "knowledge/.drafts/concepts/a.md",
      "knowledge/concepts/.git/x.md",
    ];
    for (const p of hidden) {
      expect(scopeNotes("vault", "knowledge")(p), p).toBe(false);
      expect(scopeNotes("knowledge", "knowledge")(p), p).toBe(false);
      expect(isVaultNote(p, "knowledge"), p).toBe(false);
      expect(inHiddenFolder(p), p).toBe(true);
    }
    expect(scopeNotes("knowledge", "")(".drafts/a.md")).toBe(false);
  });

  it("keeps notes whose folders only contain a dot, and notes named with a dot", () => {
    for (const p of ["notes/v1.2/a.md", "knowledge/concepts/a.b.md", "notes/a/b.md"]) {
      expect(inHiddenFolder(p), p).toBe(false);
      expect(scopeNotes("vault", "knowledge")(p), p).toBe(true);
    }
    expect(inHiddenFolder("notes/.draft.md")).toBe(false);
    expect(inHiddenFolder(".md")).toBe(false);
  });
});
