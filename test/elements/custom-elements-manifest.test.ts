import { expect } from '@open-wc/testing';

/**
 * custom-elements.json is the public API as tools see it (Storybook makes a control of every member). It
 * must list no private or internal member, and its play-window and repetition attributes must speak the
 * vocabulary of the README: windows in seconds or percentages of the clip, `loop` one enum of four values.
 * Run `npm run analyze` after changing an element's JSDoc.
 */

interface Member {
  name: string;
  kind?: string;
  privacy?: string;
  static?: boolean;
}
interface Attribute {
  name: string;
  description?: string;
}
interface Declaration {
  name: string;
  kind: string;
  tagName?: string;
  customElement?: boolean;
  members?: Member[];
  attributes?: Attribute[];
}
interface Manifest {
  modules: { path: string; declarations?: Declaration[] }[];
}

/** Hooks elements call on one another (a part telling its owner it changed): never an element's public API. */
const INTERNAL = new Set([
  'graphChanged',
  'clipsChanged',
  'rigChanged',
  'paramValueChanged',
  'paramValue',
  'markupChanged',
]);
const WINDOW_ATTRIBUTES = new Set(['start', 'end', 'clip-start', 'clip-end', 'windows']);
const LOOP_VALUES = ['repeat', 'once', 'pingpong', 'clamp'];

async function manifest(): Promise<Manifest> {
  const response = await fetch('/custom-elements.json');
  expect(response.ok, 'custom-elements.json is served from the repository root').to.equal(true);
  return response.json();
}

/** Every class the manifest lists, with the name a reader knows it by: its tag, else its class name. */
async function declarations(): Promise<{ where: string; declaration: Declaration }[]> {
  const out: { where: string; declaration: Declaration }[] = [];
  for (const module of (await manifest()).modules)
    for (const declaration of module.declarations ?? [])
      if (declaration.kind === 'class') {
        const where = declaration.tagName ? `<${declaration.tagName}>` : `${declaration.name} (${module.path})`;
        out.push({ where, declaration });
      }
  return out;
}

/** What is wrong with a member being in the public API, or undefined; `element`: whether its class is an element. */
export function privateOrInternal(member: Member, element = true): string | undefined {
  if (member.name.startsWith('#')) return 'a private (#) field';
  if (member.name.startsWith('_')) return 'an underscore-private member';
  if (member.privacy === 'private' || member.privacy === 'protected') return `a ${member.privacy} member`;
  if (!element) return undefined;
  if (INTERNAL.has(member.name) || (member.kind === 'method' && /^\w+Changed$/.test(member.name)))
    return 'an internal hook between elements (mark it @internal)';
  return undefined;
}

/** What is wrong with a window or loop attribute's description, or undefined. */
export function vocabularyBreak(attribute: Attribute): string | undefined {
  const text = attribute.description ?? '';
  if (WINDOW_ATTRIBUTES.has(attribute.name)) {
    if (/fraction/i.test(text) || /\b0\s*[–-]\s*1\b/.test(text))
      return 'speaks of fractions 0–1: a play window is seconds or a percentage of the clip (`40%`)';
    if (!/second/i.test(text)) return 'does not say its unit is seconds';
    if (!/%|percent/i.test(text)) return 'does not say it takes a percentage of the clip (`40%`)';
  }
  if (attribute.name === 'loop') {
    const missing = LOOP_VALUES.filter((value) => !new RegExp(`\\b${value}\\b`).test(text));
    if (missing.length > 0) return `does not list ${missing.join(', ')}: loop is one enum of ${LOOP_VALUES.join(', ')}`;
  }
  return undefined;
}

describe('custom-elements.json', () => {
  it('lists no private or internal member', async () => {
    const problems: string[] = [];
    let members = 0;
    for (const { where, declaration } of await declarations())
      for (const member of declaration.members ?? []) {
        members++;
        const why = privateOrInternal(member, declaration.customElement === true);
        if (why) problems.push(`${where}.${member.name} is ${why}`);
      }
    expect(members, 'the manifest lists members at all').to.be.above(100);
    expect(
      problems,
      `private or internal members in custom-elements.json:\n  ${problems.join('\n  ')}\n`,
    ).to.deep.equal([]);
  });

  it('describes play windows in seconds or percentages, and loop as the four-value enum', async () => {
    const problems: string[] = [];
    const checked: string[] = [];
    for (const { where, declaration } of await declarations())
      for (const attribute of declaration.attributes ?? []) {
        if (!WINDOW_ATTRIBUTES.has(attribute.name) && attribute.name !== 'loop') continue;
        checked.push(`${where} ${attribute.name}`);
        const why = vocabularyBreak(attribute);
        if (why) problems.push(`${where} attribute "${attribute.name}" ${why}; it reads: ${attribute.description}`);
      }
    expect(checked, 'the clip, warp and sprite attributes are among those checked').to.include.members([
      '<anim-clip> start',
      '<anim-clip> end',
      '<anim-clip> loop',
      '<anim-warp> windows',
      '<anim-sprite> loop',
    ]);
    expect(checked, 'a tween repeats by iterations, not loop').to.not.include('<anim-tween> loop');
    expect(problems, `attributes off the vocabulary:\n  ${problems.join('\n  ')}\n`).to.deep.equal([]);
  });

  it('the checks catch what they are for', () => {
    expect(privateOrInternal({ name: '#rig', kind: 'field', privacy: 'private' })).to.contain('private');
    expect(privateOrInternal({ name: 'clipsChanged', kind: 'method' })).to.contain('internal');
    expect(privateOrInternal({ name: 'stanceChanged', kind: 'method' })).to.contain('internal');
    expect(privateOrInternal({ name: 'play', kind: 'method' })).to.equal(undefined);
    const old = 'Where the slice begins, as a fraction 0–1 of the clip.';
    expect(vocabularyBreak({ name: 'clip-start', description: old })).to.contain('fractions');
    expect(vocabularyBreak({ name: 'start', description: 'Seconds into the clip.' })).to.contain('percentage');
    expect(vocabularyBreak({ name: 'end', description: 'Seconds, or a percentage (`75%`).' })).to.equal(undefined);
    expect(vocabularyBreak({ name: 'loop', description: '`repeat` loops; `once` plays once.' })).to.contain(
      'pingpong, clamp',
    );
  });
});
