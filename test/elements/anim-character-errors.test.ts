import { expect, fixture, html } from '@open-wc/testing';
import type { AnimCharacter } from '../../src/elements/anim-character.js';
import type { AnimScene } from '../../src/elements/anim-scene.js';
import type { AnimErrorDetail } from '../../src/elements/errors.js';
import { collectErrors, MANNEQUIN, settle } from '../helpers/character.js';
import { blobUrl, packGlb } from '../helpers/glb.js';
import { internals } from '../helpers/internals.js';
import { fetchBytes } from '../mannequin/mannequin-fixture.js';

/**
 * A scene with a healthy walking character beside the one under test: every bad input must leave the
 * healthy one animating. Console warnings are counted per code.
 */
async function sceneWithWitness() {
  const scene = await fixture<AnimScene>(html`<anim-scene paused></anim-scene>`);
  const witness = document.createElement('anim-character');
  witness.src = MANNEQUIN;
  witness.clip = 'walk';
  scene.append(witness);
  await witness.ready;
  const warnings: string[] = [];
  const warn = console.warn;
  console.warn = (...args: unknown[]) => warnings.push(args.join(' '));
  const restore = () => {
    console.warn = warn;
  };
  /** Adds the character under test; resolves when its load has settled either way. */
  const add = async (attributes: Record<string, string>): Promise<{ el: AnimCharacter; errors: AnimErrorDetail[] }> => {
    const el = document.createElement('anim-character');
    const errors = collectErrors(el);
    for (const [k, v] of Object.entries(attributes)) el.setAttribute(k, v);
    scene.append(el);
    await el.ready.catch(() => {});
    await settle();
    return { el, errors };
  };
  /** The witness still animates: its time moves by the step. */
  const stillAnimating = () => {
    const before = witness.time;
    scene.step(0.1);
    expect(witness.time, 'the other character keeps animating').to.be.closeTo((before + 0.1) % witness.duration, 1e-5);
  };
  return { scene, witness, warnings, restore, add, stillAnimating };
}

