import type { CommandSpec } from "./command-spec";

const model = ["model", "base-url", "server"];

/**
 * Every command's arguments, looked up by name: plain data, kept apart from the command modules so that parsing a
 * command's flags loads no command but the one run (each is a chunk of its own; `kc prime --hook` runs at every
 * Claude Code session start). A test checks each HELP names every option of its spec.
 */
export const COMMAND_SPECS: Record<string, CommandSpec> = {
  lint: {
    positionals: ["vault"],
    values: ["scope", "format", "knowledge", "repo", "stale-after-days", "today"],
    switches: ["progress", "write-report", "fix", "yes"],
  },
  route: { positionals: ["vault", "question"], values: ["format", "budget", "scope", "knowledge"], switches: ["closest"] },
  ask: {
    positionals: ["vault", "question"],
    values: ["model", "base-url", "server", "budget", "knowledge", "scope"],
    switches: ["closest", "file-back", "no-select"],
  },
  mcp: { positionals: ["vault"], values: ["scope", "knowledge"], switches: [] },
  hooks: { positionals: ["install|uninstall"], values: ["vault", "project", "scope"], switches: ["user", "shared", "yes"] },
  headers: {
    positionals: ["vault", "note"],
    required: 1,
    variadic: true,
    values: ["all-missing", "knowledge", "model", "base-url", "server", "confirm-above", "accept"],
    switches: ["with-model", "yes", "dry-run"],
  },
  compile: {
    positionals: ["vault"],
    values: ["file", "format", "knowledge", "daily-folder", "daily-format", "today", "confirm-above", ...model],
    switches: ["all", "dry-run", "yes", "force"],
  },
  revalidate: { positionals: ["vault", "article"], values: ["knowledge", "month", ...model], switches: ["yes"] },
  undo: { positionals: ["vault"], values: ["knowledge"], switches: [] },
  graph: { positionals: ["vault"], values: ["format", "around", "depth", "cap", "knowledge", "scope"], switches: ["mid", "stale-only", "logs", "body", "all"] },
  capture: {
    positionals: ["vault"],
    values: [
      "from",
      "project",
      "since",
      "format",
      "min-prompts",
      "idle-minutes",
      "knowledge",
      "daily-folder",
      "daily-format",
      "session-file",
      "confirm-above",
      ...model,
    ],
    switches: ["dry-run", "distill", "hook", "yes"],
    repeatable: ["project"],
  },
  prime: { positionals: ["vault"], values: ["question", "cwd", "max-chars", "knowledge", "scope"], switches: ["hook"] },
  "eval-route": { positionals: ["vault", "questions.json"], values: ["format", ...model], switches: ["select"] },
  drift: {
    positionals: ["vault"],
    values: ["repo", "format", "knowledge", "older-than", "max-articles", "max-tokens", "today", "confirm-above", ...model],
    switches: ["model-check", "dry-run", "yes"],
  },
  contradictions: { positionals: ["vault"], values: ["max-pairs", "max-tokens", "format", "confirm-above", ...model], switches: ["dry-run", "yes"] },
  spend: { positionals: ["vault"], values: ["since", "format"], switches: [] },
};
