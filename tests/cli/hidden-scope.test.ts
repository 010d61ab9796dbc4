import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startLoopbackAnthropic, type LoopbackServer } from "../fakes/loopback-anthropic-server";
import { runKc } from "../fakes/run-kc";
import { tempVaults } from "../fakes/temp-vault";

// A note in a hidden folder is in no scope of the router: `kc route` and `kc ask` never load or send it, as the MCP
// server's read_article never reads it.
const vaults = tempVaults();
let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackAnthropic();
});
afterEach(async () => {
  vaults.cleanup();
  await server.close();
});

const SECRET = "The quartermaster orders supplies every Monday; the supply room door code is 4711.";
const files = {
  "notes/quartermaster.md": "# Quartermaster duties\n\nThe quartermaster orders supplies every Monday.\n",
  ".private/quartermaster-door.md": `# Quartermaster supplies\n\n${SECRET}\n`,
  "knowledge/concepts/quartermaster.md": "---\ntldr: The quartermaster orders supplies.\n---\n# Quartermaster\n\nOrders supplies every Monday.\n",
  "knowledge/.drafts/quartermaster-door.md": `---\ntldr: The quartermaster orders supplies every Monday.\n---\n# Quartermaster supplies\n\n${SECRET}\n`,
};

describe("notes in hidden folders", () => {
  it("are routed in neither scope", async () => {
    const dir = vaults.make(files);
    for (const scope of ["vault", "knowledge"]) {
      const r = await runKc(["route", dir, "when does the quartermaster order supplies", "--scope", scope, "--format", "json"]);
      const loaded = (JSON.parse(r.out) as { loaded: { path: string }[] }).loaded.map((l) => l.path);
      expect(loaded.length, scope).toBeGreaterThan(0);
      expect(
        loaded.filter((p) => p.includes("/.") || p.startsWith(".")),
        scope,
      ).toEqual([]);
    }
  });

  it("are never sent by ask", async () => {
    const dir = vaults.make(files);
    server.replies.push({ kind: "text", text: "Orders supplies [[notes/quartermaster]]." });
    const r = await runKc(
      ["ask", dir, "when does the quartermaster order supplies", "--scope", "vault", "--base-url", server.baseUrl, "--model", "claude-test"],
      {
        ANTHROPIC_API_KEY: "sk-test",
      },
    );
    expect(r.code).toBe(0);
    // The selection step's request (the shortlisted headers) and the answer's (the loaded notes): neither holds them.
    expect(server.requests).toHaveLength(2);
    for (const req of server.requests) expect(JSON.stringify(req.body)).not.toContain("4711");
  });
});
