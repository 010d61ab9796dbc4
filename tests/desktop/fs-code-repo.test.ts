import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import { fsCodeRepo } from "../../src/desktop/fs-code-repo";
import { repoFolderPath } from "../../src/desktop/obsidian-code-repo";

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "kc-code-repo-"));
  mkdirSync(join(root, "repo", "src"), { recursive: true });
  writeFileSync(join(root, "repo", "src", "a.ts"), "export function inside() {}\n");
  writeFileSync(join(root, "secret.ts"), "export function outside() {}\n");
  symlinkSync(join(root, "secret.ts"), join(root, "repo", "src", "link.ts"));
  // A large file: only its start is scanned, but it exists and its early definitions count.
  writeFileSync(join(root, "repo", "src", "big.ts"), `export class Early {}\n${"// filler\n".repeat(300_000)}export class Late {}\n`);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("a code repository folder on disk", () => {
  it("answers for files inside it and never for a path or a symbolic link leading out of it", () => {
    const repo = fsCodeRepo(join(root, "repo"));
    expect(repo.hasFile("src/a.ts")).toBe(true);
    expect(repo.definesSymbol("src/a.ts", "inside")).toBe(true);
    expect(repo.hasFile("../secret.ts")).toBe(false);
    expect(repo.hasFile("src/link.ts")).toBe(false);
    expect(repo.hasFile(join(root, "secret.ts"))).toBe(false);
    expect(repo.hasFile("src")).toBe(false);
    expect(repo.hasFile("src/missing.ts")).toBe(false);
  });

  it("scans only the start of a very large file", () => {
    const repo = fsCodeRepo(join(root, "repo"));
    expect(repo.hasFile("src/big.ts")).toBe(true);
    expect(repo.definesSymbol("src/big.ts", "Early")).toBe(true);
    expect(repo.definesSymbol("src/big.ts", "Late")).toBe(false);
  });

  it("has no files when the folder does not exist", () => {
    expect(fsCodeRepo(join(root, "nope")).hasFile("src/a.ts")).toBe(false);
  });

  it("reads the setting as absolute, from the home folder, or relative to the vault", () => {
    expect(repoFolderPath("", "/vault")).toBeNull();
    expect(repoFolderPath("/code/app", "/vault")).toBe("/code/app");
    expect(repoFolderPath("~/code/app", "/vault")).toBe(join(homedir(), "code/app"));
    expect(repoFolderPath("../app", "/home/me/vault")).toBe("/home/me/app");
    expect(repoFolderPath("../app", null)).toBeNull();
  });
});
