import { describe, expect, it } from "vitest";
import { nodeModels } from "../../src/node/node-host";
import { silenceLine } from "../../src/cli/model-options";

describe("the command line while a model call is silent", () => {
  it("gives every model it builds a line on stderr saying it still waits, when it stops, and how to stop it now", async () => {
    const lines: string[] = [];
    const io = {
      out: () => undefined,
      err: (t: string) => void lines.push(t),
      isTTY: false,
      env: { ANTHROPIC_API_KEY: "sk-test", ANTHROPIC_BASE_URL: "http://127.0.0.1:9" },
    };
    const got = await nodeModels({}, io).get("compile");
    if (!got.ok) throw new Error(got.error.message);
    // The adapter calls its onSilence option after each silent stretch (tests/llm counts them with hand-fired timers).
    const options = Reflect.get(got.value.model, "options") as { onSilence?: (silent: number, stops: number) => void };
    options.onSilence?.(10, 120);
    expect(lines).toEqual(["Still waiting for the model: no reply for 10 s (it stops after 120 s; Ctrl-C stops it now)…\n"]);
    silenceLine(io)(20.4, 120);
    expect(lines[1]).toContain("no reply for 20 s");
  });
});
