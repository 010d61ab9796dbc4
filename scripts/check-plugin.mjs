// `npm run check:plugin` (after the build): the Claude Code plugin and its marketplace, checked by Claude Code itself.
// Installs @anthropic-ai/claude-code from the npm registry into a temporary prefix (KC_CLAUDE_CODE_VERSION, default
// latest), then with a throw-away HOME: `claude plugin validate --strict` on the marketplace and on the plugin,
// `claude plugin marketplace add <this checkout>`, `claude plugin install` (options given with --config),
// `claude plugin details` (the hooks and the MCP server must be listed), and a headless session (`claude -p`) against
// the loopback Messages API server of tests/fakes, whose first request must carry the context prime gave the
// SessionStart hook. It needs the registry, so it is not part of `npm test`; the release workflow runs it.
// KEEP=1 keeps the temporary folder.
import { spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import process from "node:process";
import { clearTimeout, setTimeout } from "node:timers";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const version = process.env.KC_CLAUDE_CODE_VERSION || "latest";
const plugin = JSON.parse(readFileSync(join(root, "claude-plugin", ".claude-plugin", "plugin.json"), "utf8"));
const marketplace = JSON.parse(readFileSync(join(root, ".claude-plugin", "marketplace.json"), "utf8"));
const id = `${plugin.name}@${marketplace.name}`;
// The sensitive option's value: the check sees it arrive as the key of kc ask's model request, and nowhere else.
const OPTION_KEY = "sk-ant-plugin-option-check";
/** Whether a request is one to the Messages API. */
const isMessages = (r) => r.url.startsWith("/v1/messages");
/** Whether a request carries the option's key (as x-api-key, or as a bearer token: kc sends it so to a base URL). */
const withOptionKey = (r) => r.headers["x-api-key"] === OPTION_KEY || r.headers.authorization === `Bearer ${OPTION_KEY}`;

if (!existsSync(join(root, "claude-plugin", "dist", "kc.cjs"))) fail("claude-plugin/dist/kc.cjs is missing: run npm run build first.");

const tmp = mkdtempSync(join(tmpdir(), "kc-check-plugin-"));
const prefix = join(tmp, "prefix");
const home = join(tmp, "home");
const project = join(tmp, "project");
const vault = join(tmp, "vault");
for (const d of [home, project]) mkdirSync(d, { recursive: true });
cpSync(join(root, "examples", "demo-vault"), vault, { recursive: true });
const summary = [];
let server;

try {
  step(`npm install --global --prefix <tmp> @anthropic-ai/claude-code@${version}`);
  await run("npm", ["install", "--global", "--prefix", prefix, `@anthropic-ai/claude-code@${version}`, "--no-audit", "--no-fund"], { env: process.env });
  const claude = join(prefix, "bin", "claude");
  // Only what Claude Code needs, with a HOME of its own: nothing of this machine's settings, plugins or login.
  const env = {
    PATH: process.env.PATH,
    HOME: home,
    DISABLE_AUTOUPDATER: "1",
    DISABLE_TELEMETRY: "1",
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
  };
  const cc = (args, more = {}) => run(claude, args, { env: { ...env, ...more.env }, cwd: more.cwd ?? project, input: more.input, timeoutMs: more.timeoutMs });
  const ccVersion = (await cc(["--version"])).stdout.trim();
  summary.push(`Claude Code ${ccVersion}`);

  step("claude plugin validate --strict (marketplace, then plugin)");
  for (const target of [root, join(root, "claude-plugin")]) {
    const r = await cc(["plugin", "validate", "--strict", target]);
    expect(/Validation passed/.test(r.stdout), `validate ${target}: ${r.stdout}${r.stderr}`);
  }
  summary.push("validate --strict: marketplace and plugin pass");

  step(`claude plugin marketplace add ${root}`);
  await cc(["plugin", "marketplace", "add", root]);
  step(`claude plugin install ${id} --config vault=<copy of examples/demo-vault> --config scope=auto --config anthropic_api_key=…`);
  await cc(["plugin", "install", id, "--config", `vault=${vault}`, "--config", "scope=auto", "--config", `anthropic_api_key=${OPTION_KEY}`]);
  summary.push(`marketplace add + install ${id}: ok`);

  step(`claude plugin details ${id}`);
  const details = (await cc(["plugin", "details", id])).stdout;
  process.stdout.write(details);
  expect(/Hooks \(2\)\s+SessionStart, SessionEnd/.test(details), "details does not list the SessionStart and SessionEnd hooks");
  expect(/MCP servers \(1\)\s+knowledge-compiler/.test(details), "details does not list the knowledge-compiler MCP server");
  expect(/Skills \(1\)\s+knowledge-compiler/.test(details), "details does not list the skill");
  summary.push("details: hooks SessionStart, SessionEnd; MCP server knowledge-compiler; skill knowledge-compiler");

  step("claude -p against the loopback Messages API: a headless session that calls route, then ask");
  server = await loopbackServer();
  const tool = (name) => `mcp__plugin_${plugin.name}_knowledge-compiler__${name}`;
  const question = "How long do upload retries wait?";
  // The stand-in model calls route, then ask, then answers; kc's own ask request (it carries the plugin's key option)
  // gets the answer text. Decided per request, so a request Claude Code makes on the side changes nothing.
  server.onRequest = (req) => {
    if (!isMessages(req)) return;
    // kc's Ask first has a small model pick from the shortlisted headers (the selection step, on by default): it is
    // offered the choose_articles tool and picks the retry article by its shortlist id.
    if (withOptionKey(req) && (req.body.tools ?? []).some((t) => t.name === "choose_articles")) {
      const id = /\[(a\d+)\] Retry with backoff/i.exec(JSON.stringify(req.body.messages ?? []))?.[1] ?? "a1";
      return void server.replies.push({ kind: "tool", name: "choose_articles", input: { covered: true, articles: [id] } });
    }
    if (withOptionKey(req))
      return void server.replies.push({ kind: "text", text: "Five times, with jittered backoff [[knowledge/concepts/retry-with-backoff]]." });
    const results = JSON.stringify(req.body.messages ?? []).split('"type":"tool_result"').length - 1;
    server.replies.push(
      results === 0
        ? { kind: "tool", id: "toolu_route", name: tool("route"), input: { question } }
        : results === 1
          ? { kind: "tool", id: "toolu_ask", name: tool("ask"), input: { question } }
          : { kind: "text", text: "Done." },
    );
  };
  const session = await cc(["-p", question, "--output-format", "json", "--allowedTools", `${tool("route")},${tool("ask")}`], {
    // Tool search off: the MCP server's tools go with the request, as they do for a session with few tools.
    env: { ANTHROPIC_BASE_URL: server.baseUrl, ANTHROPIC_API_KEY: "sk-ant-loopback-check", ENABLE_TOOL_SEARCH: "false" },
    timeoutMs: 180_000,
  });
  // Only Messages API requests (some versions first probe the base URL itself).
  const claudeRequests = server.requests.filter((r) => isMessages(r) && !withOptionKey(r));
  const bodies = claudeRequests.map((r) => JSON.stringify(r.body));
  const primed = bodies.findIndex((b) => b.includes("Knowledge base context") && b.includes("knowledge/concepts/retry-with-backoff"));
  expect(
    primed >= 0,
    `no request carried prime's context (${server.requests.length} requests); claude said: ${session.stdout.slice(0, 400)}${session.stderr.slice(0, 400)}`,
  );
  const sent = (claudeRequests[0]?.body.tools ?? []).map((t) => t.name).filter((n) => n.startsWith(tool("")));
  const mcpSent = (claudeRequests[0]?.body.tools ?? []).map((t) => t.name).filter((n) => n.startsWith("mcp__"));
  expect(sent.length === 5, `the first request sent ${sent.length} of the server's 5 tools (MCP tools sent: ${mcpSent.join(", ") || "none"})`);
  const routeResult = resultOf(claudeRequests, "toolu_route");
  expect(/knowledge\/concepts\/retry-with-backoff/.test(routeResult), `route's result does not name the article: ${routeResult.slice(0, 300)}`);
  const askRequests = server.requests.filter(withOptionKey);
  const askResult = resultOf(claudeRequests, "toolu_ask");
  expect(
    askRequests.length === 2,
    `kc ask made ${askRequests.length} model requests with the plugin's key option (expected 2: the selection step and the answer); ask said: ${askResult.slice(0, 300)}`,
  );
  expect(askResult.includes("Five times"), `ask's result is not the model's answer: ${askResult.slice(0, 300)}`);
  const ledger = join(vault, ".obsidian", "plugins", "ckp-knowledge-compiler", "spend-ledger.jsonl");
  expect(existsSync(ledger) && readFileSync(ledger, "utf8").trim().split("\n").length === 2, `ask did not record its two calls in ${ledger}`);
  summary.push(
    `headless session (claude -p, loopback Messages API): request ${primed + 1} of ${claudeRequests.length} carries prime's context (knowledge/concepts/retry-with-backoff); the 5 MCP tools sent; route named the article; ask made 2 model calls (selection, answer) with the sensitive key option and returned its answer`,
  );
  step("the same plugin on an ordinary vault (no knowledge folder): installed again with that vault, then claude -p");
  const ordinary = join(tmp, "ordinary vault");
  mkdirSync(join(ordinary, "Garden"), { recursive: true });
  writeFileSync(join(ordinary, "Garden", "Irrigation.md"), "# Irrigation\n\nDrain the drip lines before the first frost; the timer sits by the shed.\n");
  writeFileSync(join(ordinary, "Bread.md"), "# Bread\n\nFeed the sourdough starter once a day.\n");
  // Uninstalled and installed again with the other vault (older Claude Code has no `claude plugin configure`).
  await cc(["plugin", "uninstall", id]);
  await cc(["plugin", "install", id, "--config", `vault=${ordinary}`, "--config", "scope=auto"]);
  server.requests.length = 0;
  server.onRequest = () => void server.replies.push({ kind: "text", text: "Done." });
  await cc(["-p", "When do I drain the drip lines?", "--output-format", "json"], {
    env: { ANTHROPIC_BASE_URL: server.baseUrl, ANTHROPIC_API_KEY: "sk-ant-loopback-check" },
    timeoutMs: 180_000,
  });
  const vaultPrimed = server.requests.some((r) => JSON.stringify(r.body).includes("# Vault context"));
  expect(vaultPrimed, "no request of the session on the ordinary vault carried prime's vault context (scope auto)");
  expect(!existsSync(join(ordinary, "knowledge")), "the session created a knowledge folder in the ordinary vault");
  summary.push("ordinary vault (scope auto): the session starts with prime's whole-vault context");

  console.log(`\ncheck:plugin: ok\n${summary.map((s) => `  ${s}`).join("\n")}`);
} catch (e) {
  console.error(`\ncheck:plugin: FAILED: ${e instanceof Error ? e.message : String(e)}`);
  if (summary.length > 0) console.error(summary.map((s) => `  ${s}`).join("\n"));
  process.exitCode = 1;
} finally {
  await server?.close();
  if (process.env.KEEP) console.log(`kept ${tmp}`);
  else rmSync(tmp, { recursive: true, force: true });
}

/** The text of the tool result with this id, from the requests Claude Code sent after the call. */
function resultOf(requests, toolUseId) {
  for (const r of requests)
    for (const m of r.body.messages ?? [])
      for (const block of Array.isArray(m.content) ? m.content : [])
        if (block.type === "tool_result" && block.tool_use_id === toolUseId)
          return typeof block.content === "string" ? block.content : JSON.stringify(block.content);
  return "";
}

/** The Messages API stand-in the tests use (tests/fakes), bundled here so this script needs no TypeScript loader. */
async function loopbackServer() {
  const out = join(tmp, "loopback.mjs");
  await build({
    entryPoints: [join(root, "tests", "fakes", "loopback-anthropic-server.ts")],
    bundle: true,
    format: "esm",
    platform: "node",
    outfile: out,
    logLevel: "silent",
  });
  // eslint-disable-next-line no-unsanitized/method -- the file is the test fake esbuild bundled just above, into this run's own folder
  const { startLoopbackAnthropic } = await import(pathToFileURL(out).href);
  return startLoopbackAnthropic();
}

/** Runs a program (no shell), echoing its output, and resolves with it; rejects on a non-zero exit or the time limit. */
function run(command, args, { env, cwd = root, input, timeoutMs = 300_000 }) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, cwd, stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c) => (stdout += c));
    child.stderr.on("data", (c) => (stderr += c));
    child.stdin.end(input ?? "");
    const timer = setTimeout(() => {
      child.kill("SIGTERM");
      reject(new Error(`${command} ${args.join(" ")} took more than ${timeoutMs / 1000} s`));
    }, timeoutMs);
    child.on("error", (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      if (code === 0) resolve({ stdout, stderr });
      else reject(new Error(`${command} ${args.join(" ")} exited ${code}:\n${stdout}${stderr}`));
    });
  });
}

function step(title) {
  console.log(`\n\x1b[1m${title}\x1b[0m`);
}

function expect(ok, message) {
  if (!ok) throw new Error(message);
}

function fail(message) {
  console.error(`check:plugin: ${message}`);
  process.exit(1);
}
