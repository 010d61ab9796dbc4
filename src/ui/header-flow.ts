import { relationSource } from "../core/headers/draft-header";
import { readTemplateFolders, TEMPLATE_SETTINGS_FILES } from "../core/headers/header-eligibility";
import { Notice, TFile, TFolder, type App } from "obsidian";
import { formatCost } from "../core/llm/cost";
import { describeError } from "../core/workflows/commit-writes";
import type { KcHost } from "../core/ports/host";
import { proposeNoteHeaders, type HeaderModelPass, type HeaderProposal } from "../core/workflows/propose-headers-workflow";
import type { HeaderCommandActions } from "../commands/register-header-commands";
import type { CompileReviewModel } from "./compile-review";
import { CompileReviewModal } from "./compile-review-modal";
import { confirmSpend } from "./confirm-spend";

/** The most notes of a folder one run proposes headers for (the review lists each of them). */
const FOLDER_CAP = 50;

/** The markdown notes of a folder and its subfolders, in path order, at most FOLDER_CAP. */
export function notesOfFolder(folder: TFolder): string[] {
  const out: string[] = [];
  const walk = (f: TFolder): void => {
    for (const child of f.children) {
      if (child instanceof TFile && child.extension === "md") out.push(child.path);
      else if (child instanceof TFolder) walk(child);
    }
  };
  walk(folder);
  return out.sort().slice(0, FOLDER_CAP);
}

/** A proposal as a file change of the compile review: the note's frontmatter diff and what it sets. */
function asReviewChange(p: HeaderProposal): CompileReviewModel["changes"][number] {
  const summary = [
    ...(p.fields.tldr !== undefined ? [`sets tldr: ${p.fields.tldr}`] : []),
    ...(p.fields.answers_when !== undefined ? [`sets answers_when: ${p.fields.answers_when.join(", ")}`] : []),
    ...p.relations.map((r) => `similar_${r.tier}: ${r.target.replace(/\.md$/i, "")} (${relationSource(r.why)})`),
  ];
  return { path: p.path, kind: "update", before: p.before, after: p.after, update: null, summary };
}

/** What the model pass cost, for the review. */
function passText(pass: HeaderModelPass): string {
  if (pass.status === "done")
    return `${pass.model} improved ${pass.refined}: ${pass.usage.inputTokens.toLocaleString()} in + ${pass.usage.outputTokens.toLocaleString()} out tokens, ${formatCost(pass.usd)}.`;
  if (pass.status === "unavailable") return `The model could not be asked (${pass.error.message}); offline drafts.`;
  return "Offline drafts: no model was asked, nothing was spent.";
}

/**
 * Proposes CKP headers for notes through the header workflow over the plugin's host: the model pass (when asked for;
 * above "Ask before costly compiles" or at an unknown price only after the person agrees), the review in the compile
 * review modal, then one undoable frontmatter-only write.
 */
export async function runHeaderFlow(app: App, host: KcHost, paths: string[], withModel = false): Promise<void> {
  try {
    const run = await proposeNoteHeaders(
      host,
      { paths, model: withModel, templateFolders: await templateFolders(app) },
      {
        // Core's rule, as for compiles: asked only above "Ask before costly compiles" or at an unknown price.
        confirmSpend: (e, modelId) =>
          confirmSpend(app, e, host.settings().compile.confirmAboveUsd, {
            what: `Improve the drafts' TLDR and answers_when of ${e.calls === 1 ? "these notes in 1 call" : `these notes in ${e.calls} calls`}`,
            modelId,
            more: "Each note's opening is sent, secrets redacted; nothing is written before your review. ",
            title: "Ask the model for better headers?",
            go: "Ask the model",
          }),
        review: (proposals, pass) =>
          new CompileReviewModal(app, {
            title: `Review headers for ${proposals.length === 1 ? proposals[0]!.path : `${proposals.length} notes`}`,
            logPath: proposals.length === 1 ? proposals[0]!.path : `${proposals.length} notes`,
            summary: "Proposed CKP headers: frontmatter only, the notes' text stays as it is. Untick a note to leave it out.",
            changes: proposals.map(asReviewChange),
            notes: [],
            estimateText: passText(pass),
            spentText: "",
          }).choose(),
      },
    );
    if (run.writeError) new Notice(run.writeError, 15000);
    else if (run.written) {
      const n = run.written.files.filter((f) => run.proposals.some((p) => p.path === f.path)).length;
      new Notice(`Wrote headers to ${n} note${n === 1 ? "" : "s"} (frontmatter only). "Undo last compile" puts ${n === 1 ? "it" : "them"} back.`);
    } else if (run.proposals.length === 0) {
      new Notice(`No header to propose: ${run.skipped.map((s) => `${s.path} ${s.reason}`).join("; ") || "no notes"}.`, 10000);
    }
  } catch (e) {
    new Notice(`Header proposal stopped: ${describeError(e)}.`, 15000);
  }
}

/** The template folders the vault's Templates core plugin and Templater settings name (none when they cannot be read). */
async function templateFolders(app: App): Promise<string[]> {
  const read = async (name: string): Promise<string | null> => {
    const path = `${app.vault.configDir}/${name}`;
    try {
      return (await app.vault.adapter.exists(path)) ? await app.vault.adapter.read(path) : null;
    } catch {
      return null;
    }
  };
  return readTemplateFolders(await read(TEMPLATE_SETTINGS_FILES.templates), await read(TEMPLATE_SETTINGS_FILES.templater)).folders;
}

/** The header commands' actions over the workspace's active note and the plugin's host. */
export function headerActions(app: App, host: KcHost): HeaderCommandActions {
  const active = (): TFile | null => {
    const f = app.workspace.getActiveFile();
    return f && f.extension === "md" ? f : null;
  };
  return {
    activeNote: () => active()?.path ?? null,
    activeFolderNotes: () => {
      const parent = active()?.parent ?? null;
      return parent ? notesOfFolder(parent) : null;
    },
    propose: (paths, withModel) => void runHeaderFlow(app, host, paths, withModel),
  };
}
