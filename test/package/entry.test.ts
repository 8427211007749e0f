import { expect } from '@open-wc/testing';
import '../../src/index.js';

interface Manifest {
  modules: { declarations?: { tagName?: string; customElement?: boolean }[] }[];
}

/** Every tag the manifest documents, read from the file users' editors and Storybook read. */
async function manifestTags(): Promise<string[]> {
  const manifest = (await (await fetch('/custom-elements.json')).json()) as Manifest;
  return manifest.modules.flatMap((m) => (m.declarations ?? []).flatMap((d) => (d.tagName ? [d.tagName] : [])));
}

describe('the main entry', () => {
  it('defines every element the manifest documents', async () => {
    const tags = await manifestTags();
    expect(tags.length, 'tags in custom-elements.json').to.be.greaterThan(15);
    const undefinedTags = tags.filter((tag) => customElements.get(tag) === undefined);
    expect(undefinedTags, 'tags the main entry leaves undefined').to.deep.equal([]);
  });
});
