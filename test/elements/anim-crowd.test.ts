import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { Vector3 } from 'three';
import '../../src/elements/anim-crowd.js';
import type { AnimScene } from '../../src/elements/anim-scene.js';
import { CrowdAgents, SPACING_REACH, TARGET_SPREAD } from '../../src/runtime/crowd.js';
import { setBindTurnClock } from '../../src/scene/bind-turns.js';
import { collect, collectErrors, MANNEQUIN, settle } from '../helpers/character.js';
import { internals } from '../helpers/internals.js';

/** A crowd of the mannequin on the locomotion graph, ready; `before` sees the scene before the crowd joins. */
async function mountCrowd(attributes: string, before?: (scene: AnimScene) => void) {
  const scene = await fixture<AnimScene>(html`<anim-scene paused style="width: 320px; height: 240px"></anim-scene>`);
  before?.(scene);
  const errors = collectErrors(scene);
  const loads = collect(scene, 'anim-load');
  scene.innerHTML = `<anim-crowd ${attributes}>
      <anim-character src="${MANNEQUIN}" graph="locomotion"></anim-character>
    </anim-crowd>`;
  const crowd = scene.querySelector('anim-crowd')!;
  await crowd.updateComplete;
  await crowd.ready;
  await settle();
  return { scene, crowd, errors, loads };
}

const options = { count: 60, width: 12, depth: 8, seed: 7, minSpeed: 0.8, maxSpeed: 1.6, mode: 'wander' as const };

function run(agents: CrowdAgents, steps: number): void {
  for (let i = 0; i < steps; i++) agents.step(1 / 60);
}

