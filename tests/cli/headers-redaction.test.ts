import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { startLoopbackAnthropic, type LoopbackServer } from "../fakes/loopback-anthropic-server";
import { runKc } from "../fakes/run-kc";
import { tempVaults } from "../fakes/temp-vault";
import { buildRefineRequest, parseRefineReply } from "../../src/core/headers/refine-headers";

// `kc headers --with-model` builds its request from several pieces of a note (path, title, the draft TLDR made from
// the opening, answers_when made from the headings, the opening): redaction applies to every one of them.
const vaults = tempVaults();
let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackAnthropic();
});
afterEach(async () => {
  vaults.cleanup();
  await server.close();
});

const TOKEN = "ghp_1234567890abcdefghijABCDEFGHIJ123456";
const AWS = "AKIAIOSFODNN7EXAMPLE";

describe("redaction of every field of a header request", () => {
  it("sends no secret of a note's opening through the draft TLDR, answers_when or title", async () => {
    const dir = vaults.make({
      "Ops/Deploy.md": `# Deploy ${AWS}\n\nDeploy with the token ${TOKEN} and DB_PASSWORD=hunter2hunter2 to the staging server every Friday.\n\n## Rotate ${AWS} keys\n\nRotate them monthly.\n`,
      "Ops/Other.md": "# Other\n\nSee [[Deploy]].\n",
    });
    server.replies.push({
      kind: "tool",
      name: "record_headers",
      input: { notes: [{ path: "Ops/Deploy.md", tldr: "Deploys to staging every Friday.", answers_when: ["deploy to staging"] }] },
    });
    const r = await runKc(["headers", dir, "Ops/Deploy", "--model", "claude-test", "--base-url", server.baseUrl, "--yes"], { ANTHROPIC_API_KEY: "sk-test" });
    expect(r.code).toBe(0);
    expect(server.requests).toHaveLength(1);
    const sent = JSON.stringify(server.requests[0]!.body);
    expect(sent).toContain("Draft tldr:");
    for (const secret of [TOKEN, AWS, "hunter2hunter2"]) expect(sent).not.toContain(secret.slice(0, 12));
    // The reply is matched back to the note (its path held no secret) and written.
    expect(readFileSync(join(dir, "Ops/Deploy.md"), "utf8")).toContain("tldr: Deploys to staging every Friday.");
  });
});

describe("a note whose path holds a secret", () => {
  it("is sent under its redacted path and its reply is matched back to it", () => {
    const path = `Keys/${TOKEN}.md`;
    const batch = [{ path, title: TOKEN, opening: "Body.", tldr: `Uses ${TOKEN}.`, answersWhen: [TOKEN.toLowerCase()] }];
    const request = buildRefineRequest(batch);
    const user = request.messages[0]!.content;
    expect(user).not.toContain(TOKEN.slice(0, 12));
    const sentPath = /^## (.+)$/m.exec(user)![1]!;
    const reply = JSON.stringify({ notes: [{ path: sentPath, tldr: "A key file.", answers_when: ["key"] }] });
    expect([...parseRefineReply(reply, batch).keys()]).toEqual([path]);
    // Two notes sent under the same redacted path are not told apart: neither takes the reply.
    const twins = [batch[0]!, { ...batch[0]!, path: `Keys/${TOKEN.replace("1234", "4321")}.md` }];
    expect(parseRefineReply(reply, twins).size).toBe(0);
  });
});
