#!/usr/bin/env node
// Fails (exit 1) when the modules of src/ import each other in a circle, printing each circle found.
// Every relative `import … from`, `import '…'`, `export … from` and `import('…')` counts, type-only
// imports too: a circle of types is still a circle of files that cannot be read on their own.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(process.argv[2] ?? 'src');
const SPECIFIER = /(?:^|[;\s}])(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]|import\s*\(?\s*['"]([^'"]+)['"]/gm;

function sources(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sources(path));
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** The file a relative specifier names (`./x.js` is `./x.ts`), or null when it is a package or missing. */
function target(from, specifier, known) {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, base.replace(/\.js$/, '.ts'), `${base}.ts`, join(base, 'index.ts')]) {
    if (known.has(candidate)) return candidate;
  }
  return null;
}

const files = sources(root);
const known = new Set(files);
const edges = new Map();
for (const file of files) {
  // comments may quote import lines: drop them first
  const text = readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
  const next = new Set();
  for (const match of text.matchAll(SPECIFIER)) {
    const to = target(file, match[1] ?? match[2], known);
    if (to) next.add(to);
  }
  edges.set(file, [...next].sort());
}

// Tarjan's strongly connected components: each component of more than one file (or a self-import) is a circle
let index = 0;
const order = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
const components = [];
function visit(v) {
  order.set(v, index);
  low.set(v, index++);
  stack.push(v);
  onStack.add(v);
  for (const w of edges.get(v)) {
    if (!order.has(w)) {
      visit(w);
      low.set(v, Math.min(low.get(v), low.get(w)));
    } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), order.get(w)));
  }
  if (low.get(v) === order.get(v)) {
    const component = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || edges.get(v).includes(v)) components.push(component);
  }
}
for (const file of files.sort()) if (!order.has(file)) visit(file);

/** One shortest circle through the component's first file, for the message. */
function circle(component) {
  const inside = new Set(component);
  const start = component.sort()[0];
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const v = queue.shift();
    for (const w of edges.get(v)) {
      if (!inside.has(w)) continue;
      if (w === start) {
        const path = [v];
        for (let p = previous.get(v); p !== null; p = previous.get(p)) path.unshift(p);
        return [...path, start];
      }
      if (!previous.has(w)) {
        previous.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start, start];
}

if (components.length === 0) {
  console.log(`check-cycles: ${files.length} modules under ${relative(process.cwd(), root)}, no import circle`);
  process.exit(0);
}
for (const component of components) {
  const path = circle(component).map((f) => relative(process.cwd(), f));
  console.error(`import circle (${component.length} modules): ${path.join(' → ')}`);
  if (component.length > path.length - 1)
    console.error(
      `  the circle's component also holds: ${component
        .map((f) => relative(process.cwd(), f))
        .filter((f) => !path.includes(f))
        .join(', ')}`,
    );
}
console.error(`check-cycles: ${components.length} import circle(s)`);
process.exit(1);
