// Rapier is an optional peer: an app without it must still type-check against our declarations (strict,
// skipLibCheck false). Each emitted import of Rapier's types gets a @ts-ignore, so without the package those
// types fall back to `any`; with it, they resolve as usual. Run by `npm run build` after tsc.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const OPTIONAL = ['@dimforge/rapier3d-compat'];
let patched = 0;
for (const entry of readdirSync('dist/types', { recursive: true })) {
  if (!entry.endsWith('.d.ts')) continue;
  const file = join('dist/types', entry);
  const text = readFileSync(file, 'utf8');
  const lines = text.split('\n');
  const out = lines.flatMap((line, i) =>
    OPTIONAL.some((name) => line.includes(`from '${name}'`)) && !lines[i - 1]?.includes('@ts-ignore')
      ? ['// @ts-ignore: an optional peer dependency; without it these types are `any`', line]
      : [line],
  );
  if (out.length !== lines.length) {
    writeFileSync(file, out.join('\n'));
    patched++;
  }
}
console.log(`optional peer types: ${patched} declaration file(s) patched`);
