// `npm run generate:conformance`: writes the conformance fixtures into test/fixtures/conformance/ (never shipped).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateConformanceFixtures } from './fixtures';

const folder = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'test', 'fixtures', 'conformance');
mkdirSync(folder, { recursive: true });
for (const [name, bytes] of await generateConformanceFixtures()) {
  writeFileSync(join(folder, name), bytes);
  console.log(`test/fixtures/conformance/${name} ${bytes.byteLength} bytes`);
}
