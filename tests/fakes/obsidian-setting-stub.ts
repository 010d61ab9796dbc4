// Setting rows and their controls for the stub `obsidian` module, drawn with the elements and classes Obsidian uses
// (.setting-item > .setting-item-info > .setting-item-name + .setting-item-description, then .setting-item-control),
// so jsdom specs can find and use the controls and the browser harness draws what Obsidian draws.

function el<K extends keyof HTMLElementTagNameMap>(parent: HTMLElement, tag: K, cls?: string): HTMLElementTagNameMap[K] {
  return parent.createEl(tag, cls);
}

/** Base of every control: disabling. */
export class BaseComponent {
  disabled = false;
  setDisabled(disabled: boolean): this {
    this.disabled = disabled;
    return this;
  }
  then(cb: (c: this) => unknown): this {
    cb(this);
    return this;
  }
}

/** A push button (`.mod-cta` for the call to action). */
export class ButtonComponent extends BaseComponent {
  constructor(public buttonEl: HTMLButtonElement) {
    super();
  }
  setButtonText(t: string): this {
    this.buttonEl.textContent = t;
    return this;
  }
  setCta(): this {
    this.buttonEl.classList.add("mod-cta");
    return this;
  }
  setWarning(): this {
    this.buttonEl.classList.add("mod-warning");
    return this;
  }
  setIcon(icon: string): this {
    this.buttonEl.setAttribute("data-icon", icon);
    return this;
  }
  setTooltip(t: string): this {
    this.buttonEl.setAttribute("aria-label", t);
    return this;
  }
  override setDisabled(disabled: boolean): this {
    this.buttonEl.disabled = disabled;
    return super.setDisabled(disabled);
  }
  onClick(fn: (e: MouseEvent) => unknown): this {
    this.buttonEl.addEventListener("click", (e) => void fn(e));
    return this;
  }
}

/** A one-line text input; onChange fires on every keystroke, as Obsidian's does. */
export class TextComponent extends BaseComponent {
  inputEl: HTMLInputElement;
  constructor(containerEl: HTMLElement) {
    super();
    this.inputEl = el(containerEl, "input");
    this.inputEl.type = "text";
    this.inputEl.spellcheck = false;
  }
  getValue(): string {
    return this.inputEl.value;
  }
  setValue(v: string): this {
    this.inputEl.value = v;
    return this;
  }
  setPlaceholder(p: string): this {
    this.inputEl.placeholder = p;
    return this;
  }
  override setDisabled(disabled: boolean): this {
    this.inputEl.disabled = disabled;
    return super.setDisabled(disabled);
  }
  onChange(cb: (v: string) => unknown): this {
    this.inputEl.addEventListener("input", () => void cb(this.inputEl.value));
    return this;
  }
}

/** A `select.dropdown`. */
export class DropdownComponent extends BaseComponent {
  selectEl: HTMLSelectElement;
  constructor(containerEl: HTMLElement) {
    super();
    this.selectEl = el(containerEl, "select", "dropdown");
  }
  addOption(value: string, display: string): this {
    const o = el(this.selectEl as unknown as HTMLElement, "option");
    o.value = value;
    o.textContent = display;
    return this;
  }
  addOptions(options: Record<string, string>): this {
    for (const [v, d] of Object.entries(options)) this.addOption(v, d);
    return this;
  }
  getValue(): string {
    return this.selectEl.value;
  }
  setValue(v: string): this {
    this.selectEl.value = v;
    return this;
  }
  override setDisabled(disabled: boolean): this {
    this.selectEl.disabled = disabled;
    return super.setDisabled(disabled);
  }
  onChange(cb: (v: string) => unknown): this {
    this.selectEl.addEventListener("change", () => void cb(this.selectEl.value));
    return this;
  }
}

/** Obsidian's toggle: `.checkbox-container` (`.is-enabled` when on) around a focusable checkbox. */
export class ToggleComponent extends BaseComponent {
  toggleEl: HTMLElement;
  private inputEl: HTMLInputElement;
  private handlers: ((v: boolean) => unknown)[] = [];
  constructor(containerEl: HTMLElement) {
    super();
    this.toggleEl = el(containerEl, "div", "checkbox-container");
    this.inputEl = el(this.toggleEl, "input");
    this.inputEl.type = "checkbox";
    this.inputEl.tabIndex = 0;
    this.toggleEl.addEventListener("click", (e) => {
      if (e.target !== this.inputEl) this.inputEl.checked = !this.inputEl.checked;
      this.sync();
      for (const h of this.handlers) void h(this.inputEl.checked);
    });
  }
  private sync(): void {
    this.toggleEl.classList.toggle("is-enabled", this.inputEl.checked);
  }
  getValue(): boolean {
    return this.inputEl.checked;
  }
  setValue(on: boolean): this {
    this.inputEl.checked = on;
    this.sync();
    return this;
  }
  onChange(cb: (v: boolean) => unknown): this {
    this.handlers.push(cb);
    return this;
  }
}

