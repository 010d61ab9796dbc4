import { missingFolderProblem, type LoadedVault } from "./load-vault";
import type { RouteScope } from "./router-index";

/** A scope as a host's options name it: one of the two, or "auto" (the knowledge articles when the folder exists, else every note). */
export type ScopeChoice = RouteScope | "auto";

/** The --scope flag of a command that offers "auto" (default `fallback`), or the sentence saying what a valid one is. */
export function scopeChoiceFlag(value: string | undefined, fallback: ScopeChoice = "knowledge"): { choice: ScopeChoice } | { error: string } {
  const choice = value ?? fallback;
  return choice === "knowledge" || choice === "vault" || choice === "auto"
    ? { choice }
    : { error: `--scope must be knowledge, vault or auto, not "${choice}".` };
}

/**
 * The scope to work in: the one chosen, or for "auto" (and for the installer's default) the knowledge articles when
 * the vault has its knowledge folder, else every note; `why` says so in a sentence when it picked the whole vault,
 * so the person learns why the context holds notes rather than articles. The vault need only be listed.
 */
export function resolveScope(choice: ScopeChoice, vault: LoadedVault): { scope: RouteScope; why: string | null } {
  if (choice !== "auto") return { scope: choice, why: null };
  if (missingFolderProblem(vault, "knowledge") === null) return { scope: "knowledge", why: null };
  return {
    scope: "vault",
    why: `${vault.root} has no knowledge folder ("${vault.settings.knowledgeFolder}", from ${vault.sources.knowledgeFolder}), so every note of the vault is used (--scope vault).`,
  };
}
