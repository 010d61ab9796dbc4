import { afterAll, describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { buildCliInto } from "../fakes/build-cli";

// The README's install commands, run as written in a clean prefix: npm pack, npm install --global <the tarball>, kc
// --version. Offline: the package has no dependencies. The build `npm pack` runs first (prepack) is done here by the
// test's own build of the CLI, so the run stays short.
const root = join(import.meta.dirname, "..", "..");
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { name: string; version: string; files: string[]; dependencies?: object };
const readme = readFileSync(join(root, "README.md"), "utf8");
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** The lines of the README's "## Install" section's bash blocks, comments dropped. */
function installCommands(): string[] {
  const section = readme.split(/^## /m).find((s) => s.startsWith("Install\n"));
  expect(section, 'README.md has no "## Install" section').toBeDefined();
  return [...section!.matchAll(/```bash\n([\s\S]*?)```/g)].flatMap((m) =>
    m[1]!
      .split("\n")
      .map((l) => l.replace(/\s+#.*$/, "").trim())
      .filter(Boolean),
  );
}

describe("the README's install", () => {
  it("never installs the package by its bare name from the registry (it is not this project's there yet)", () => {
    expect(readme).not.toMatch(/npm install (--global|-g) knowledge-compiler\b(?![-\w.])/);
    expect(readme).not.toMatch(/npx (--yes )?knowledge-compiler\b/);
  });

  it("runs as written in a clean prefix: npm pack, then npm install --global of the tarball, then kc --version prints the version", async () => {
    const commands = installCommands();
    const pack = commands.find((c) => c.startsWith("npm pack"));
    const install = commands.filter((c) => c.startsWith("npm install --global ./"));
    expect(pack).toBe("npm pack");
    expect(install).toEqual([
      "npm install --global ./knowledge-compiler-0.1.0.tgz".replace("0.1.0", pkg.version),
      "npm install --global ./knowledge-compiler-*.tgz",
    ]);
    expect(commands).toContain("kc --version");
    expect(pkg.dependencies).toBeUndefined();

    const dir = mkdtempSync(join(tmpdir(), "kc-install-"));
    dirs.push(dir);
    const clone = join(dir, "clone");
    const prefix = join(dir, "prefix");
    mkdirSync(clone);
    for (const f of ["package.json", "README.md", "LICENSE"]) copyFileSync(join(root, f), join(clone, f));
    await buildCliInto(join(clone, "dist"));
    // npm as a person runs it, but offline, with a cache and config of its own (nothing of this machine's npm setup).
    const env = { PATH: process.env.PATH ?? "", HOME: join(dir, "home"), npm_config_cache: join(dir, "npm-cache"), npm_config_offline: "true" };
    const sh = (command: string) => spawnSync("sh", ["-c", command], { cwd: clone, env, encoding: "utf8" });

    const packed = sh(`${pack!} --ignore-scripts --silent`);
    expect(packed.status, packed.stderr).toBe(0);
    const tarball = `knowledge-compiler-${pkg.version}.tgz`;
    expect(readdirSync(clone)).toContain(tarball);
    const installed = sh(`${install[1]!} --prefix '${prefix}' --no-audit --no-fund`);
    expect(installed.status, installed.stderr).toBe(0);

    const kc = spawnSync(join(prefix, "bin", "kc"), ["--version"], { env, encoding: "utf8" });
    expect(kc.status, kc.stderr).toBe(0);
    expect(kc.stdout).toBe(`${pkg.version}\n`);
    const help = spawnSync(join(prefix, "bin", "kc"), ["help", "no-such-command"], { env, encoding: "utf8" });
    expect(help.status).toBe(2);
  }, 120_000);
});