/** A small icon button (`.clickable-icon.extra-setting-button`). */
export class ExtraButtonComponent extends BaseComponent {
  extraSettingsEl: HTMLElement;
  constructor(containerEl: HTMLElement) {
    super();
    this.extraSettingsEl = el(containerEl, "div", "clickable-icon extra-setting-button");
    this.extraSettingsEl.tabIndex = 0;
  }
  setIcon(icon: string): this {
    this.extraSettingsEl.setAttribute("data-icon", icon);
    return this;
  }
  setTooltip(t: string): this {
    this.extraSettingsEl.setAttribute("aria-label", t);
    return this;
  }
  onClick(fn: () => unknown): this {
    this.extraSettingsEl.addEventListener("click", () => void fn());
    return this;
  }
}

/** Obsidian's secret picker; here a text input holding the secret's name. */
export class SecretComponent extends BaseComponent {
  inputEl: HTMLInputElement;
  constructor(
    public app: unknown,
    containerEl: HTMLElement,
  ) {
    super();
    this.inputEl = el(containerEl, "input");
    this.inputEl.type = "text";
    this.inputEl.className = "kc-stub-secret";
  }
  setValue(v: string): this {
    this.inputEl.value = v;
    return this;
  }
  onChange(cb: (v: string) => unknown): this {
    this.inputEl.addEventListener("input", () => void cb(this.inputEl.value));
    return this;
  }
}

/** One settings row, drawn as Obsidian draws it. */
export class Setting {
  settingEl: HTMLElement;
  infoEl: HTMLElement;
  nameEl: HTMLElement;
  descEl: HTMLElement;
  controlEl: HTMLElement;
  components: BaseComponent[] = [];
  constructor(public containerEl: HTMLElement) {
    this.settingEl = el(containerEl, "div", "setting-item");
    this.infoEl = el(this.settingEl, "div", "setting-item-info");
    this.nameEl = el(this.infoEl, "div", "setting-item-name");
    this.descEl = el(this.infoEl, "div", "setting-item-description");
    this.controlEl = el(this.settingEl, "div", "setting-item-control");
  }
  private put(target: HTMLElement, v: string | DocumentFragment): void {
    target.replaceChildren();
    if (typeof v === "string") target.textContent = v;
    else target.appendChild(v);
  }
  setName(name: string | DocumentFragment): this {
    this.put(this.nameEl, name);
    return this;
  }
  setDesc(desc: string | DocumentFragment): this {
    this.put(this.descEl, desc);
    return this;
  }
  setClass(cls: string): this {
    this.settingEl.classList.add(cls);
    return this;
  }
  setTooltip(t: string): this {
    this.nameEl.setAttribute("aria-label", t);
    return this;
  }
  setHeading(): this {
    this.settingEl.classList.add("setting-item-heading");
    return this;
  }
  setDisabled(disabled: boolean): this {
    this.settingEl.classList.toggle("is-disabled", disabled);
    for (const c of this.components) c.setDisabled(disabled);
    return this;
  }
  private add<T extends BaseComponent>(c: T, cb: (c: T) => unknown): this {
    this.components.push(c);
    cb(c);
    return this;
  }
  addButton(cb: (b: ButtonComponent) => unknown): this {
    return this.add(new ButtonComponent(el(this.controlEl, "button")), cb);
  }
  addExtraButton(cb: (b: ExtraButtonComponent) => unknown): this {
    return this.add(new ExtraButtonComponent(this.controlEl), cb);
  }
  addText(cb: (t: TextComponent) => unknown): this {
    return this.add(new TextComponent(this.controlEl), cb);
  }
  addDropdown(cb: (d: DropdownComponent) => unknown): this {
    return this.add(new DropdownComponent(this.controlEl), cb);
  }
  addToggle(cb: (t: ToggleComponent) => unknown): this {
    return this.add(new ToggleComponent(this.controlEl), cb);
  }
  addComponent<T extends BaseComponent>(cb: (el: HTMLElement) => T): this {
    this.components.push(cb(this.controlEl));
    return this;
  }
  then(cb: (s: this) => unknown): this {
    cb(this);
    return this;
  }
}
