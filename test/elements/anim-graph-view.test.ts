import { expect, fixture, html } from '@open-wc/testing';
import '../../src/elements/anim-graph-view.js';
import type { AnimGraphView } from '../../src/elements/anim-graph-view.js';
import { graphViewCode } from '../../src/elements/graph-view-code.js';
import { collectErrors, MANNEQUIN, mountCharacter, settle } from '../helpers/character.js';
import { internals } from '../helpers/internals.js';

const DT = 1 / 30;

async function mountView() {
  const mounted = await mountCharacter(`id="hero" src=${MANNEQUIN} graph="locomotion"`);
  const view = document.createElement('anim-graph-view');
  view.setAttribute('for', 'hero');
  mounted.scene.after(view);
  view.refresh();
  await view.updateComplete;
  const root = view.shadowRoot!;
  const node = (state: string) => root.querySelector<SVGGElement>(`g.node[data-state="${stateIndex(state)}"]`)!;
  const stateIndex = (state: string) => internals(mounted.character).graph.compiled!.stateIndex.get(state);
  const classes = (state: string) => node(state).getAttribute('class')!.split(' ');
  return { ...mounted, view, root, node, classes };
}

describe('<anim-graph-view>', () => {
  // first in this file: no view has fetched the drawing's code yet
  it('fetches its drawing code when it first has a graph to draw; a failed fetch is one load-failed, tried again for another graph', async () => {
    performance.clearResourceTimings();
    const fetched = () =>
      performance.getEntriesByType('resource').filter((entry) => entry.name.includes('graph-view-parts')).length;
    const lone = await fixture<AnimGraphView>(html`<anim-graph-view for="nobody"></anim-graph-view>`);
    lone.refresh();
    await lone.updateComplete;
    expect(fetched(), 'not fetched by a view with nothing to draw').to.equal(0);
    expect(graphViewCode.loaded).to.equal(undefined);

    const fetch = graphViewCode.fetch;
    graphViewCode.fetch = () => Promise.reject(new Error('offline'));
    const mounted = await mountCharacter(`id="hero" src=${MANNEQUIN} graph="locomotion"`);
    const view = document.createElement('anim-graph-view');
    const errors = collectErrors(view);
    view.setAttribute('for', 'hero');
    mounted.scene.after(view);
    view.refresh();
    await view.updateComplete;
    for (let i = 0; i < 3; i++) view.refresh();
    await view.updateComplete;
    expect(errors.map((e) => e.code)).to.deep.equal(['load-failed']);
    expect(errors[0].message).to.contain('offline');
    expect(view.shadowRoot!.querySelector('[part="empty"]')!.textContent).to.contain('could not be fetched');
    const time = mounted.character.time;
    mounted.scene.step(0.1);
    expect(mounted.character.time, 'the character animates on').to.be.closeTo(time + 0.1, 1e-6);

    graphViewCode.fetch = fetch;
    mounted.character.insertAdjacentHTML('beforeend', '<anim-state name="wave" clip="wave"></anim-state>');
    await settle();
    view.refresh();
    await view.updateComplete;
    expect(fetched(), 'fetched for the edited graph').to.equal(1);
    expect(view.shadowRoot!.querySelectorAll('g.node').length).to.be.above(3);
    expect(errors).to.have.length(1);
  });

  it('draws one box per state (and the any state), one arrow per transition, and the params', async () => {
    const { root, character } = await mountView();
    const graph = internals(character).graph.compiled!;
    const states = [...root.querySelectorAll('g.node:not(.any) .label')].map((t) => t.textContent);
    expect(states.sort()).to.deep.equal(graph.states.map((s) => s.name).sort());
    expect(root.querySelectorAll('g.node.any')).to.have.length(1);
    expect(root.querySelectorAll('g.edge')).to.have.length(graph.transitionCount);
    const params = [...root.querySelectorAll('.param')].map((p) =>
      [...p.querySelectorAll('span')].map((s) => s.textContent!.trim()),
    );
    expect(params).to.deep.equal([
      ['speed', 'float', '0'],
      ['grounded', 'bool', '● true'],
      ['jump', 'trigger', '○ false'],
      ['fall', 'float', '0'],
      ['getUp', 'trigger', '○ false'],
    ]);
    // every arrow carries its condition in its tooltip
    const titles = [...root.querySelectorAll('g.edge > title')].map((t) => t.textContent);
    expect(titles).to.include('fall → land-hard\nwhen grounded && fall >= 6\nfade 0.05s');
  });

  it('highlights the current state, the state being left and the transition in flight, and follows params', async () => {
    const { scene, character, view, root, classes } = await mountView();
    expect(classes('locomotion')).to.include('current');
    expect(classes('jump')).to.not.include('current');
    character.setParam('speed', 2.5);
    character.trigger('jump');
    scene.step(DT);
    view.refresh();
    expect(classes('jump')).to.include('current');
    expect(classes('locomotion')).to.include('leaving');
    const active = [...root.querySelectorAll('g.edge.active > title')].map((t) => t.textContent!.split('\n')[0]);
    expect(active).to.deep.equal(['any state → jump']);
    expect(root.querySelector('.value[data-param="0"]')!.textContent).to.equal('2.50');
    // the weight bars split the crossfade (it starts at 0 on the frame the transition fires)
    scene.step(DT);
    view.refresh();
    const bar = (state: string) =>
      Number(
        view
          .shadowRoot!.querySelector(
            `g.node[data-state="${internals(character).graph.compiled!.stateIndex.get(state)}"] .bar`,
          )!
          .getAttribute('width'),
      );
    expect(bar('jump')).to.be.above(0);
    expect(bar('locomotion')).to.be.above(bar('jump'));
    for (let k = 0; k < 8; k++) scene.step(DT);
    view.refresh();
    expect(classes('locomotion')).to.not.include('leaving');
    expect(root.querySelectorAll('g.edge.active')).to.have.length(0);
    expect(bar('locomotion')).to.equal(0);
  });

  it('redraws when the graph is edited', async () => {
    const { character, view, root } = await mountView();
    character.insertAdjacentHTML('beforeend', '<anim-state name="wave" clip="wave"></anim-state>');
    await settle();
    view.refresh();
    await view.updateComplete;
    expect([...root.querySelectorAll('g.node .label')].map((t) => t.textContent)).to.include('wave');
    // an unreachable state is drawn faded
    expect(root.querySelector('g.node.unreachable .label')!.textContent).to.equal('wave');
  });

  it('says so when `for` names no character or one without a graph; a bad interval or theme is reported', async () => {
    const view = await fixture<AnimGraphView>(html`<anim-graph-view for="nobody"></anim-graph-view>`);
    const errors = collectErrors(view);
    view.refresh();
    await view.updateComplete;
    expect(view.shadowRoot!.querySelector('[part="empty"]')!.textContent).to.contain('nobody');
    expect(view.character).to.equal(null);
    view.setAttribute('interval', 'often');
    view.setAttribute('theme', 'sepia');
    await settle();
    expect(errors.map((e) => e.code)).to.deep.equal(['bad-attribute', 'bad-attribute']);
    expect([view.interval, view.theme]).to.deep.equal([0.1, 'auto']);
  });
});
