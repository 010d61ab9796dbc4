import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { runKc } from "../fakes/run-kc";
import { CONFIG_DIR } from "../fakes/config-dir";

// Issue 32, finding 3: the temporary copy of ~/.claude.json was created with the default mode (0644 under the usual
// umask) and only then given the original's, so another local user could read the login in between. The file
// system calls are watched (not replaced): each time text reaches a file, the mode that file has then is noted.
const seen: { path: string; mode: number; text: string }[] = [];
vi.mock("node:fs/promises", async (importOriginal) => {
  const real = await importOriginal<typeof import("node:fs/promises")>();
  const note = async (path: unknown, data: unknown, mode: () => Promise<number>) => {
    if (typeof path === "string" && typeof data === "string") seen.push({ path, mode: await mode(), text: data });
  };
  const writeFile: typeof real.writeFile = async (path, data, options) => {
    await real.writeFile(path, data, options);
    // The earliest a watcher can look: the text is in the file.
    await note(path, data, async () => (await real.stat(path as string)).mode & 0o777);
  };
  const open = (async (path: string, flags?: string | number, mode?: number) => {
    const fh = await real.open(path, flags, mode);
    const write = fh.writeFile.bind(fh);
    fh.writeFile = async (data: Parameters<typeof write>[0], options?: Parameters<typeof write>[1]) => {
      await note(path, data, async () => (await fh.stat()).mode & 0o777);
      return write(data, options);
    };
    return fh;
  }) as typeof real.open;
  return { ...real, default: { ...real, writeFile, open }, writeFile, open };
});

let root: string;
let umask: number;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "kc-hooks-mode-"));
  umask = process.umask(0o022);
  seen.length = 0;
});
afterEach(() => {
  process.umask(umask);
  rmSync(root, { recursive: true, force: true });
});

describe("a private settings file stays private while it is rewritten (issue 32, finding 3)", () => {
  it("writes ~/.claude.json's text only into files that already have its mode (0600)", async () => {
    const home = join(root, "home");
    const vault = join(root, "vault");
    mkdirSync(join(home, ".claude"), { recursive: true });
    mkdirSync(join(vault, CONFIG_DIR), { recursive: true });
    writeFileSync(join(home, ".claude.json"), JSON.stringify({ oauthAccount: { token: "SECRET-TOKEN" } }, null, 2) + "\n", { mode: 0o600 });
    const r = await runKc(["hooks", "install", "--user", "--vault", vault, "--yes"], { HOME: home });
    expect(r.code, r.err).toBe(0);
    const secret = seen.filter((s) => s.text.includes("SECRET-TOKEN"));
    for (const s of secret) expect(`${s.path}: ${s.mode.toString(8)}`).toBe(`${s.path}: 600`);
    // The backup and the new file, at least.
    expect(secret.length).toBeGreaterThanOrEqual(2);
    expect(statSync(join(home, ".claude.json")).mode & 0o777).toBe(0o600);
  });
});
