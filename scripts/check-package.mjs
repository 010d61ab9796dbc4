// The npm package holds only what `kc` needs: package.json, README.md, LICENSE, dist/kc.cjs (and the older entry
// dist/cli.mjs) and the bundles in dist/cli-chunks. Run after the build (CI and the release dry run do): it fails
// naming any other file, and prints the packed size.
import { execFileSync } from "node:child_process";
import process from "node:process";

const [pack] = JSON.parse(execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], { encoding: "utf8" }));
const shipped = (path) =>
  ["package.json", "README.md", "LICENSE", "dist/kc.cjs", "dist/cli.mjs"].includes(path) || /^dist\/cli-chunks\/[\w-]+\.[mc]js$/.test(path);
const extra = pack.files.map((f) => f.path).filter((path) => !shipped(path));
const missing = ["dist/kc.cjs", "dist/cli.mjs", "README.md", "LICENSE"].filter((path) => !pack.files.some((f) => f.path === path));
if (extra.length > 0 || missing.length > 0) {
  process.stderr.write(
    `package: ${extra.length > 0 ? `not shipped but packed: ${extra.join(", ")}` : ""}${missing.length > 0 ? ` missing: ${missing.join(", ")}` : ""}\n`,
  );
  process.exit(1);
}
process.stdout.write(
  `package: ${pack.name}@${pack.version}, ${pack.entryCount} files, ${(pack.size / 1000).toFixed(1)} kB packed, ${(pack.unpackedSize / 1e6).toFixed(2)} MB unpacked\n`,
);
