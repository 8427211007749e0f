import { expect } from '@open-wc/testing';
import { mannequinUrl, mannequinWalkImageUrl, mannequinWalkSheetUrl } from '../../src/assets.js';

async function bytesOf(url: string): Promise<Uint8Array> {
  const response = await fetch(url);
  expect(response.ok, `${url} answers`).to.equal(true);
  return new Uint8Array(await response.arrayBuffer());
}

describe('anim-elements/assets', () => {
  it('resolves the mannequin to the GLB shipped beside the code', async () => {
    const bytes = await bytesOf(mannequinUrl);
    expect(new TextDecoder().decode(bytes.slice(0, 4)), 'GLB magic').to.equal('glTF');
  });

  it('resolves the walk sprite sheet: its frame data and its image', async () => {
    const sheet = JSON.parse(new TextDecoder().decode(await bytesOf(mannequinWalkSheetUrl))) as { frames: object };
    expect(Object.keys(sheet.frames).length, 'frames in the sheet').to.be.greaterThan(4);
    const png = await bytesOf(mannequinWalkImageUrl);
    expect([...png.slice(1, 4)].map((c) => String.fromCharCode(c)).join(''), 'PNG signature').to.equal('PNG');
  });
});
