import '../../src/elements/anim-model.js';
import '../../src/elements/anim-sprite.js';
import '../../src/elements/anim-tween.js';
import '../../src/elements/bone-anchor.js';
import type { AnimSprite } from '../../src/elements/anim-sprite.js';
import type { AnimTween } from '../../src/elements/anim-tween.js';
import { EASING_FAMILIES } from '../../src/runtime/index.js';
import { heading, slider } from '../controls.js';
import type { DemoContext, DemoSection } from '../section.js';

/** The generator's props (`npm run generate`, scripts/mannequin/props.ts). */
const SWORD = '/assets/props/sword.glb';
const SHIELD = '/assets/props/shield.glb';
const LANTERN = '/assets/props/lantern.glb';
const EASINGS = [
  'linear',
  ...EASING_FAMILIES.flatMap((family) => [`in-${family}`, `out-${family}`, `in-out-${family}`]),
  'ease',
  'steps(6)',
];
const PLATE_STYLE =
  'font: 600 13px system-ui, sans-serif; color: white; background: #1d3557d0; padding: 3px 9px; border-radius: 6px; white-space: nowrap';

/**
 * Props and sprites: a sword in the mannequin's right hand and a shield on its left forearm (`<bone-anchor>`),
 * a name plate over its head, a lantern that bobs and turns beside it (`<anim-tween>`, the easing picked
 * here), and the walk sprite sheet as a billboard (`<anim-sprite>`). Everything is markup added on entry and
 * removed on leave.
 */
export const propsSection: DemoSection = {
  id: 'props',
  title: 'Props & sprites',
  enter({ scene, character, panel }: DemoContext) {
    const hadId = character.id;
    if (!hadId) character.id = 'demo-mannequin';
    const added: Element[] = [];
    const add = <T extends Element>(parent: Element, markup: string): T => {
      parent.insertAdjacentHTML('beforeend', markup);
      const el = parent.lastElementChild as T;
      added.push(el);
      return el;
    };

    // the grip across the palm, the blade forward (the hand's axes are the world's in the T-pose)
    add(
      character,
      `<bone-anchor bone="RightHand" offset="-0.08 -0.01 0" rotation="90 0 0"><anim-model src="${SWORD}"></anim-model></bone-anchor>`,
    );
    // strapped to the outside of the forearm, its face outward (the forearm's +Y once the arm hangs down)
    add(
      character,
      `<bone-anchor bone="LeftLowerArm" offset="0.13 0.05 0" rotation="-90 0 0"><anim-model src="${SHIELD}"></anim-model></bone-anchor>`,
    );
    const plate = add<HTMLElement>(
      scene,
      `<bone-anchor for="${character.id}" bone="Head" offset="0 0.32 0"><span style="${PLATE_STYLE}">Mannequin</span></bone-anchor>`,
    );
    const prop = add(scene, `<anim-model src="${LANTERN}" position="0.9 1.1 -0.3"></anim-model>`);
    prop.innerHTML = `
      <anim-tween property="position.y" from="1.1" to="1.4" duration="1.2" easing="out-bounce" direction="alternate" iterations="infinite" autoplay></anim-tween>
      <anim-tween property="rotation.y" from="0" to="360" duration="5" iterations="infinite" autoplay></anim-tween>`;
    const bob = prop.querySelector<AnimTween>('anim-tween')!;
    const sprite = add<AnimSprite>(
      scene,
      '<anim-sprite src="/assets/mannequin-walk-sprites.json" position="-1.3 0 -0.6" size="1.5" billboard></anim-sprite>',
    );

    const easing = document.createElement('label');
    easing.className = 'control';
    const easingName = document.createElement('span');
    easingName.className = 'control-name';
    easingName.textContent = 'Easing of the bob';
    const select = document.createElement('select');
    for (const name of EASINGS) select.add(new Option(name, name, false, name === bob.easing));
    select.addEventListener('change', () => {
      bob.easing = select.value;
    });
    easing.append(easingName, select);

    const fps = slider({
      label: 'Sprite speed',
      min: -2,
      max: 3,
      step: 0.1,
      value: 1,
      format: (v) => `${v.toFixed(1)}×`,
      onInput: (v) => {
        sprite.speed = v;
      },
    });

    const plateToggle = document.createElement('label');
    plateToggle.className = 'control';
    const plateName = document.createElement('span');
    plateName.className = 'control-name';
    plateName.textContent = 'Name plate';
    const plateBox = document.createElement('input');
    plateBox.type = 'checkbox';
    plateBox.checked = true;
    plateBox.addEventListener('change', () => {
      plate.hidden = !plateBox.checked;
    });
    plateToggle.append(plateName, plateBox);

    panel.append(heading('Tween'), easing, heading('Sprite sheet'), fps.root, heading('Bone anchors'), plateToggle);
    return () => {
      for (const el of added) el.remove();
      if (!hadId) character.removeAttribute('id');
    };
  },
};
