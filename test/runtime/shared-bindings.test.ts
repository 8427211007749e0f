import { expect } from '@open-wc/testing';
import { AnimError, bindClip, buildClip, buildSkeleton, sharedClipBinding } from '../../src/runtime/index.js';

const skeleton = () => buildSkeleton({ names: ['root', 'arm', 'm'], parents: [-1, 0, 0] });
const clip = buildClip({
  name: 'reach',
  tracks: [
    { target: 'arm', path: 'translation', times: [0, 1], values: [0, 0, 0, 1, 2, 3] },
    { target: 'gone', path: 'rotation', times: [0], values: [0, 0, 0, 1] },
  ],
});

describe('runtime: clip bindings shared by the characters of one skeleton', () => {
  it('one binding per clip, skeleton and morph slots, the same as bindClip makes', () => {
    const s = skeleton();
    const binding = sharedClipBinding(clip, s);
    expect(sharedClipBinding(clip, s)).to.equal(binding);
    const plain = bindClip(clip, s);
    expect(Array.from(binding.ops)).to.deep.equal(Array.from(plain.ops));
    expect(Array.from(binding.joints)).to.deep.equal(Array.from(plain.joints));
    expect(binding.unbound).to.deep.equal(['gone']);
    // another skeleton (even one built alike) or other morph slots bind on their own
    expect(sharedClipBinding(clip, skeleton())).to.not.equal(binding);
    expect(sharedClipBinding(clip, s, new Map([['m', { offset: 0, count: 2 }]]))).to.not.equal(binding);
  });

  it('a clip that cannot bind throws bindClip’s error every time: nothing is kept for it', () => {
    const s = skeleton();
    const weights = buildClip({
      name: 'blink',
      tracks: [{ target: 'm', path: 'weights', times: [0, 1], values: [0, 1, 1, 0] }],
    });
    const slots = new Map([['m', { offset: 0, count: 3 }]]);
    for (let attempt = 0; attempt < 2; attempt++) {
      expect(() => sharedClipBinding(weights, s, slots)).to.throw(AnimError, /2 weights, the mesh has 3/);
    }
  });
});
