import { describe, expect, it } from "vitest";
import {
  CONTRADICTION_STATE_FILE,
  emptyContradictionState,
  parseContradictionState,
  type ContradictionState,
} from "../../../src/core/contradictions/contradiction-state";
import { codeRepoFromReader } from "../../../src/core/drift/code-repo-view";
import { DEFAULT_KNOWLEDGE_SETTINGS } from "../../../src/core/knowledge/knowledge-settings";
import type { Completion, CompletionRequest, ModelError } from "../../../src/core/llm/language-model";
import { DEFAULT_PRICE } from "../../../src/core/llm/models";
import { err, ok, type Result } from "../../../src/core/result";
import { shortHash } from "../../../src/core/util/short-hash";
import { planClaimDriftCheck, runClaimDriftCheck } from "../../../src/core/workflows/claim-drift-workflow";
import { contradictionStateStore } from "../../../src/core/workflows/contradiction-state-store";
import { planContradictionCheck, runContradictionCheck, type ContradictionPorts } from "../../../src/core/workflows/contradictions-workflow";
import type { KcHost, OperationSettings } from "../../../src/core/ports/host";
import { inMemoryCompileHost } from "../../fakes/in-memory-compile-host";
import { InMemoryNoteStore } from "../../fakes/in-memory-note-store";
import { InMemoryPluginFiles } from "../../fakes/in-memory-plugin-files";
import { ScriptedLanguageModel } from "../../fakes/scripted-language-model";
import { articleIndexOf, resolverOf } from "../compile/compile-fixture";

// The model-backed lint workflows over one host bundle: the state they record goes through the one store that
// re-reads the plugin folder's file, so what the other host (Obsidian, or `kc`) saved meanwhile is kept.
const art = (updated: string, links: string, body: string) => `---\ntldr: t\nanswers_when: [x]\nupdated: ${updated}\n${links}---\n${body}`;
const FILES: Record<string, string> = {
  "knowledge/concepts/retry.md": art(
    "2025-01-10",
    'similar_high: ["[[keys|keys · 2026-11]]"]\n',
    "# Retry\n\nThe client retries an upload at most 5 times (`src/outbox.ts:MAX_RETRIES`).\n",
  ),
  "knowledge/concepts/keys.md": art(
    "2026-11-01",
    'similar_high: ["[[retry|retry · 2026-11]]"]\n',
    "# Keys\n\nEvery upload is retried up to 3 times with the same key.\n",
  ),
};
const REPO = codeRepoFromReader((p) => (p === "src/outbox.ts" ? "export const MAX_RETRIES = 3;\n" : null));
const CONFLICT = {
  quote_a: "Every upload is retried up to 3 times",
  quote_b: "The client retries an upload at most 5 times",
  explanation: "3 retries against 5.",
  confidence: "high",
};
const CLAIM = { quote: "The client retries an upload at most 5 times", explanation: "MAX_RETRIES is 3 now." };
const SETTINGS: OperationSettings = {
  knowledge: DEFAULT_KNOWLEDGE_SETTINGS,
  ask: { budget: 6000, selectWithModel: false },
  compile: { confirmAboveUsd: 0.25 },
  contradictions: { maxPairs: 20, maxTokens: 60_000 },
  drift: { olderThanDays: 90, maxArticles: 10, maxTokens: 40_000 },
};

/** A scripted model that lets "the other host" act while each call waits for its reply. */
class ModelWithOtherHost extends ScriptedLanguageModel {
  meanwhile: (() => void) | null = null;
  override complete(request: CompletionRequest): Promise<Result<Completion, ModelError>> {
    this.meanwhile?.();
    this.meanwhile = null;
    return super.complete(request);
  }
}

function hostOver(pluginFiles: InMemoryPluginFiles, model: ScriptedLanguageModel | null): KcHost {
  return {
    ...inMemoryCompileHost(new InMemoryNoteStore(FILES), { index: articleIndexOf(FILES), resolve: resolverOf(FILES) }),
    pluginFiles,
    settings: () => SETTINGS,
    models: {
      get: () => Promise.resolve(model ? ok({ id: "scripted", model, price: DEFAULT_PRICE }) : err({ kind: "no-key" as const, message: "No key." })),
      planned: () => ({ id: "scripted", price: DEFAULT_PRICE }),
    },
  };
}

function portsOver(host: KcHost): ContradictionPorts {
  return { state: contradictionStateStore(host.pluginFiles), articleHash: (p) => (FILES[p] === undefined ? undefined : shortHash(FILES[p])) };
}

