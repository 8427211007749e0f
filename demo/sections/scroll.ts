import { heading } from '../controls.js';
import type { DemoContext, DemoSection } from '../section.js';

/** The story the panel scrolls through: long enough for six walk cycles. */
const STORY = [
  [
    'A walk down the page',
    'Scroll this column. The mannequin walks as the page moves: one step per stretch of text, and scrolling back walks it back, exactly, frame for frame.',
  ],
  [
    'No script',
    'An <anim-bind clip="walk-inplace" timeline="scroll(self)"> under the character ties the clip’s time to this column’s scroll position, the way CSS ties an animation to a scroll timeline.',
  ],
  [
    'The browser’s own timeline',
    'Where the browser has ScrollTimeline and ViewTimeline, it measures the progress itself; elsewhere the same progress is computed from scroll offsets and element boxes.',
  ],
  [
    'Ranges',
    'A range in CSS animation-range syntax picks the stretch that plays: entry 0% exit 100%, cover 20% cover 80%, or plain offsets such as 200px 1200px.',
  ],
  [
    'Look this way',
    'Move the pointer over the scene: a second binding moves the point a look-at chain aims the neck and head at.',
  ],
  [
    'Reduced motion',
    'With prefers-reduced-motion set, the walk holds a still pose (the binding’s still attribute) instead of following the scroll.',
  ],
  ['Events', 'Events on the clip fire once each time the scroll carries the clip across them, forward or back.'],
  ['The end', 'That is the whole page. Scroll back up and watch it walk backwards.'],
];

/**
 * Scroll-driven: the panel becomes a long scrolling story; the mannequin walks in place as it scrolls (its
 * walk's time bound to the column's scroll timeline) and turns its head toward the pointer (a look-at chain
 * aiming at a point a pointer binding moves). All of it markup: `<anim-bind>`, `<anim-ik>`, `<anim-model>`.
 */
export const scrollSection: DemoSection = {
  id: 'scroll',
  title: 'Scroll',
  enter({ scene, character, panel }: DemoContext) {
    const story = document.createElement('div');
    story.id = 'scroll-story';
    story.className = 'scroll-story';
    // a scroller of its own, whatever the page's stylesheet: the walk follows its scroll timeline
    story.style.cssText = 'max-height: 340px; overflow-y: auto';
    story.tabIndex = 0;
    story.setAttribute('aria-label', 'A long story: scroll it to walk the mannequin');
    for (const [title, text] of STORY) {
      const h = document.createElement('h3');
      h.textContent = title;
      const p = document.createElement('p');
      p.textContent = text;
      p.style.marginBottom = '160px';
      story.append(h, p);
    }
    const progress = document.createElement('progress');
    progress.max = 1;
    progress.setAttribute('aria-label', 'Scroll progress');
    panel.append(heading('Scroll the story'), story, progress);

    const gaze = document.createElement('anim-model');
    gaze.id = 'scroll-gaze';
    gaze.setAttribute('position', '0 1.5 3');
    scene.append(gaze);
    const previousClip = character.clip;
    character.insertAdjacentHTML(
      'beforeend',
      `<anim-bind data-demo="scroll" clip="walk-inplace" timeline="scroll(self)" subject="#scroll-story" to="600%" still="25%"></anim-bind>
       <anim-bind data-demo="scroll" for="#scroll-gaze" property="object3D.position.x" pointer="x" from="-4" to="4"></anim-bind>
       <anim-bind data-demo="scroll" for="#scroll-gaze" property="object3D.position.y" pointer="y" from="3" to="0"></anim-bind>
       <anim-ik data-demo="scroll" solver="look-at" bones="Neck..Head" target="#scroll-gaze" max-angle="70"></anim-ik>`,
    );
    const onScroll = () => {
      const max = story.scrollHeight - story.clientHeight;
      progress.value = max > 0 ? story.scrollTop / max : 0;
    };
    story.addEventListener('scroll', onScroll, { passive: true });
    onScroll();
    return () => {
      story.removeEventListener('scroll', onScroll);
      for (const el of character.querySelectorAll('[data-demo="scroll"]')) el.remove();
      gaze.remove();
      if (previousClip) character.play(previousClip);
    };
  },
};