describe('CrowdAgents', () => {
  it('is deterministic: the same seed gives the same positions after K steps, another seed others', () => {
    const a = new CrowdAgents(options);
    const b = new CrowdAgents(options);
    const c = new CrowdAgents({ ...options, seed: 8 });
    run(a, 300);
    run(b, 300);
    run(c, 300);
    expect([...a.x]).to.deep.equal([...b.x]);
    expect([...a.z]).to.deep.equal([...b.z]);
    expect([...a.x]).to.not.deep.equal([...c.x]);
  });

  it('keeps agents in the area, at their speeds, and apart', () => {
    for (const mode of ['wander', 'flow'] as const) {
      const agents = new CrowdAgents({ ...options, mode });
      const start = Float32Array.from(agents.x);
      run(agents, 600);
      let moved = 0;
      for (let i = 0; i < agents.count; i++) {
        expect(Math.abs(agents.x[i])).to.be.at.most(6 + 1e-4);
        expect(Math.abs(agents.z[i])).to.be.at.most(4 + 1e-4);
        expect(agents.preferred[i]).to.be.within(0.8, 1.6);
        expect(agents.speed[i]).to.be.at.most(1.6 + 1e-4);
        if (Math.abs(agents.x[i] - start[i]) > 0.5) moved++;
      }
      expect(moved, `${mode}: agents walk`).to.be.greaterThan(agents.count / 2);
      // avoidance: hardly anyone overlaps a neighbour (closer than half the personal space)
      let overlapping = 0;
      for (let i = 0; i < agents.count; i++)
        for (let j = i + 1; j < agents.count; j++)
          if (Math.hypot(agents.x[i] - agents.x[j], agents.z[i] - agents.z[j]) < 0.35) overlapping++;
      expect(overlapping, `${mode}: overlapping pairs`).to.be.at.most(2);
    }
  });

  it('walks to the target points given: every target lies near one of them, and agents get there', () => {
    const points = [3, 2, -3, -2, 40, 0];
    const agents = new CrowdAgents({ ...options, targets: points });
    // the last point lies outside the 12 × 8 area: it is kept at the area's edge, (6, 0)
    const kept = [3, 2, -3, -2, 6, 0];
    const nearest = (i: number) => {
      let best = Number.POSITIVE_INFINITY;
      for (let k = 0; k < kept.length; k += 2)
        best = Math.min(best, Math.hypot(agents.targetX[i] - kept[k], agents.targetZ[i] - kept[k + 1]));
      return best;
    };
    const first = Float32Array.from(agents.targetX);
    const chosen = new Set<number>();
    for (let step = 0; step < 1200; step++) {
      agents.step(1 / 60);
      for (let i = 0; i < agents.count; i++) {
        expect(nearest(i)).to.be.at.most(TARGET_SPREAD + 1e-4);
        for (let k = 0; k < kept.length; k += 2)
          if (Math.hypot(agents.targetX[i] - kept[k], agents.targetZ[i] - kept[k + 1]) <= TARGET_SPREAD + 1e-4)
            chosen.add(k);
      }
    }
    let arrived = 0;
    for (let i = 0; i < agents.count; i++) if (agents.targetX[i] !== first[i]) arrived++;
    expect(arrived, 'agents reach a target and pick another').to.be.greaterThan(agents.count / 2);
    expect([...chosen].sort(), 'every point is someone’s target').to.deep.equal([0, 2, 4]);
  });

  it('flowing to target points, an agent that arrives comes in again from the area’s edges', () => {
    const agents = new CrowdAgents({ ...options, mode: 'flow', targets: [0, 0] });
    const sides = new Set<string>();
    let entries = 0;
    for (let step = 0; step < 1200; step++) {
      const before = Float32Array.from(agents.targetX);
      const beforeZ = Float32Array.from(agents.targetZ);
      agents.step(1 / 60);
      for (let i = 0; i < agents.count; i++) {
        if (agents.targetX[i] === before[i] && agents.targetZ[i] === beforeZ[i]) continue;
        entries++;
        // arrived this step: put on the edge, then one step of walking (and pushing) inward
        const fromX = 6 - Math.abs(agents.x[i]);
        const fromZ = 4 - Math.abs(agents.z[i]);
        expect(Math.min(fromX, fromZ), 'on the edge').to.be.at.most(0.1);
        sides.add(fromX < fromZ ? (agents.x[i] > 0 ? '+x' : '-x') : agents.z[i] > 0 ? '+z' : '-z');
      }
    }
    expect(entries).to.be.greaterThan(20);
    expect([...sides].sort(), 'from every side').to.deep.equal(['+x', '+z', '-x', '-z']);
  });

  it('leaves out target points that are not numbers', () => {
    const agents = new CrowdAgents({ ...options, targets: [Number.NaN, 1, 2, 2, 5] });
    run(agents, 60);
    for (let i = 0; i < agents.count; i++) {
      expect(Math.hypot(agents.targetX[i] - 2, agents.targetZ[i] - 2)).to.be.at.most(TARGET_SPREAD + 1e-4);
      expect(Number.isFinite(agents.x[i])).to.equal(true);
    }
  });

  it('keeps agents `spacing` apart: a wider spacing spreads the same crowd wider', () => {
    const closest = (agents: CrowdAgents) => {
      let sum = 0;
      for (let i = 0; i < agents.count; i++) {
        let near = Number.POSITIVE_INFINITY;
        for (let j = 0; j < agents.count; j++)
          if (j !== i) near = Math.min(near, Math.hypot(agents.x[i] - agents.x[j], agents.z[i] - agents.z[j]));
        sum += near;
      }
      return sum / agents.count;
    };
    // one target packs the crowd together, so how close they stand is the spacing's doing
    const packed = { ...options, count: 40, width: 30, depth: 30, targets: [0, 0] };
    const people = new CrowdAgents(packed);
    const horses = new CrowdAgents({ ...packed, spacing: 2 });
    expect([people.spacing, horses.spacing]).to.deep.equal([0.7, 2]);
    run(people, 900);
    run(horses, 900);
    // pressed toward one point they stand closer than their spacing, in proportion to it
    expect(closest(people), 'people').to.be.within(0.3, 0.7);
    expect(closest(horses) / closest(people), 'horses against people').to.be.within(2, 3.5);
    expect(new CrowdAgents({ ...options, spacing: -1 }).spacing, 'a spacing that is no distance').to.equal(0.7);
  });

  it('keeps no farther apart than the area has room for', () => {
    // 2,000 agents on 20 × 20 m have 0.2 m² each: a 1 km spacing would put them all in one cell of the grid
    const crowded = { ...options, count: 2000, width: 20, depth: 20 };
    const agents = new CrowdAgents({ ...crowded, spacing: 1000 });
    expect(agents.spacing).to.be.closeTo(SPACING_REACH * Math.sqrt(0.2), 1e-9);
    expect(new CrowdAgents({ ...crowded, spacing: 0.5 }).spacing, 'within room: as asked').to.equal(0.5);
    agents.step(1 / 20);
    for (let i = 0; i < agents.count; i++) expect(Number.isFinite(agents.x[i] + agents.z[i])).to.equal(true);
  });

  it('pushes each agent away from every neighbour within its spacing, in its own cell and the eight around', () => {
    // dense (8 agents a m²): each agent has neighbours across every border of its cell
    const agents = new CrowdAgents({ ...options, count: 200, width: 6, depth: 4 });
    const x = Float32Array.from(agents.x);
    const z = Float32Array.from(agents.z);
    agents.step(1 / 60);
    const spacing = agents.spacing;
    let pairs = 0;
    for (let i = 0; i < agents.count; i++) {
      let px = 0;
      let pz = 0;
      for (let j = 0; j < agents.count; j++) {
        const d = Math.hypot(x[i] - x[j], z[i] - z[j]);
        if (j === i || d >= spacing) continue;
        pairs++;
        px += ((x[i] - x[j]) / d) * ((spacing - d) / spacing);
        pz += ((z[i] - z[j]) / d) * ((spacing - d) / spacing);
      }
      expect(agents.pushX[i], `agent ${i}`).to.be.closeTo(px, 1e-4);
      expect(agents.pushZ[i], `agent ${i}`).to.be.closeTo(pz, 1e-4);
    }
    expect(pairs / agents.count, 'neighbours within the spacing, per agent').to.be.above(3);
  });

  it('steers a crowd on a vast area without a vast grid, still keeping agents apart', () => {
    // at 0.7 m cells a 100 km square would need 2·10^10 of them
    const agents = new CrowdAgents({ ...options, count: 2, width: 1e5, depth: 1e5, targets: [0, 0] });
    agents.x.set([0, 0.1]);
    agents.z.set([0, 0]);
    agents.step(1 / 60);
    expect(agents.x[1] - agents.x[0], 'pushed apart').to.be.above(0.1);
  });

  it('takes one long step as its 1/20 s pieces', () => {
    const a = new CrowdAgents(options);
    const b = new CrowdAgents(options);
    a.step(0.2);
    for (let i = 0; i < 4; i++) b.step(0.05);
    expect([...a.x]).to.deep.equal([...b.x]);
  });
});

