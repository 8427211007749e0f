// Writes what editors and frameworks read, from custom-elements.json alone, so none of it can drift from the
// elements: VS Code's HTML custom data, JetBrains web-types, and JSX / template typings for React 19, Preact,
// Vue and Svelte. Run by `npm run build` after tsc (event details are typed by the names index.d.ts exports).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { readElements } from './read-manifest.mjs';

const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
const elements = readElements();
const indexTypes = readFileSync('dist/types/index.d.ts', 'utf8');
const exported = (name) => new RegExp(`\\b${name}\\b`).test(indexTypes);

// editors
const vscode = {
  version: 1.1,
  tags: elements.map((el) => ({
    name: el.tag,
    description: el.description,
    attributes: el.attributes.map((a) => ({
      name: a.name,
      description: a.description,
      ...(a.values.length ? { values: a.values.map((name) => ({ name })) } : {}),
    })),
  })),
};
const webTypes = {
  $schema: 'https://json.schemastore.org/web-types',
  name: pkg.name,
  version: pkg.version,
  'description-markup': 'markdown',
  framework: 'html',
  'js-types-syntax': 'typescript',
  contributions: {
    html: {
      elements: elements.map((el) => ({
        name: el.tag,
        description: el.description,
        attributes: el.attributes.map((a) => ({
          name: a.name,
          description: a.description,
          ...(a.default !== undefined ? { default: a.default } : {}),
          value: a.values.length ? { type: a.values.map((v) => `'${v}'`).join(' | ') } : { type: a.type ?? 'string' },
        })),
        events: el.events.map((e) => ({ name: e.name, description: e.description })),
        slots: el.slots.map((s) => ({ name: s.name || 'default', description: s.description ?? '' })),
        js: {
          properties: el.properties.map((p) => ({
            name: p.name,
            description: p.description,
            type: p.type ?? 'unknown',
          })),
          events: el.events.map((e) => ({ name: e.name, description: e.description })),
        },
      })),
    },
  },
};
mkdirSync('dist/editor', { recursive: true });
writeFileSync('dist/editor/vscode.html-custom-data.json', `${JSON.stringify(vscode, null, 2)}\n`);
writeFileSync('dist/editor/web-types.json', `${JSON.stringify(webTypes, null, 2)}\n`);

// frameworks
const detailOf = (e) => (e.detail && exported(e.detail) ? e.detail : 'unknown');
const usedDetails = [
  ...new Set(elements.flatMap((el) => el.events.map(detailOf)).filter((d) => d !== 'unknown')),
].sort();
const header = (extra) =>
  [
    '// Generated from custom-elements.json by scripts/manifest/generate.mjs: do not edit.',
    `import type { ${[...elements.map((el) => el.className), ...usedDetails].join(', ')} } from '../index.js';`,
    extra,
    '',
  ].join('\n');

/** The props of one tag: each attribute (its property type, or the markup text) and each event handler. */
function props(el, eventKey) {
  const lines = [];
  const seen = new Set();
  for (const a of el.attributes) {
    seen.add(a.name);
    lines.push(`    ${JSON.stringify(a.name)}?: ${a.type && a.type !== 'string' ? `${a.type} | string` : 'string'};`);
  }
  for (const p of el.properties) {
    if (seen.has(p.name)) continue;
    seen.add(p.name);
    lines.push(`    ${JSON.stringify(p.name)}?: ${p.type ?? 'unknown'};`);
  }
  for (const e of el.events)
    lines.push(`    ${JSON.stringify(eventKey(e.name))}?: (event: CustomEvent<${detailOf(e)}>) => void;`);
  return lines.join('\n');
}

function propsInterfaces(eventKey) {
  return elements
    .map(
      (el) =>
        `export interface ${el.className}Props {\n${props(el, eventKey).replaceAll('\n    ', '\n  ').replace(/^ {4}/, '  ')}\n}`,
    )
    .join('\n');
}

const frameworks = {
  // React 19 sets a custom element's known properties as properties, and `on<event>` props listen to <event>.
  react: `${header("import type { DetailedHTMLProps, HTMLAttributes } from 'react';")}
${propsInterfaces((name) => `on${name}`)}
declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
${elements.map((el) => `      ${JSON.stringify(el.tag)}: DetailedHTMLProps<HTMLAttributes<${el.className}>, ${el.className}> & ${el.className}Props;`).join('\n')}
    }
  }
}
`,
  preact: `${header("import type { HTMLAttributes } from 'preact';")}
${propsInterfaces((name) => `on${name}`)}
declare module 'preact' {
  namespace JSX {
    interface IntrinsicElements {
${elements.map((el) => `      ${JSON.stringify(el.tag)}: HTMLAttributes<${el.className}> & ${el.className}Props;`).join('\n')}
    }
  }
}
`,
  vue: `${header("import type { DefineComponent } from 'vue';")}
${propsInterfaces((name) => `on${name.replace(/(^|-)(\w)/g, (_, __, c) => c.toUpperCase())}`)}
declare module 'vue' {
  interface GlobalComponents {
${elements.map((el) => `    ${JSON.stringify(el.tag)}: DefineComponent<${el.className}Props>;`).join('\n')}
  }
}
`,
  svelte: `${header("import type { HTMLAttributes } from 'svelte/elements';")}
${propsInterfaces((name) => `on${name}`)}
declare module 'svelte/elements' {
  interface SvelteHTMLElements {
${elements.map((el) => `    ${JSON.stringify(el.tag)}: Omit<HTMLAttributes<${el.className}>, keyof ${el.className}Props> & ${el.className}Props;`).join('\n')}
  }
}
`,
};
mkdirSync('dist/types/frameworks', { recursive: true });
for (const [name, text] of Object.entries(frameworks)) writeFileSync(`dist/types/frameworks/${name}.d.ts`, text);
console.log(
  `manifest outputs: ${elements.length} tags → dist/editor (VS Code, web-types), dist/types/frameworks (${Object.keys(frameworks).join(', ')})`,
);
