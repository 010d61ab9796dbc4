import type { AskScope } from "../core/settings/plugin-data";
import type { PluginServices } from "./plugin-services";

/**
 * Sets what Ask routes over (the knowledge folder, or every note of the vault), saves it, and rebuilds the router's
 * index for it in slices (Ask answers from what is indexed so far meanwhile). Nothing happens when it is unchanged.
 */
export async function setAskScope(s: Pick<PluginServices, "data" | "save" | "router">, scope: AskScope): Promise<void> {
  const data = s.data();
  if (data.ask.scope === scope) return;
  data.ask = { ...data.ask, scope };
  await s.save();
  await s.router.build();
}