describe('<anim-crowd>', () => {
  describe('properties', () => {
    it('has its defaults', () => {
      const crowd = document.createElement('anim-crowd');
      expect([
        crowd.count,
        crowd.area,
        crowd.seed,
        crowd.speed,
        crowd.mode,
        crowd.targets,
        crowd.spacing,
      ]).to.deep.equal([100, [20, 20], 1, [0.8, 1.6], 'wander', [], 0.7]);
      expect(crowd.agents).to.deep.equal([]);
    });

    it('reads its attributes, and removing one restores the default', () => {
      const crowd = document.createElement('anim-crowd');
      crowd.setAttribute('count', '12');
      crowd.setAttribute('area', '10m 400cm');
      crowd.setAttribute('seed', '-3');
      crowd.setAttribute('speed', '1.2');
      crowd.setAttribute('mode', 'flow');
      expect([crowd.count, crowd.area, crowd.seed, crowd.speed, crowd.mode]).to.deep.equal([
        12,
        [10, 4],
        -3,
        [1.2, 1.2],
        'flow',
      ]);
      crowd.area = [6, 5];
      crowd.speed = '0.5 2';
      expect([crowd.area, crowd.speed]).to.deep.equal([
        [6, 5],
        [0.5, 2],
      ]);
      crowd.setAttribute('targets', '8 0; -8 0,2m 50cm');
      expect(crowd.targets).to.deep.equal([
        [8, 0],
        [-8, 0],
        [2, 0.5],
      ]);
      crowd.setAttribute('spacing', '150cm');
      expect(crowd.spacing).to.equal(1.5);
      crowd.targets = [[1, 2]];
      expect(crowd.targets).to.deep.equal([[1, 2]]);
      crowd.targets[0][0] = 9;
      expect(crowd.targets, 'a copy per read').to.deep.equal([[1, 2]]);
      crowd.removeAttribute('mode');
      crowd.count = null as unknown as number;
      crowd.targets = null as unknown as [number, number][];
      crowd.removeAttribute('spacing');
      expect([crowd.mode, crowd.count, crowd.targets, crowd.spacing]).to.deep.equal(['wander', 100, [], 0.7]);
    });
  });

  describe('behaviour', () => {
    it('spawns count copies of its template that share one instanced model and walk where the agents are', async () => {
      const { scene, crowd, errors, loads } = await mountCrowd('count="8" area="6 6" seed="3"');
      const characters = crowd.characters;
      expect(characters).to.have.length(8);
      expect(loads, 'the copies’ anim-load bubble through the crowd').to.have.length(8);
      expect(crowd.querySelectorAll('anim-character')).to.have.length(8);
      expect(characters.every((c) => c.hasAttribute('data-crowd-agent') && c.graph === 'locomotion')).to.equal(true);
      expect(characters.every((c) => internals(c).rig!.instanced)).to.equal(true);
      for (let i = 0; i < 30; i++) scene.step(1 / 30);
      const agents = crowd.agents;
      agents.forEach((agent, i) => {
        expect(agent.character).to.equal(characters[i]);
        const [x, , z] = agent.character.position;
        expect(x).to.be.closeTo(agent.position[0], 1e-5);
        expect(z).to.be.closeTo(agent.position[2], 1e-5);
        expect(agent.character.params.speed).to.be.closeTo(agent.speed, 1e-5);
        expect(Math.abs(agent.position[0])).to.be.at.most(3 + 1e-4);
      });
      expect(agents.some((a) => a.character.state === 'locomotion' && a.speed > 0.5)).to.equal(true);
      expect(errors).to.deep.equal([]);
    });

    it('refits the stage once its copies have bound, not once per copy, and frames them all', async () => {
      let fits = 0;
      const { scene, crowd } = await mountCrowd('count="40" area="20 20" seed="5"', (empty) => {
        const { lights } = empty.stage!;
        const fitTo = lights.fitTo;
        lights.fitTo = function (this: typeof lights, ...args: Parameters<typeof fitTo>) {
          fits++;
          return fitTo.apply(this, args);
        };
      });
      // the last copies bound while others waited for their turn: the next frame (or read of the framing) refits
      scene.step(1 / 60);
      // a few times (as the first copies join, in a pause while the file downloads, when all have bound): not once
      // per copy (40 when each change refits)
      expect(fits, 'refits while 40 copies bound and the frame after').to.be.within(1, 5);
      const bounds = scene.stage!.frameBounds;
      for (const character of crowd.characters) {
        const [x, , z] = character.position;
        expect(bounds.containsPoint(new Vector3(x, 1, z)), `${character.position} framed`).to.equal(true);
      }
    });

    it('adds a large crowd a few copies a task, a small one at once; a respawn while adding ends with its own count', async () => {
      // every read of the clock 100 ms on: each task grants one bind turn, then the slice is spent
      let now = 0;
      setBindTurnClock(() => (now += 100));
      try {
        const scene = await fixture<AnimScene>(
          html`<anim-scene paused style="width: 320px; height: 240px"></anim-scene>`,
        );
        scene.innerHTML = `<anim-crowd count="40" area="20 20">
            <anim-character src="${MANNEQUIN}" graph="locomotion"></anim-character>
          </anim-crowd>`;
        const crowd = scene.querySelector('anim-crowd')!;
        await crowd.updateComplete;
        for (let i = 0; i < 50; i++) await null;
        const first = crowd.characters.length;
        expect(first, 'the first copies at once, the rest in later tasks').to.be.within(16, 39);
        await crowd.ready;
        expect(crowd.characters).to.have.length(40);
        scene.step(1 / 30);
        crowd.characters.forEach((character, i) => {
          expect(character.position[0], `copy ${i} walks where its agent is`).to.be.closeTo(
            crowd.agents[i].position[0],
            1e-5,
          );
        });

        crowd.count = 100;
        await crowd.updateComplete;
        expect(crowd.characters.length, 'adding').to.be.below(100);
        crowd.count = 30;
        await crowd.updateComplete;
        await crowd.ready;
        await settle();
        expect(crowd.characters).to.have.length(30);
        expect(crowd.querySelectorAll('anim-character'), 'no copy of the overtaken spawn').to.have.length(30);

        crowd.count = 5;
        await crowd.updateComplete;
        expect(crowd.characters, 'a small crowd at once').to.have.length(5);
      } finally {
        setBindTurnClock(() => performance.now());
      }
    });

    it('spawns once on connecting: no copy is placed again by the first update', async () => {
      const scene = await fixture<AnimScene>(
        html`<anim-scene paused style="width: 320px; height: 240px"></anim-scene>`,
      );
      scene.innerHTML = `<anim-crowd count="3" seed="4"><anim-character src="${MANNEQUIN}"></anim-character></anim-crowd>`;
      const crowd = scene.querySelector('anim-crowd')!;
      expect(crowd.characters, 'spawned on connecting').to.have.length(3);
      const placedAgain: MutationRecord[] = [];
      const observer = new MutationObserver((records) => placedAgain.push(...records));
      for (const copy of crowd.characters) observer.observe(copy, { attributeFilter: ['position', 'heading'] });
      await crowd.updateComplete;
      await crowd.ready;
      observer.disconnect();
      expect(placedAgain).to.have.length(0);
      // a change made before the first update still spawns the crowd it asks for
      const late = document.createElement('anim-crowd');
      late.innerHTML = `<anim-character src="${MANNEQUIN}"></anim-character>`;
      late.setAttribute('count', '3');
      scene.append(late);
      late.count = 2;
      await late.updateComplete;
      await late.ready;
      expect(late.characters).to.have.length(2);
    });

    it('moves its copies as a controller does: root motion exposed, no ground trail; a template’s own setting kept', async () => {
      const { scene, crowd } = await mountCrowd('count="3" area="6 6"');
      scene.step(1 / 30);
      expect(crowd.characters.map((c) => c.rootMotion)).to.deep.equal([
        'expose planar',
        'expose planar',
        'expose planar',
      ]);
      const trails: unknown[] = [];
      scene.stage!.scene.traverse((o) => {
        if (o.name === 'ground-trail') trails.push(o);
      });
      expect(trails).to.deep.equal([]);
      const off = await mountCrowd('count="2" area="6 6"');
      off.crowd.count = 0;
      await off.crowd.updateComplete;
      const template = document.createElement('anim-character');
      template.setAttribute('src', MANNEQUIN);
      template.setAttribute('root-motion', 'off');
      const other = document.createElement('anim-crowd');
      other.setAttribute('count', '2');
      other.append(template);
      off.scene.append(other);
      await other.updateComplete;
      await other.ready;
      expect(other.characters.map((c) => c.rootMotion)).to.deep.equal(['off', 'off']);
    });

    it('hands a copy its speed after its graph is compiled again: a new params array, the param’s type as declared', async () => {
      const { scene, crowd } = await mountCrowd('count="2" area="6 6" seed="4"');
      scene.step(1 / 30);
      const copy = crowd.characters[1];
      const before = internals(copy).graph.driver.params;
      // the copy's markup makes its speed an int: the crowd's value arrives truncated, as setParam writes it
      const speed = document.createElement('anim-param');
      speed.setAttribute('name', 'speed');
      speed.setAttribute('type', 'int');
      copy.append(speed);
      await waitUntil(() => internals(copy).graph.driver.params !== before, 'the edit compiles a new graph', {
        timeout: 20000,
      });
      copy.setParam('speed', 7);
      scene.step(1 / 30);
      const agent = crowd.agents[1];
      expect(agent.speed % 1, 'a speed with a fraction').to.be.above(0.01);
      expect(copy.params.speed).to.equal(Math.trunc(agent.speed));
      expect(crowd.characters[0].params.speed).to.be.closeTo(crowd.agents[0].speed, 1e-5);
    });

    it('walks its copies to its targets, and setting targets spawns the crowd anew', async () => {
      const { scene, crowd } = await mountCrowd('count="6" area="10 10" targets="4 4"');
      const distance = () =>
        crowd.agents.reduce((sum, a) => sum + Math.hypot(a.position[0] - 4, a.position[2] - 4), 0) / 6;
      for (const agent of crowd.agents)
        expect(Math.hypot(agent.target[0] - 4, agent.target[2] - 4)).to.be.at.most(TARGET_SPREAD + 1e-4);
      const start = distance();
      for (let k = 0; k < 60; k++) scene.step(1 / 30);
      expect(distance(), 'two seconds nearer the target').to.be.below(start - 1);
      // each copy stands where its agent is
      const placed = internals(crowd.characters[0]).rig!.root.position;
      expect([placed.x, placed.z]).to.deep.equal(
        [crowd.agents[0].position[0], crowd.agents[0].position[2]].map(Math.fround),
      );
      crowd.targets = '-4 -4';
      await crowd.updateComplete;
      for (const agent of crowd.agents)
        expect(Math.hypot(agent.target[0] + 4, agent.target[2] + 4)).to.be.at.most(TARGET_SPREAD + 1e-4);
    });

    it('lets go of a copy it removes: back in the page, the page places it', async () => {
      const { scene, crowd } = await mountCrowd('count="3" area="6 6"');
      scene.step(1 / 30);
      const gone = crowd.characters[2];
      crowd.count = 2;
      await crowd.updateComplete;
      scene.append(gone);
      await gone.ready;
      gone.position = [5, 0, 4];
      for (let i = 0; i < 3; i++) scene.step(1 / 30);
      expect(gone.position[0]).to.be.closeTo(5, 1e-6);
      expect(gone.position[2]).to.be.closeTo(4, 1e-6);
      expect(crowd.characters[1].position[0]).to.be.closeTo(crowd.agents[1].position[0], 1e-5);
    });

    it('gives the same crowd for the same seed after K steps', async () => {
      const positions = async (seed: number) => {
        const { scene, crowd } = await mountCrowd(`count="6" seed="${seed}"`);
        for (let i = 0; i < 20; i++) scene.step(1 / 20);
        return crowd.agents.map((a) => a.position);
      };
      const first = await positions(5);
      expect(await positions(5)).to.deep.equal(first);
      expect(await positions(6)).to.not.deep.equal(first);
    });

    it('changing count adds or removes copies; a new seed respawns the agents', async () => {
      const { crowd } = await mountCrowd('count="4"');
      const kept = crowd.characters[0];
      const before = crowd.agents[0].position;
      crowd.count = 2;
      await crowd.updateComplete;
      expect(crowd.characters).to.have.length(2);
      expect(crowd.querySelectorAll('anim-character')).to.have.length(2);
      expect(crowd.characters[0]).to.equal(kept);
      crowd.seed = 99;
      await crowd.updateComplete;
      expect(crowd.agents[0].position).to.not.deep.equal(before);
      crowd.count = 0;
      await crowd.updateComplete;
      expect(crowd.agents).to.deep.equal([]);
    });
  });

  describe('bad input', () => {
    it('passes an error its copies meet alike once, warns once, and still tells each copy', async () => {
      const warn = console.warn;
      const warnings: string[] = [];
      console.warn = (text: string) => warnings.push(text);
      try {
        const scene = await fixture<AnimScene>(
          html`<anim-scene paused style="width: 320px; height: 240px"></anim-scene>`,
        );
        const errors = collectErrors(scene);
        scene.innerHTML = `<anim-crowd count="5"><anim-character src="${MANNEQUIN}" clip="nope"></anim-character></anim-crowd>`;
        const crowd = scene.querySelector('anim-crowd')!;
        const onCrowd = collectErrors(crowd);
        await crowd.updateComplete;
        const first = collectErrors(crowd.characters[0]);
        const last = collectErrors(crowd.characters[4]);
        await crowd.ready;
        await settle();
        expect(errors.map((e) => e.code)).to.deep.equal(['unknown-clip']);
        expect(errors[0].message).to.contain('nope');
        expect(onCrowd, 'listeners on the crowd too').to.have.length(1);
        expect(
          first.map((e) => e.code),
          'the first copy',
        ).to.deep.equal(['unknown-clip']);
        expect(
          last.map((e) => e.code),
          'the last copy',
        ).to.deep.equal(['unknown-clip']);
        expect(warnings.filter((w) => w.includes('unknown-clip'))).to.have.length(1);
        // a copy's own, different problem still passes; a new spawn passes the shared one again
        crowd.characters[2].setAttribute('clip', 'other');
        crowd.count = 6;
        await crowd.updateComplete;
        await crowd.ready;
        await settle();
        const messages = errors.map((e) => e.message);
        expect(
          messages.filter((m) => m.includes('"other"')),
          'the copy’s own',
        ).to.have.length(1);
        expect(
          messages.filter((m) => m.includes('"nope"')),
          'once per spawn',
        ).to.have.length(2);
      } finally {
        console.warn = warn;
      }
    });

    it('remembers a bounded number of its copies’ errors: past it, a shared one passes again', async () => {
      const scene = await fixture<AnimScene>(
        html`<anim-scene paused style="width: 320px; height: 240px"></anim-scene>`,
      );
      scene.innerHTML = `<anim-crowd count="2"><anim-character src="${MANNEQUIN}"></anim-character></anim-crowd>`;
      const crowd = scene.querySelector('anim-crowd')!;
      await crowd.updateComplete;
      const copy = crowd.characters[0];
      const passed = collectErrors(scene);
      const report = (message: string) =>
        copy.dispatchEvent(
          new CustomEvent('anim-error', {
            detail: { code: 'unknown-clip', message, source: copy },
            bubbles: true,
            composed: true,
          }),
        );
      report('shared');
      report('shared');
      expect(passed, 'alike errors collapse').to.have.length(1);
      // a page making a new error every frame: the crowd forgets what passed rather than growing without end
      for (let i = 0; i < 256; i++) report(`new ${i}`);
      expect(passed).to.have.length(257);
      report('shared');
      expect(passed, 'forgotten, so passed again').to.have.length(258);
      report('shared');
      expect(passed, 'and remembered again').to.have.length(258);
    });

    const cases: [string, string][] = [
      ['count', '2.5'],
      ['count', '-1'],
      ['count', '20001'],
      ['area', '10'],
      ['area', '10 0'],
      ['area', 'wide deep'],
      ['seed', '1.5'],
      ['speed', '2 1'],
      ['speed', '-1 1'],
      ['mode', 'stampede'],
      ['targets', '1 2 3'],
      ['targets', 'door 2'],
      ['spacing', '0'],
      ['spacing', 'wide'],
    ];
    for (const [name, value] of cases) {
      it(`${name}="${value}" is one bad-attribute quoting it, and the value stays`, async () => {
        const crowd = document.createElement('anim-crowd');
        const errors = collectErrors(crowd);
        const before = (crowd as unknown as Record<string, unknown>)[name];
        crowd.setAttribute(name, value);
        await settle();
        expect(errors.map((e) => e.code)).to.deep.equal(['bad-attribute']);
        expect(errors[0].message).to.contain(value);
        expect((crowd as unknown as Record<string, unknown>)[name]).to.deep.equal(before);
      });
    }
  });
});
