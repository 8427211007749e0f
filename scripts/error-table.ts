// `npm run docs:errors`: writes the README's error-code tables (between `<!-- error-codes:start -->` and
// `<!-- error-codes:end -->`) from the one registry, src/runtime/errors.ts. test/elements/error-registry.test.ts
// fails when they differ.
import { readFileSync, writeFileSync } from 'node:fs';
import { BUILDER_CODES, ERROR_CODES } from '../src/runtime/errors.js';

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

const codes = table(
  ['code', 'meaning'],
  Object.entries(ERROR_CODES).map(([code, meaning]) => [`\`${code}\``, meaning]),
);
const builders = table(
  ['builder code', 'reported as', 'meaning'],
  Object.entries(BUILDER_CODES).map(([code, { reportedAs, meaning }]) => [`\`${code}\``, `\`${reportedAs}\``, meaning]),
);
const readme = readFileSync('README.md', 'utf8');
const block = /<!-- error-codes:start -->\n[\s\S]*?\n<!-- error-codes:end -->/;
if (!block.test(readme)) throw new Error('README.md has no <!-- error-codes:start/end --> block');
writeFileSync(
  'README.md',
  readme.replace(block, `<!-- error-codes:start -->\n${codes}\n\n${builders}\n<!-- error-codes:end -->`),
);
console.log(`README: ${Object.keys(ERROR_CODES).length} codes, ${Object.keys(BUILDER_CODES).length} builder codes`);
