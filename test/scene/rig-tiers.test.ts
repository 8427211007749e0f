/**
 * Culled and reduced-rate characters against a full-rate twin stepped alongside: the same clocks, events,
 * graph states and root motion every frame; after a skipped frame the same pose; while culled, no skinning.
 */
import { expect } from '@open-wc/testing';
import { Group, Matrix4, Sphere, Vector3 } from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { compileGraph, locomotionGraph } from '../../src/graph/index.js';
import { CharacterRig, type RigListener } from '../../src/scene/character-rig.js';
import type { ClipDefinition } from '../../src/scene/clip-library.js';
import { GraphSource } from '../../src/scene/graph-source.js';
import type { RigTier } from '../../src/scene/lod.js';
import { fetchBytes } from '../mannequin/mannequin-fixture.js';

const DT = 1 / 60;

/** The walk with two timed events, and the run: what the twins play. */
const DEFINITIONS: ClipDefinition[] = [
  {
    name: 'walk',
    events: [
      { time: 0.1, name: 'left', data: null },
      { time: 0.6, name: 'right', data: null },
    ],
  },
  { name: 'run', events: [{ time: 0.2, name: 'step', data: null }] },
];

interface Twin {
  rig: CharacterRig;
  /** `frame clip what` for every loop, finish and clip event. */
  log: string[];
  /** Skin output writes. */
  writes: number;
}

async function twin(frame: { n: number }): Promise<Twin> {
  const bytes = await fetchBytes('/assets/mannequin.glb');
  const gltf = await new GLTFLoader().parseAsync(bytes.buffer as ArrayBuffer, '');
  const log: string[] = [];
  const listener: RigListener = {
    loop: (clip, count) => log.push(`${frame.n} ${clip} loop ${count}`),
    finish: (clip) => log.push(`${frame.n} ${clip} finish`),
    event: (clip, event, time) => log.push(`${frame.n} ${clip} ${event.name} ${time.toFixed(6)}`),
    problem: (error) => log.push(`problem ${error.code}`),
  };
  const rig = await CharacterRig.create(gltf, 'mannequin.glb', { definitions: DEFINITIONS, listener });
  rig.update(0); // builds the library from the definitions
  rig.rootMotion.configure('apply', false, true);
  const result: Twin = { rig, log, writes: 0 };
  const write = rig.output.write.bind(rig.output);
  rig.output.write = (model) => {
    result.writes++;
    write(model);
  };
  return result;
}

/** The tier schedule of the tiered twin: full, culled, half, quarter, culled again, full. */
function tierAt(f: number): RigTier {
  if (f < 10) return 'full';
  if (f < 40) return 'culled';
  if (f < 80) return 'half';
  if (f < 140) return 'quarter';
  if (f < 170) return 'culled';
  return 'full';
}

const PERIOD: Record<RigTier, number> = { full: 1, half: 2, quarter: 4, culled: 0 };

function expectSameMotion(a: CharacterRig, b: CharacterRig, what: string): void {
  expect(b.time, `${what}: clock`).to.equal(a.time);
  expect(b.root.position.toArray(), `${what}: root motion`).to.deep.equal(a.root.position.toArray());
  expect(b.root.quaternion.toArray(), `${what}: root turn`).to.deep.equal(a.root.quaternion.toArray());
}

function maxDifference(a: Float32Array, b: Float32Array): number {
  let d = 0;
  for (let i = 0; i < a.length; i++) d = Math.max(d, Math.abs(a[i] - b[i]));
  return d;
}

