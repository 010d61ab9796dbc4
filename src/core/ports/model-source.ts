import type { ModelPrice } from "../llm/models";
import type { LanguageModel } from "../llm/language-model";
import type { Result } from "../result";

/** What a model is asked to do: each role may be a different model at a different price. */
export type ModelRole = "answer" | "compile" | "select" | "check" | "distill";

/** A model with the id it calls and the price its usage is counted at (null: the model's price is not known). */
export interface PricedModel {
  id: string;
  model: LanguageModel;
  price: ModelPrice | null;
}

/** How a host should build a model for one call: streaming where the host can, and a voice for announced waits. */
export interface ModelOptions {
  streaming?: boolean;
  onWait?: (seconds: number, reason: string) => void;
  /** What the spend ledger files the call under ("contradictions", "drift"…); the role when not given. */
  feature?: string;
}

/** Why no model can be called: no key (exit 1 in the CLI), or a setting that cannot work (usage). */
export type ModelUnavailable = { kind: "no-key" | "bad-config"; message: string };

/** The model a role would call, and its price (null: not known), named without a key or the network. */
export interface PlannedModel {
  id: string;
  price: ModelPrice | null;
}

/**
 * The models a host offers, each carrying its own price; asking needs no network. `planned` is the one price source
 * of every estimate, threshold and cap: the model that will run, at its price (the person's override, else the table).
 */
export interface ModelSource {
  get(role: ModelRole, options?: ModelOptions): Promise<Result<PricedModel, ModelUnavailable>>;
  planned(role: ModelRole): PlannedModel;
}