describe('<anim-character> bad input', () => {
  let ctx: Awaited<ReturnType<typeof sceneWithWitness>>;
  beforeEach(async () => {
    ctx = await sceneWithWitness();
  });
  afterEach(() => ctx.restore());

  it('a 404 gives one load-failed naming the URL, shows the error part and rejects ready', async () => {
    const { el, errors } = await ctx.add({ src: '/assets/no-such-model.glb', clip: 'walk' });
    expect(errors.map((e) => e.code)).to.deep.equal(['load-failed']);
    expect(errors[0].message).to.contain('/assets/no-such-model.glb').and.contain('404');
    expect(errors[0].source).to.equal(el);
    let rejected: unknown;
    await el.ready.catch((e) => (rejected = e));
    expect((rejected as { code: string }).code).to.equal('load-failed');
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('[part="error"]')!.textContent).to.contain('no-such-model');
    expect(ctx.warnings.filter((w) => w.includes('load-failed'))).to.have.length(1);
    ctx.stillAnimating();
  });

  it('a src that is no URL gives one load-failed naming it, shared load or a copy of its own', async () => {
    for (const instancing of ['auto', 'off']) {
      const { el, errors } = await ctx.add({ src: 'http://[', instancing });
      expect(
        errors.map((e) => e.code),
        instancing,
      ).to.deep.equal(['load-failed']);
      expect(errors[0].message).to.contain('http://[');
      expect(internals(el).rig).to.equal(undefined);
    }
    ctx.stillAnimating();
  });

  it('a file that is not glTF gives one bad-gltf', async () => {
    const url = blobUrl('this is not a model', 'text/plain');
    const { errors } = await ctx.add({ src: url });
    expect(errors.map((e) => e.code)).to.deep.equal(['bad-gltf']);
    expect(errors[0].message).to.contain(url);
    ctx.stillAnimating();
    URL.revokeObjectURL(url);
  });

  it('a truncated GLB gives one bad-gltf', async () => {
    const bytes = await fetchBytes(MANNEQUIN);
    const url = blobUrl(bytes.slice(0, Math.floor(bytes.length / 2)).buffer as ArrayBuffer);
    const { el, errors } = await ctx.add({ src: url });
    expect(errors.map((e) => e.code)).to.deep.equal(['bad-gltf']);
    expect(internals(el).rig).to.equal(undefined);
    ctx.stillAnimating();
    URL.revokeObjectURL(url);
  });

  it('a GLB whose nodes are their own ancestors, or name a child that is none, gives one bad-gltf naming them', async () => {
    const positions = new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]);
    const glb = (nodes: object[]) =>
      blobUrl(
        packGlb(
          {
            asset: { version: '2.0' },
            scenes: [{ nodes: [0] }],
            nodes,
            meshes: [{ primitives: [{ attributes: { POSITION: 0 } }] }],
            accessors: [{ bufferView: 0, componentType: 5126, count: 3, type: 'VEC3', min: [0, 0, 0], max: [1, 1, 0] }],
            bufferViews: [{ buffer: 0, byteLength: positions.byteLength }],
            buffers: [{ byteLength: positions.byteLength }],
          },
          new Uint8Array(positions.buffer),
        ),
      );
    // without the check three's loader walks the loop until the stack overflows
    const looped = glb([
      { name: 'Hips', children: [1], mesh: 0 },
      { name: 'Spine', children: [2] },
      { name: 'Chest', children: [1] },
    ]);
    const dangling = glb([{ name: 'Hips', children: [7], mesh: 0 }]);
    for (const [url, names] of [
      [looped, ['"Spine" (node 1) → "Chest" (node 2) → "Spine" (node 1)']],
      [dangling, ['node 0 has child 7']],
    ] as const) {
      const { el, errors } = await ctx.add({ src: url });
      expect(errors.map((e) => e.code)).to.deep.equal(['bad-gltf']);
      for (const name of names) expect(errors[0].message).to.contain(name);
      expect(internals(el).rig).to.equal(undefined);
      URL.revokeObjectURL(url);
    }
    ctx.stillAnimating();
  });

  it('a clip the model lacks gives one unknown-clip naming it; the character stays in its rest pose', async () => {
    const { el, errors } = await ctx.add({ src: MANNEQUIN, clip: 'moonwalk' });
    expect(errors.map((e) => e.code)).to.deep.equal(['unknown-clip']);
    expect(errors[0].message).to.contain('"moonwalk"').and.contain('walk');
    expect(internals(el).rig!.currentClip).to.equal(null);
    el.play('backflip');
    await settle();
    expect(errors.map((e) => e.code)).to.deep.equal(['unknown-clip', 'unknown-clip']);
    expect(errors[1].message).to.contain('"backflip"');
    expect(
      ctx.warnings.filter((w) => w.includes('unknown-clip')),
      'one warning per code',
    ).to.have.length(1);
    el.clip = 'run';
    ctx.stillAnimating();
    expect(el.time).to.be.closeTo(0.1, 1e-6);
  });

  it('a negative fade, speed="abc" and a bad loop each give one bad-attribute and keep the previous value', async () => {
    const { el, errors } = await ctx.add({ src: MANNEQUIN, clip: 'walk', speed: '0.5', fade: '0.1' });
    el.setAttribute('fade', '-1s');
    el.setAttribute('speed', 'abc');
    el.setAttribute('loop', 'sometimes');
    await settle();
    expect(errors.map((e) => e.code)).to.deep.equal(['bad-attribute', 'bad-attribute', 'bad-attribute']);
    expect(errors[0].message).to.contain('fade').and.contain('"-1s"');
    expect(errors[1].message).to.contain('speed').and.contain('"abc"');
    expect(errors[2].message).to.contain('loop').and.contain('"sometimes"');
    expect([el.fade, el.speed, el.loop]).to.deep.equal([0.1, 0.5, null]);
    const before = el.time;
    ctx.stillAnimating();
    expect(el.time, 'plays on at the kept speed').to.be.closeTo(before + 0.05, 1e-6);
    el.removeAttribute('speed');
    expect(el.speed, 'removing restores the default').to.equal(1);
  });

  it('bad position, heading, scale, height, skinning, loading and clip window values each report bad-attribute', async () => {
    const { el, errors } = await ctx.add({ src: MANNEQUIN });
    const bad = {
      position: '1 2',
      heading: 'north',
      scale: '0',
      height: 'tall',
      skinning: 'quantum',
      loading: 'soon',
      'clip-start': '150%',
      'clip-end': '-0.1',
    };
    for (const [k, v] of Object.entries(bad)) el.setAttribute(k, v);
    await settle();
    expect(errors.map((e) => e.code)).to.deep.equal(Object.keys(bad).map(() => 'bad-attribute'));
    Object.entries(bad).forEach(([k, v], i) => {
      expect(errors[i].message).to.contain(k).and.contain(`"${v}"`);
    });
    expect([
      el.position,
      el.heading,
      el.scale,
      el.height,
      el.skinning,
      el.loading,
      el.clipStart,
      el.clipEnd,
    ]).to.deep.equal([[0, 0, 0], 0, 1, null, 'gpu', 'eager', null, null]);
    ctx.stillAnimating();
  });

  it('bad play() options are reported and left out; the rest still applies', async () => {
    const { el, errors } = await ctx.add({ src: MANNEQUIN, clip: 'idle' });
    el.play('walk', { fade: -2, speed: 'x' as unknown as number });
    await settle();
    expect(errors.map((e) => e.code)).to.deep.equal(['bad-attribute', 'bad-attribute']);
    expect(internals(el).rig!.currentClip).to.equal('walk');
    ctx.scene.step(0.1);
    expect(internals(el).rig!.weightOf('walk'), 'the default fade (0.25s) applied').to.be.closeTo(0.4, 1e-6);
  });

  it('boneMatrix of an unknown bone gives one unknown-bone and null', async () => {
    const { el, errors } = await ctx.add({ src: MANNEQUIN });
    expect(el.boneMatrix('Tail')).to.equal(null);
    await settle();
    expect(errors.map((e) => e.code)).to.deep.equal(['unknown-bone']);
    expect(errors[0].message).to.contain('"Tail"').and.contain('Hips');
    ctx.stillAnimating();
  });
});
