import type { Setting } from "obsidian";
import type { Result } from "../core/result";
import { MODEL_PRICES, priceFor } from "../core/llm/models";
import type { ListingError, ModelListing } from "../llm/anthropic-models";

/** The models a server lists, or why not (asked once per settings display and shared by every picker). */
export type ModelList = Promise<Result<ModelListing[], ListingError>>;

/** What a model picker shows and saves. */
export interface ModelPickerOptions {
  value: string;
  /** The default model, named in the description. */
  defaultModel: string;
  models: () => ModelList;
  save: (id: string) => Promise<void>;
  /** A model's list price (USD per million tokens in / out), when known: shown beside its name. */
  priceOf?: (id: string) => { input: number; output: number } | null;
}

/** The tier a model id belongs to, in words a person choosing one can use (its cost is said apart, from prices). */
function tierOf(id: string): string | null {
  if (/haiku/i.test(id)) return "fast";
  if (/sonnet/i.test(id)) return "balanced";
  if (/opus/i.test(id)) return "most capable";
  return null;
}

/**
 * "cheapest" or "dearest" where a model's price (input and output per million tokens) is the least or the most of the
 * table of list prices, else null: derived from the prices, so no two models are both the cheapest and none is called
 * dearest while another costs more. A model without a known price gets neither.
 */
export function priceRank(price: { input: number; output: number } | null): string | null {
  if (!price) return null;
  const costs = Object.values(MODEL_PRICES).map((p) => p.input + p.output);
  const cost = price.input + price.output;
  if (cost <= Math.min(...costs)) return "cheapest";
  if (cost >= Math.max(...costs)) return "dearest";
  return null;
}

/** The hint after a model's name in the list: its tier and, when known, its price ("balanced · $2 / $10 per M tokens"). */
export function modelHint(id: string, priceOf?: ModelPickerOptions["priceOf"]): string {
  const price = priceOf?.(id) ?? null;
  const money = (n: number): string => `$${n % 1 === 0 ? n : n.toFixed(2)}`;
  const words = [tierOf(id), priceRank(priceOf ? price : priceFor(id))].filter(Boolean).join(", ");
  return [words, price ? `${money(price.input)} / ${money(price.output)} per M tokens` : null].filter(Boolean).join(" · ");
}

const OTHER = "";

/** Why the list is not shown, in the words of the line under the picker. */
function whyTyped(error: ListingError): string {
  if (error.kind === "no-key") return "Type a model ID: no API key is set, so the models cannot be listed.";
  if (error.kind === "no-listing") return "Type a model ID: this server has no model list.";
  return `Type a model ID: the models could not be listed. ${error.message}`;
}

/**
 * A model picker on a settings row: a dropdown of the models the server lists (with "Other…") when a key is set and
 * the list arrives, and a text field for the model ID always behind it, shown when the list is missing (no key,
 * offline, a server without the Models API) or the ID is not in it. The row's description names the default model.
 */
export function renderModelPicker(setting: Setting, o: ModelPickerOptions): void {
  setting.settingEl.addClass("kc-model-picker");
  setting.descEl.createDiv({ cls: "kc-setting-default", text: `Default: ${o.defaultModel}.` });
  const status = setting.descEl.createDiv({ cls: "kc-setting-status", text: "Listing the models…" });
  let current = o.value;
  let input!: HTMLInputElement;
  setting.addText((t) => {
    input = t.inputEl;
    t.setPlaceholder(o.defaultModel)
      .setValue(o.value)
      .onChange(async (v) => {
        current = v.trim() || o.defaultModel;
        await o.save(current);
      });
    t.inputEl.setAttr("aria-label", "Model ID");
  });
  void o.models().then((r) => {
    if (!r.ok || r.value.length === 0) {
      status.setText(r.ok ? "Type a model ID: the server lists no models." : whyTyped(r.error));
      return;
    }
    status.setText("");
    const listed = r.value.some((m) => m.id === current);
    // The list names each model with its tier (a closed dropdown on a phone shows about 40 characters); the chosen
    // model's ID and price are in the row's description.
    const about = (id: string): string => {
      const hint = modelHint(id, o.priceOf);
      return id === OTHER ? "" : `${id}${hint ? ` · ${hint}` : ""}`;
    };
    setting.addDropdown((d) => {
      for (const m of r.value) {
        const tier = tierOf(m.id);
        d.addOption(m.id, `${m.name}${tier ? ` — ${tier}` : ""}`);
      }
      d.addOption(OTHER, "Other (type the ID)…");
      d.setValue(listed ? current : OTHER).onChange(async (v) => {
        input.toggleAttribute("hidden", v !== OTHER);
        status.setText(about(v));
        if (v === OTHER) {
          input.focus();
          return;
        }
        current = v;
        input.value = v;
        await o.save(v);
      });
      d.selectEl.setAttr("aria-label", "Model");
      // The list first, the field after it.
      setting.controlEl.insertBefore(d.selectEl, input);
    });
    input.toggleAttribute("hidden", listed);
    if (listed) status.setText(about(current));
  });
}

/** The "Test connection" row's control: a button that runs the check and says in one sentence what worked or failed. */
export function renderConnectionTest(setting: Setting, test: () => Promise<{ ok: boolean; message: string }>): void {
  setting.settingEl.addClass("kc-connection-test");
  const result = setting.descEl.createDiv({ cls: "kc-setting-status", attr: { "aria-live": "polite" } });
  setting.addButton((b) =>
    b.setButtonText("Test connection").onClick(async () => {
      b.setDisabled(true);
      result.removeClass("kc-setting-error", "kc-setting-ok");
      result.setText("Testing…");
      const r = await test().catch((e: unknown) => ({ ok: false, message: `The test failed: ${e instanceof Error ? e.message : String(e)}` }));
      result.setText(r.message);
      result.addClass(r.ok ? "kc-setting-ok" : "kc-setting-error");
      b.setDisabled(false);
    }),
  );
}
