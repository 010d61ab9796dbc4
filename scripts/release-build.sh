#!/usr/bin/env bash
# The release's steps, as .github/workflows/release.yml runs them on a version tag and `npm run release-dry-run` runs
# them here: the tag is the manifest's version (no "v"), versions.json maps it to the manifest's minAppVersion, then CI
# (.ci/run: clean install, type-check, lint, review lint, tests, build) and the release files' checksums.
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
sha256sum main.js manifest.json styles.css