/** Steps the twins through the schedule; `tiered` gets the tier and its cycle's frames like the stage's pass. */
function run(full: Twin, tiered: Twin, frame: { n: number }, frames: number, onFrame?: (f: number) => void) {
  const posedAt: number[] = [];
  const posedRoot = new Matrix4();
  for (let f = 0; f < frames; f++) {
    frame.n = f;
    const tier = tierAt(f);
    const period = PERIOD[tier];
    tiered.rig.setTier(tier, period === 1 || (period > 1 && f % period === 0));
    const writes = tiered.writes;
    const posedFrames = tiered.rig.posedFrames;
    onFrame?.(f);
    full.rig.update(DT);
    tiered.rig.update(DT);
    expectSameMotion(full.rig, tiered.rig, `frame ${f} (${tier})`);
    if (tier === 'culled') {
      expect(tiered.writes, `frame ${f}: a culled character is not skinned`).to.equal(writes);
      expect(tiered.rig.posedFrames, `frame ${f}: nor posed`).to.equal(posedFrames);
      expect(tiered.rig.posed).to.equal(false);
    }
    if (tiered.rig.posed) {
      posedAt.push(f);
      const d = maxDifference(full.rig.model, tiered.rig.model);
      expect(d, `frame ${f} (${tier}): the pose equals the full-rate twin's`).to.be.below(1e-6);
      posedRoot.fromArray(tiered.rig.rootMatrix);
      expect(tiered.rig.heldMatrix.equals(new Matrix4()), `frame ${f}: a posed character carries nothing`).to.equal(
        true,
      );
    } else if (tier !== 'culled') {
      // a held pose rides the root: the held matrix takes the root of the last posed frame to the root now
      const carried = tiered.rig.heldMatrix.clone().multiply(posedRoot).elements;
      const now = tiered.rig.root.matrixWorld.elements;
      const d = Math.max(...carried.map((v, i) => Math.abs(v - now[i])));
      expect(d, `frame ${f} (${tier}): held from the last posed root`).to.be.below(1e-5);
    }
  }
  return posedAt;
}

