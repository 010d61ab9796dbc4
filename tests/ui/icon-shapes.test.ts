import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ICON_SHAPES } from "../fakes/icon-shapes";

/** Every source file under src/. */
function sources(dir = "src"): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : [],
  );
}

describe("the harness pages' icons", () => {
  it("draw a shape of their own for every icon id the plugin passes to setIcon, not a placeholder circle", () => {
    const ids = new Set<string>();
    for (const file of sources()) {
      const text = readFileSync(file, "utf8");
      for (const m of text.matchAll(/setIcon\(.*,\s*"([a-z-]+)"\)/g)) ids.add(m[1]!);
      // Icons named in a table (severities) or handed to a helper that calls setIcon (the zoom buttons).
      for (const m of text.matchAll(/SEVERITY_ICON[^=]*=\s*\{([^}]*)\}/g)) for (const v of m[1]!.matchAll(/"([a-z-]+)"/g)) ids.add(v[1]!);
      if (text.includes("setIcon(b, icon)")) for (const m of text.matchAll(/button\("([a-z-]+)"/g)) ids.add(m[1]!);
    }
    expect(ids.size).toBeGreaterThanOrEqual(9);
    expect([...ids].filter((id) => !ICON_SHAPES[id])).toEqual([]);
  });
});
