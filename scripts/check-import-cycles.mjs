// Finds import cycles among the TypeScript modules under src/: reads each file's import and export-from lines
// (static ones; `import type` counts too, since a type-only cycle still ties the modules' designs together), resolves
// the relative ones to files, and reports each strongly connected group with one cycle through it.
// `node scripts/check-import-cycles.mjs [--runtime]` prints the cycles and exits 1 when there is any; --runtime leaves
// out type-only imports (the cycles that could change what runs first).
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const IMPORT = /(?:^|\n)[ \t]*(import|export)\s+(type\s+)?(?:[^"'`;]*?\sfrom\s*)?["']([^"']+)["']/g;

/** Every .ts file under `dir` (declaration files aside). */
function tsFiles(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...tsFiles(path));
    else if (name.endsWith(".ts") && !name.endsWith(".d.ts")) out.push(path);
  }
  return out;
}

/** The file a relative specifier names, or null (a package, or a file that is not TypeScript). */
function resolveSpecifier(from, spec) {
  if (!spec.startsWith(".")) return null;
  const base = resolve(dirname(from), spec);
  for (const p of [`${base}.ts`, join(base, "index.ts"), base.replace(/\.js$/, ".ts")]) if (p.endsWith(".ts") && existsSync(p)) return p;
  return null;
}

/** The import graph of the modules under `srcDir`: file -> the files it imports (relative paths from the repository). */
export function importGraph(srcDir, { runtimeOnly = false } = {}) {
  const root = dirname(srcDir);
  const graph = new Map();
  for (const file of tsFiles(srcDir)) {
    const deps = new Set();
    for (const m of readFileSync(file, "utf8").matchAll(IMPORT)) {
      if (runtimeOnly && m[2]) continue;
      const target = resolveSpecifier(file, m[3]);
      if (target) deps.add(relative(root, target));
    }
    graph.set(relative(root, file), [...deps].sort());
  }
  return graph;
}

/**
 * The import cycles of a graph: one entry per strongly connected group of two or more modules (or a module that
 * imports itself), each with its sorted members and one cycle through them, starting at the first member.
 */
export function findCycles(graph) {
  // Tarjan's algorithm, iterative so deep import chains cannot overflow the stack.
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const groups = [];
  for (const start of [...graph.keys()].sort()) {
    if (index.has(start)) continue;
    const work = [[start, 0]];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const [node, i] = frame;
      const deps = graph.get(node) ?? [];
      if (i < deps.length) {
        frame[1]++;
        const next = deps[i];
        if (!graph.has(next)) continue;
        if (!index.has(next)) {
          index.set(next, counter);
          low.set(next, counter++);
          stack.push(next);
          onStack.add(next);
          work.push([next, 0]);
        } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), index.get(next)));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) === index.get(node)) {
        const group = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          group.push(member);
        } while (member !== node);
        if (group.length > 1 || (graph.get(node) ?? []).includes(node)) groups.push(group.sort());
      }
    }
  }
  return groups.sort((a, b) => (a[0] < b[0] ? -1 : 1)).map((members) => ({ members, cycle: cycleThrough(graph, members) }));
}

/** A shortest cycle from the group's first member back to it, staying inside the group. */
function cycleThrough(graph, members) {
  const inGroup = new Set(members);
  const start = members[0];
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    for (const next of graph.get(node) ?? []) {
      if (next === start) {
        const path = [node];
        for (let p = previous.get(node); p !== null; p = previous.get(p)) path.unshift(p);
        return [...path, start];
      }
      if (inGroup.has(next) && !previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start, start];
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const src = join(dirname(fileURLToPath(import.meta.url)), "..", "src");
  const cycles = findCycles(importGraph(src, { runtimeOnly: process.argv.includes("--runtime") }));
  for (const c of cycles) console.log(`${c.members.length} modules: ${c.cycle.join(" -> ")}`);
  console.log(cycles.length === 0 ? "No import cycles under src/." : `${cycles.length} import cycle group(s) under src/.`);
  process.exitCode = cycles.length === 0 ? 0 : 1;
}