describe('reduced-rate and culled characters keep time with a full-rate twin', () => {
  it('a clip playback: the same clocks, events, root motion, and the same pose whenever posed', async function () {
    this.timeout(60000);
    const frame = { n: 0 };
    const full = await twin(frame);
    const tiered = await twin(frame);
    for (const t of [full, tiered]) t.rig.play('walk', { fade: 0 });
    const posedAt = run(full, tiered, frame, 200, (f) => {
      // a crossfade that starts while culled and one that starts on a held frame
      if (f === 25 || f === 95) for (const t of [full, tiered]) t.rig.play(f === 25 ? 'run' : 'walk', { fade: 0.3 });
    });
    expect(full.log.length, 'events fired').to.be.greaterThan(6);
    expect(tiered.log, 'the same events at the same frames').to.deep.equal(full.log);
    expect(full.rig.root.position.length(), 'the twins walked').to.be.greaterThan(1);
    // posed: every full frame, the first frame back in view, then every 2nd and every 4th
    expect(posedAt.filter((f) => f >= 40 && f < 80)).to.deep.equal(Array.from({ length: 20 }, (_, i) => 40 + 2 * i));
    expect(posedAt.filter((f) => f >= 80 && f < 140)).to.deep.equal(Array.from({ length: 15 }, (_, i) => 80 + 4 * i));
    expect(posedAt.includes(170), 'back in view at full rate').to.equal(true);
    full.rig.dispose();
    tiered.rig.dispose();
  });

  it('a state graph: the same states, graph events and root motion; the pose after skipped frames is exact', async function () {
    this.timeout(60000);
    const frame = { n: 0 };
    const full = await twin(frame);
    const tiered = await twin(frame);
    const graph = compileGraph(locomotionGraph());
    const sources = [full, tiered].map((t) => {
      const clips = t.rig.library.clips.map((c) => ({
        name: c.name,
        binding: c.playback.binding,
        start: c.start,
        end: c.end,
      }));
      const source = new GraphSource(graph, t.rig.binding.asset.skeleton, clips);
      t.rig.source = source;
      return source;
    });
    const graphLog = sources.map(() => [] as string[]);
    const posedAt = run(full, tiered, frame, 200, (f) => {
      // walk, run, a jump while culled, stop while at a quarter rate
      const speed = f < 60 ? 1.2 : f < 120 ? 4 : 0;
      for (const s of sources) {
        s.setParam('speed', speed);
        if (f === 30) s.setParam('jump', true);
      }
      sources.forEach((s, i) => {
        const inst = s.instance;
        for (let e = 0; e < inst.eventCount; e++)
          graphLog[i].push(`${f} ${inst.eventKind[e]} ${inst.eventState[e]} ${inst.eventFrom[e]}`);
      });
    });
    expect(sources[1].state()).to.equal(sources[0].state());
    expect(graphLog[0].length, 'graph events fired').to.be.greaterThan(3);
    expect(graphLog[1], 'the same graph events at the same frames').to.deep.equal(graphLog[0]);
    expect(full.rig.root.position.length(), 'the graph moved the twins').to.be.greaterThan(0.3);
    expect(posedAt.length).to.be.lessThan(140);
    full.rig.dispose();
    tiered.rig.dispose();
  });

  it('bounds follow root motion while culled, and cover the posed skin', async function () {
    this.timeout(60000);
    const frame = { n: 0 };
    const { rig } = await twin(frame);
    rig.play('walk', { fade: 0 });
    const sphere = new Sphere();
    const size = rig.lodSphere(sphere);
    expect(size, 'half a person’s height').to.be.within(0.75, 1.2);
    const start = sphere.center.clone();
    expect(sphere.radius, 'the extent holds every clip: more than the size, still bounded').to.be.within(size, 5);
    rig.setTier('culled', false);
    for (let f = 0; f < 120; f++) rig.update(DT);
    rig.lodSphere(sphere);
    const travelled = rig.root.position.length();
    expect(travelled).to.be.greaterThan(1);
    expect(sphere.center.distanceTo(start), 'the bounds moved with the root').to.be.closeTo(travelled, 1e-3);
    rig.setTier('full', true);
    rig.update(DT);
    // every joint of the posed skin lies inside the conservative bounds
    for (const skin of rig.binding.asset.skins)
      for (const j of skin.joints) {
        const o = j * 16;
        const d = Math.hypot(
          rig.model[o + 12] - sphere.center.x,
          rig.model[o + 13] - sphere.center.y,
          rig.model[o + 14] - sphere.center.z,
        );
        expect(d).to.be.below(sphere.radius);
      }
    rig.dispose();
  });

  it('places its bounds by the root as its world matrix does: turned, scaled, under a moved parent', async function () {
    this.timeout(60000);
    const { rig } = await twin({ n: 0 });
    const parent = new Group();
    parent.position.set(4, -1, 2);
    parent.rotation.set(0.3, -1.1, 0.2);
    parent.scale.setScalar(1.5);
    parent.updateMatrixWorld();
    parent.add(rig.root);
    rig.root.position.set(-2, 0.5, 3);
    rig.root.rotation.set(0.1, 2.4, -0.2);
    rig.root.scale.set(2, -2, 2);
    const sphere = new Sphere();
    const size = rig.lodSphere(sphere);
    // what the root's composed world matrix makes of the same bounds (three's own matrix path)
    rig.root.updateMatrixWorld();
    rig.root.matrixAutoUpdate = false;
    const composed = new Sphere();
    expect(rig.lodSphere(composed), 'the size').to.be.closeTo(size, 1e-6);
    expect(sphere.center.distanceTo(composed.center), 'the centre').to.be.below(1e-5);
    expect(sphere.radius, 'the radius').to.be.closeTo(composed.radius, 1e-5);
    expect(sphere.center.distanceTo(new Vector3(-2, 0.5, 3).applyMatrix4(parent.matrixWorld))).to.be.below(
      sphere.radius,
    );
    rig.dispose();
  });

  it('a placed rig stands where its arrays say: from the tier pass that frame, else from its update', async function () {
    this.timeout(60000);
    const { rig } = await twin({ n: 0 });
    rig.rootMotion.configure('expose', true, false);
    rig.play('walk', { fade: 0 });
    rig.root.position.set(0, 0.5, 0);
    const x = new Float32Array([0, 3]);
    const z = new Float32Array([0, -2]);
    const heading = new Float32Array([0, 1.25]);
    rig.placement = { x, z, heading, index: 1 };
    const place = () => [rig.root.position.x, rig.root.position.y, rig.root.position.z, rig.root.rotation.y];
    const sphere = new Sphere();
    rig.lodSphere(sphere);
    expect(place(), 'x, z and heading from the arrays; the height kept').to.deep.equal([3, 0.5, -2, heading[1]]);
    expect(
      Math.hypot(sphere.center.x - 3, sphere.center.z + 2),
      'the tier pass measures this frame’s place',
    ).to.be.below(1);
    rig.update(DT);
    expect(place()).to.deep.equal([3, 0.5, -2, heading[1]]);
    x[1] = 4;
    heading[1] = -0.5;
    rig.update(DT);
    expect(place(), 'a frame without the tier pass places it in its update').to.deep.equal([4, 0.5, -2, -0.5]);
    expect(rig.root.quaternion.y, 'the heading turns the root').to.be.closeTo(Math.sin(-0.25), 1e-6);
    rig.placement = null;
    rig.root.position.x = 9;
    rig.update(DT);
    expect(rig.root.position.x, 'without a placement the page places it').to.equal(9);
    rig.dispose();
  });
});
