import { ASK_SPEC } from "./commands/ask-command";
import { HEADERS_SPEC } from "./commands/headers-command";
import { LINT_SPEC } from "./commands/lint-command";
import { ROUTE_SPEC } from "./commands/route-command";
import type { CommandSpec } from "./command-spec";
import { MCP_SPEC } from "./commands/mcp-command";
import { HOOKS_SPEC } from "./commands/hooks-command";
import { SPEND_SPEC } from "./commands/spend-command";

const model = ["model", "base-url"];

/**
 * Every command's arguments, looked up by name. A command module exports its own spec next to its HELP (LINT_SPEC,
 * ROUTE_SPEC, ASK_SPEC); the rest are still listed here. A test checks each HELP names every option of its spec.
 */
export const COMMAND_SPECS: Record<string, CommandSpec> = {
  lint: LINT_SPEC,
  route: ROUTE_SPEC,
  ask: ASK_SPEC,
  mcp: MCP_SPEC,
  hooks: HOOKS_SPEC,
  headers: HEADERS_SPEC,
  compile: { positionals: ["vault"], values: ["file", "format", "knowledge", "daily-folder", "daily-format", "today", "confirm-above", ...model], switches: ["all", "dry-run", "yes", "force"] },
  revalidate: { positionals: ["vault", "article"], values: ["knowledge", "month", ...model], switches: ["yes"] },
  undo: { positionals: ["vault"], values: ["knowledge"], switches: [] },
  graph: { positionals: ["vault"], values: ["format", "around", "depth", "cap", "knowledge", "scope"], switches: ["mid", "stale-only", "logs", "body"] },
  capture: { positionals: ["vault"], values: ["from", "project", "since", "format", "min-prompts", "idle-minutes", "knowledge", "daily-folder", "daily-format", "session-file", "confirm-above", ...model], switches: ["dry-run", "distill", "hook", "yes"], repeatable: ["project"] },
  prime: { positionals: ["vault"], values: ["question", "cwd", "max-chars", "knowledge", "scope"], switches: ["hook"] },
  "eval-route": { positionals: ["vault", "questions.json"], values: ["format", ...model], switches: ["select"] },
  drift: { positionals: ["vault"], values: ["repo", "format", "knowledge", "older-than", "max-articles", "max-tokens", "today", "confirm-above", ...model], switches: ["model-check", "dry-run", "yes"] },
  contradictions: { positionals: ["vault"], values: ["max-pairs", "max-tokens", "format", "confirm-above", ...model], switches: ["dry-run", "yes"] },
  spend: SPEND_SPEC,
};
