import { priceFor } from "../llm/models";
import { ok } from "../result";
import type { ModelSource } from "../ports/host";
import { cappedModel, SpendGuard, type SpendGuardPorts } from "./capped-model";

/**
 * A host's models with spending in view: each model is priced by its own id (the person's override, else the table
 * of known prices, else the price the host gave it: $0 for a model on a local server, else unknown), and every call it makes is checked against the caps first and written to the
 * ledger after. Both hosts wrap their ModelSource in this once, so no feature can call a model around it.
 */
export function spendModels(inner: ModelSource, ports: SpendGuardPorts): ModelSource & { guard: SpendGuard } {
  const guard = new SpendGuard(ports);
  return {
    guard,
    get: async (role, options = {}) => {
      const got = await inner.get(role, options);
      if (!got.ok) return got;
      const price = priceFor(got.value.id, ports.settings().priceOverrides) ?? got.value.price;
      return ok({ id: got.value.id, price, model: cappedModel(got.value.model, got.value.id, price, options.feature ?? role, guard) });
    },
    planned: (role) => {
      const planned = inner.planned(role);
      return { id: planned.id, price: priceFor(planned.id, ports.settings().priceOverrides) ?? planned.price };
    },
  };
}