const saved = (files: InMemoryPluginFiles): ContradictionState => parseContradictionState(files.files.get(CONTRADICTION_STATE_FILE) ?? null);
/** What the other host saves meanwhile: a judgement of cited code (of an unchanged article, so it still holds). */
const OTHER_CLAIM = {
  path: "knowledge/concepts/keys.md",
  line: 7,
  quote: "Every upload is retried up to 3 times",
  explanation: "Other host.",
  hash: shortHash(FILES["knowledge/concepts/keys.md"]!),
};
const otherHostSaves = (files: InMemoryPluginFiles) => () => {
  const state = { ...saved(files), claims: [OTHER_CLAIM] };
  files.files.set(CONTRADICTION_STATE_FILE, JSON.stringify(state));
};

describe("the contradiction workflow", () => {
  it("records a run on the state file as it is then, so what the other host saved between plan and record is kept", async () => {
    const files = new InMemoryPluginFiles();
    const model = new ModelWithOtherHost([JSON.stringify({ conflicts: [CONFLICT] })]);
    const host = hostOver(files, model);
    const ports = portsOver(host);
    const planned = await planContradictionCheck(host, ports);
    expect(planned.plan.pairs).toEqual([{ a: "knowledge/concepts/keys.md", b: "knowledge/concepts/retry.md", reason: "high" }]);
    model.meanwhile = otherHostSaves(files);
    const r = await runContradictionCheck(host, ports, planned);
    expect(r.ok && r.value.report.found).toHaveLength(1);
    const state = saved(files);
    expect(state.found.map((f) => f.explanation)).toEqual(["3 retries against 5."]);
    expect(state.claims).toEqual([OTHER_CLAIM]);
    // Checked at this content: the next plan pays nothing for the pair.
    expect((await planContradictionCheck(host, ports)).plan).toMatchObject({ pairs: [], unchanged: 1 });
  });

  it("says why when no model can be called, and calls and writes nothing", async () => {
    const files = new InMemoryPluginFiles();
    const host = hostOver(files, null);
    const r = await runContradictionCheck(host, portsOver(host), await planContradictionCheck(host, portsOver(host)));
    expect(r).toEqual({ ok: false, error: { kind: "no-key", message: "No key." } });
    expect(files.files.size).toBe(0);
  });
});

describe("the model check of cited code", () => {
  it("keeps what the other host saved while the model was asked, and the answered article's judgement", async () => {
    const files = new InMemoryPluginFiles();
    const model = new ModelWithOtherHost([JSON.stringify({ outdated: [CLAIM] })]);
    const host = hostOver(files, model);
    const planned = await planClaimDriftCheck(host, REPO);
    expect(planned.candidates.map((c) => c.path)).toEqual(["knowledge/concepts/retry.md"]);
    model.meanwhile = otherHostSaves(files);
    const r = await runClaimDriftCheck(host, planned, { state: contradictionStateStore(files) });
    expect(r.ok && r.value.report.checked).toEqual(["knowledge/concepts/retry.md"]);
    expect(saved(files).claims).toEqual([
      OTHER_CLAIM,
      {
        path: "knowledge/concepts/retry.md",
        line: 8,
        quote: CLAIM.quote,
        explanation: CLAIM.explanation,
        hash: shortHash(FILES["knowledge/concepts/retry.md"]!),
      },
    ]);
  });

  it("keeps nothing when it is given no state store (it only reports)", async () => {
    const files = new InMemoryPluginFiles();
    const host = hostOver(files, new ScriptedLanguageModel([JSON.stringify({ outdated: [CLAIM] })]));
    const r = await runClaimDriftCheck(host, await planClaimDriftCheck(host, REPO));
    expect(r.ok && r.value.report.found).toHaveLength(1);
    expect(files.files.size).toBe(0);
  });
});

describe("the contradiction state store", () => {
  it("applies changes made at once one after the other, each on the state the one before saved", async () => {
    const files = new InMemoryPluginFiles();
    const store = contradictionStateStore(files);
    const mark = (p: string) => (s: ContradictionState) => ({ ...s, checked: { ...s.checked, [p]: "h" } });
    await Promise.all([store.update(mark("a.md")), store.update(mark("b.md")), store.update(() => null)]);
    expect(Object.keys((await store.load()).checked).sort()).toEqual(["a.md", "b.md"]);
  });

  it("starts a change from the given state when the file cannot be read, and loads such a file as the empty state", async () => {
    const files = new InMemoryPluginFiles();
    files.failRead = true;
    const store = contradictionStateStore(files);
    expect(await store.load()).toEqual(emptyContradictionState());
    const memory = { ...emptyContradictionState(), checked: { "kept.md": "h" } };
    const after = await store.update(
      (s) => ({ ...s, checked: { ...s.checked, "new.md": "h" } }),
      () => memory,
    );
    expect(Object.keys(after.checked).sort()).toEqual(["kept.md", "new.md"]);
  });
});
