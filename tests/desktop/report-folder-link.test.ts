import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { reportFolderLinkProblem } from "../../src/desktop/report-folder-link";

// Real symbolic links in a temporary folder: a vault with a knowledge folder, and a folder outside it.
let dir: string;
let vault: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "kc-report-link-"));
  vault = join(dir, "vault");
  mkdirSync(join(vault, "knowledge", "concepts"), { recursive: true });
  mkdirSync(join(dir, "elsewhere"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("the report folder's real path", () => {
  it("refuses a report folder that is a link leading outside the vault", async () => {
    symlinkSync(join(dir, "elsewhere"), join(vault, "knowledge", "reports"));
    expect(await reportFolderLinkProblem(vault, "knowledge/reports")).toMatch(/"knowledge\/reports" is a link that leads outside the vault/);
  });

  it("refuses a report folder not made yet under a linked knowledge subfolder that leads outside", async () => {
    symlinkSync(join(dir, "elsewhere"), join(vault, "knowledge", "out"));
    expect(await reportFolderLinkProblem(vault, "knowledge/out/reports/daily")).not.toBeNull();
  });

  it("accepts a plain folder, a folder not made yet, and a link to another folder inside the vault", async () => {
    mkdirSync(join(vault, "knowledge", "reports"));
    expect(await reportFolderLinkProblem(vault, "knowledge/reports")).toBeNull();
    expect(await reportFolderLinkProblem(vault, "knowledge/new/reports")).toBeNull();
    mkdirSync(join(vault, "archive"));
    symlinkSync(join(vault, "archive"), join(vault, "knowledge", "linked"));
    expect(await reportFolderLinkProblem(vault, "knowledge/linked")).toBeNull();
  });

  it("judges by real paths when the vault itself is reached through a link", async () => {
    const alias = join(dir, "alias");
    symlinkSync(vault, alias);
    mkdirSync(join(vault, "knowledge", "reports"));
    expect(await reportFolderLinkProblem(alias, "knowledge/reports")).toBeNull();
    symlinkSync(join(dir, "elsewhere"), join(vault, "knowledge", "away"));
    expect(await reportFolderLinkProblem(alias, "knowledge/away")).not.toBeNull();
  });
});
