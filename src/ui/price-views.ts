/**
 * What the settings tab shows of a model's price (the price rows, distillation's most cost a day): drawn once, and
 * drawn again each time a model is picked or a price is set, so no figure stays at the model picked before.
 */
export class PriceViews {
  private readonly views: (() => void)[] = [];

  /** Draws `draw` now and again after every `refresh` (until the tab's rows are drawn anew). */
  follow(draw: () => void): void {
    draw();
    this.views.push(draw);
  }

  /** Draws every followed view again: a model was picked, or a price set. */
  refresh(): void {
    for (const draw of this.views) draw();
  }

  /** Forgets the views of rows about to be drawn anew. */
  clear(): void {
    this.views.length = 0;
  }
}
