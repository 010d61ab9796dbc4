import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { compareVersions } from "./obsidian-api-versions";

const manifest = JSON.parse(readFileSync("manifest.json", "utf8")) as Record<string, unknown> & { version: string; minAppVersion: string };
const versions = JSON.parse(readFileSync("versions.json", "utf8")) as Record<string, string>;
const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { version: string };
const workflow = readFileSync(".github/workflows/release.yml", "utf8");
const steps = readFileSync("scripts/release-build.sh", "utf8");
const semver = /^\d+\.\d+\.\d+$/;

describe("the release", () => {
  it("attaches the repository's own manifest.json, main.js and styles.css, with provenance, and no build writes a manifest", () => {
    expect(workflow).toMatch(/gh release create "\$GITHUB_REF_NAME" main\.js manifest\.json styles\.css/);
    expect(workflow).toMatch(/actions\/attest-build-provenance@v\d+[\s\S]*subject-path: \|\s+main\.js\s+manifest\.json\s+styles\.css/);
    expect(workflow).toContain('scripts/release-build.sh "$GITHUB_REF_NAME"');
    expect(steps).toContain(".ci/run");
    expect(readFileSync("esbuild.config.mjs", "utf8")).not.toContain("manifest.json");
  });

  it("is tagged with the manifest's version, which package.json shares", () => {
    expect(manifest.version).toMatch(semver);
    expect(pkg.version).toBe(manifest.version);
    expect(workflow).toContain('tags: ["[0-9]+.[0-9]+.[0-9]+"]');
    expect(steps).toMatch(/\[ "\$tag" = "\$version" \]/);
  });

  it("maps every version in versions.json to a minimum Obsidian version, the current one to minAppVersion", () => {
    expect(Object.keys(versions).length).toBeGreaterThan(0);
    for (const [version, minApp] of Object.entries(versions)) {
      expect(version).toMatch(semver);
      expect(minApp).toMatch(semver);
    }
    expect(versions[manifest.version]).toBe(manifest.minAppVersion);
    // A later version never needs an older Obsidian than an earlier one asked for.
    const ordered = Object.keys(versions).sort(compareVersions);
    for (let i = 1; i < ordered.length; i++) expect(compareVersions(versions[ordered[i]!]!, versions[ordered[i - 1]!]!)).toBeGreaterThanOrEqual(0);
  });
});
