#!/usr/bin/env bash
# The release's steps, as .github/workflows/release.yml runs them on a version tag and `npm run release-dry-run` runs
# them here: the tag is the manifest's version (no "v"), versions.json maps it to the manifest's minAppVersion, then CI
# (.ci/run: clean install, type-check, lint, review lint, tests, build), the npm tarball and the Claude Code plugin's
# archive, and the release files' checksums. `npm run check:plugin` (Claude Code from the registry) runs beside it.
set -euo pipefail
cd "$(dirname "$0")/.."
version=$(node -p 'require("./manifest.json").version')
# The pushed tag in the workflow; the manifest's version in a dry run.
tag="${1:-$version}"
min_app=$(node -p 'require("./manifest.json").minAppVersion')
[ "$tag" = "$version" ] || { echo "release: tag $tag is not manifest.json's version $version" >&2; exit 1; }
[ "$(node -p 'require("./package.json").version')" = "$version" ] || { echo "release: package.json's version is not $version" >&2; exit 1; }
[ "$(node -p "require('./versions.json')['$version'] ?? ''")" = "$min_app" ] || { echo "release: versions.json does not map $version to $min_app" >&2; exit 1; }
.ci/run
for f in main.js manifest.json styles.css; do [ -s "$f" ] || { echo "release: $f is missing" >&2; exit 1; }; done
# The Claude Code plugin and its marketplace carry the same version, and the plugin the CLI it runs (claude-plugin/dist).
for f in claude-plugin/.claude-plugin/plugin.json .claude-plugin/marketplace.json; do
  grep -q "\"version\": \"$version\"" "$f" || { echo "release: $f does not carry version $version" >&2; exit 1; }
done
[ -s claude-plugin/dist/kc.cjs ] || { echo "release: claude-plugin/dist/kc.cjs is missing (the build puts it there)" >&2; exit 1; }
# The command line as the README installs it (npm install --global ./knowledge-compiler-<version>.tgz), already built.
npm pack --ignore-scripts > /dev/null
# The marketplace with the plugin, its CLI built in, in one folder: unzip it and `/plugin marketplace add` the folder.
stage=$(mktemp -d)
mkdir "$stage/knowledge-compiler-claude-plugin"
cp -R .claude-plugin claude-plugin "$stage/knowledge-compiler-claude-plugin/"
rm -f "knowledge-compiler-claude-plugin-$version.zip"
(cd "$stage" && zip -qr - knowledge-compiler-claude-plugin) > "knowledge-compiler-claude-plugin-$version.zip"
rm -rf "$stage"
sha256sum main.js manifest.json styles.css "knowledge-compiler-$version.tgz" "knowledge-compiler-claude-plugin-$version.zip"
