import { expect } from '@open-wc/testing';
import { FIXTURES, generateConformanceFixtures } from '../../scripts/conformance/fixtures';
import { fetchBytes } from '../mannequin/mannequin-fixture';

describe('conformance fixture generator', () => {
  it('run in the page, writes exactly the committed test/fixtures/conformance/*.glb (run `npm run generate:conformance` if not)', async () => {
    const generated = await generateConformanceFixtures();
    expect([...generated.keys()]).to.deep.equal(FIXTURES.map((f) => `${f.name}.glb`));
    for (const [name, bytes] of generated) {
      const committed = await fetchBytes(`/test/fixtures/conformance/${name}`);
      expect(bytes.length, `${name} byte length`).to.equal(committed.length);
      expect(
        bytes.every((v, i) => v === committed[i]),
        `${name}: identical bytes`,
      ).to.equal(true);
    }
  });
});
