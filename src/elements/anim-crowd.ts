import { css, html, LitElement, type PropertyValues } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import './anim-character.js';
import { CROWD_MODES, CrowdAgents, type CrowdMode, DEFAULT_SPACING } from '../runtime/crowd.js';
import type { Actor } from '../scene/actor.js';
import { bindTurn } from '../scene/bind-turns.js';
import type { Stage } from '../scene/stage.js';
import { acceptValue, listText } from './accept-value.js';
import type { AnimCharacter } from './anim-character.js';
import { type AnimErrorDetail, type ErrorCode, reportCaught, warnAmong } from './errors.js';
import { characterInternals } from './internals.js';
import { findSceneStage, whenStageReady } from './stage-context.js';
import { fail, ok, type Parsed, parseEnum, parseLength, parseNumber } from './units.js';

/** The most agents one crowd spawns. */
export const MAX_CROWD = 20000;
const DEFAULT_AREA: [number, number] = [20, 20];
const DEFAULT_SPEED: [number, number] = [0.8, 1.6];
const DEFAULT_COUNT = 100;
const DEFAULT_SEED = 1;

/** How many distinct copy errors the crowd remembers before it forgets them all (see #collapse). */
const MAX_PASSED_ERRORS = 256;
/** Copies made and added at once, then per bind turn: about 13 ms of cloning and first updates in a headless trial. */
const COPIES_PER_TURN = 16;

/** One agent as `agents` reports it: a copy, taken when read. */
export interface CrowdAgent {
  /** Where it stands, `[x, y, z]` in metres. */
  readonly position: [number, number, number];
  /** Which way it walks, degrees about the vertical (0 faces +Z, as `<anim-character heading>`). */
  readonly heading: number;
  /** Its ground speed now (the `speed` param it drives), m/s. */
  readonly speed: number;
  /** The speed it walks at when nothing is in its way, m/s. */
  readonly preferredSpeed: number;
  /** The point it walks to, `[x, y, z]` in metres. */
  readonly target: [number, number, number];
  /** Its character. */
  readonly character: AnimCharacter;
}

function parseCount(text: string): Parsed<number> {
  const parsed = parseNumber(text, { min: 0, max: MAX_CROWD });
  return parsed.ok && !Number.isInteger(parsed.value) ? fail(text, `a whole number from 0 to ${MAX_CROWD}`) : parsed;
}

function parseSeed(text: string): Parsed<number> {
  const parsed = parseNumber(text);
  return parsed.ok && !Number.isInteger(parsed.value) ? fail(text, 'a whole number') : parsed;
}

/** A length greater than 0, in metres (an area's side, the spacing). */
function parsePositiveLength(text: string): Parsed<number> {
  const parsed = parseLength(text, { min: 0 });
  return parsed.ok && parsed.value === 0 ? fail(text, 'a length greater than 0, in metres') : parsed;
}

function parseArea(text: string): Parsed<[number, number]> {
  const parts = text.trim().split(/[\s,]+/);
  const expected = 'an area "width depth" of two lengths greater than 0, in metres';
  if (parts.length !== 2) return fail(text, expected);
  const sizes = parts.map(parsePositiveLength);
  if (sizes.some((s) => !s.ok)) return fail(text, expected);
  return ok(sizes.map((s) => (s.ok ? s.value : 0)) as [number, number]);
}

function parseSpeedRange(text: string): Parsed<[number, number]> {
  const parts = text.trim().split(/[\s,]+/);
  const expected = 'a speed "min max" (or one speed) in m/s, 0 or more, min not above max';
  if (parts.length < 1 || parts.length > 2) return fail(text, expected);
  const speeds = parts.map((part) => parseNumber(part, { min: 0 }));
  if (speeds.some((s) => !s.ok)) return fail(text, expected);
  const [min, max = min] = speeds.map((s) => (s.ok ? s.value : 0));
  return min > max ? fail(text, expected) : ok([min, max]);
}

const parseMode = (text: string) => parseEnum(text, CROWD_MODES);

/** Points `"x z; x z"` in metres (any of spaces, commas and semicolons between the numbers), none for ''. */
function parseTargets(text: string): Parsed<[number, number][]> {
  const trimmed = text.trim();
  if (trimmed === '') return ok([]);
  const parts = trimmed.split(/[\s,;]+/);
  const lengths = parts.map((part) => parseLength(part));
  if (parts.length % 2 !== 0 || lengths.some((l) => !l.ok))
    return fail(text, 'target points "x z; x z …", each two lengths in metres');
  const values = lengths.map((l) => (l.ok ? l.value : 0));
  return ok(Array.from({ length: values.length / 2 }, (_, k) => [values[2 * k], values[2 * k + 1]]));
}

/** A list of points as the attribute's text (`[[8, 0], [-8, 0]]` → `"8 0; -8 0"`); anything else as it is. */
function pointsText(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  return value.map((point) => listText(point)).join('; ');
}

/**
 * A crowd: `count` copies of its template character (its first `<anim-character>` child, with its clips, graph
 * and any other children), spread over `area` around the scene's origin, each walking a path of its own: to one
 * random point of the area after another (`mode="wander"`) or across it along +X, re-entering on the far side
 * (`mode="flow"`), at a preferred speed drawn from `speed`, turning aside and slowing down to keep `spacing`
 * (0.7 m) from the others. With `targets` they walk to those points instead (each to a spot within 1.5 m of one,
 * chosen at random): wandering from one to another, or flowing in from the area's edge to one and, once there,
 * coming in again from the edge (people heading for the doors of a square). Every frame each agent's ground
 * speed goes to its character's `speed` param (the built-in `locomotion` graph blends idle, walk and run by it),
 * and its position and heading to the character. Positions, speeds and targets come from `seed` alone: the same
 * seed and the same steps give the same crowd. Changing `count`, `area`, `seed`, `speed`, `mode`, `targets` or
 * `spacing` spawns the crowd anew; editing the template does not change the copies already made.
 *
 * The copies are `<anim-character>` elements appended to the crowd, marked `data-crowd-agent`: they load
 * the template's `src` once between them and, sharing it, are drawn instanced (see `<anim-scene
 * instancing>`). A large crowd is added a few copies at a time, the page running in between (a thousand
 * copies made at once would freeze it): `characters` and `agents` grow until `ready` resolves. The crowd
 * must sit inside an `<anim-scene>`; outside one it spawns nothing. Bad values are one `anim-error`
 * (`bad-attribute`) each, and the previous value stays.
 *
 * The copies' errors bubble through the crowd, but an error its copies meet alike (the same code and
 * message: a `src` that fails, a template's graph naming clips its model lacks) goes past the crowd once
 * per spawn, not once per copy, and warns on the console once. A listener on a copy still hears its own.
 * The crowd remembers the last 256 distinct errors it let past; a page meeting more forgets them and passes
 * each once again, so the memory stays bounded.
 *
 * @summary Many characters from one template, walking their own paths over an area.
 *
 * @attr count - How many characters, a whole number from 0 to 20000. Default 100.
 * @attr area - The area they walk on, `"width depth"` in metres (X by Z), centred on the origin. Default `"20 20"`.
 * @attr seed - Any whole number: the same seed gives the same crowd. Default 1.
 * @attr speed - Preferred walking speeds, `"min max"` in m/s (or one speed for all), drawn per agent. Default `"0.8 1.6"`.
 * @attr mode - `wander` (the default: each walks to one random point after another) or `flow` (each walks across the area along +X and comes back in on the far side; with `targets`, from the area's edges to them).
 * @attr spacing - How far apart the agents keep, a length in metres greater than 0: closer, they turn aside, slow down and push apart. Default 0.7 (people); larger for bigger characters. At most 2 × √(area ÷ count): no farther than the area has room for.
 * @attr targets - Points to walk to, `"x z; x z …"` in metres (commas or spaces between numbers work too); points outside the area are moved to its edge. Empty (the default): anywhere in the area (`wander`) or across it (`flow`).
 *
 * @prop {number} count - See the `count` attribute.
 * @prop {[number, number]} area - See the `area` attribute; accepts the text too.
 * @prop {number} seed - See the `seed` attribute.
 * @prop {[number, number]} speed - See the `speed` attribute; accepts the text too.
 * @prop {CrowdMode} mode - See the `mode` attribute.
 * @prop {[number, number][]} targets - See the `targets` attribute, as `[x, z]` pairs; accepts the text too.
 * @prop {number} spacing - See the `spacing` attribute.
 * @prop {CrowdAgent[]} agents - Read-only: every agent now, `{position, heading, speed, preferredSpeed, target, character}` (a copy per read).
 * @prop {AnimCharacter[]} characters - Read-only: the spawned characters, in agent order (all of them once `ready` resolves).
 * @prop {Promise<void>} ready - Resolves once every character of the crowd is spawned, loaded and posed (rejects with the first load error).
 *
 * @fires {CustomEvent<AnimErrorDetail>} anim-error - A bad attribute value (`bad-attribute`, naming the value). The characters' own events bubble through the crowd too; an error several copies meet alike passes once per spawn.
 *
 * @slot - The template `<anim-character>` (taken out of the page and copied); the copies are appended here.
 */
@customElement('anim-crowd')
export class AnimCrowd extends LitElement {
  static override styles = css`
    :host {
      display: contents;
    }
  `;

  #count = DEFAULT_COUNT;
  #area: [number, number] = DEFAULT_AREA;
  #seed = DEFAULT_SEED;
  #speed: [number, number] = DEFAULT_SPEED;
  #mode: CrowdMode = 'wander';
  #targets: [number, number][] = [];
  #spacing = DEFAULT_SPACING;
  #template: AnimCharacter | null = null;
  #members: AnimCharacter[] = [];
  /** The latest spawn: bumped by each, so copies still to be added for an older one are not. */
  #spawns = 0;
  /** Resolves once the latest spawn has added its copies (or was overtaken by another). */
  #spawned: Promise<void> = Promise.resolve();
  /** The configuration the latest spawn was made for: the first update after it (on connecting) spawns no twin. */
  #spawnedFor = '';
  /** Members not yet handed their agent's place and speed (not upgraded when spawned), from this index on. */
  #unplaced = 0;
  #agents: CrowdAgents | null = null;
  #stage: Stage | undefined;
  readonly #actor: Actor = { update: (dt) => this.#frame(dt) };
  /** The copies' errors (code and message) that went past the crowd since the last spawn. */
  readonly #passed = new Set<string>();
  /** The codes the copies warned about on the console, shared between them. */
  readonly #warned = new Set<ErrorCode>();

  constructor() {
    super();
    this.addEventListener('anim-error', this.#collapse);
  }

  /** Stops a copy's error that another copy's already took past the crowd (first listener on the crowd). */
  readonly #collapse = (event: Event): void => {
    if (event.target === this) return;
    const { code, message } = (event as CustomEvent<AnimErrorDetail>).detail;
    const key = `${code}\n${message}`;
    if (this.#passed.has(key)) {
      event.stopImmediatePropagation();
      return;
    }
    // a page that meets a new error every frame must not grow the set forever: forget, then pass them again
    if (this.#passed.size >= MAX_PASSED_ERRORS) this.#passed.clear();
    this.#passed.add(key);
  };

  @property()
  get count(): number {
    return this.#count;
  }
  set count(value: number | string | null | undefined) {
    this.#count = acceptValue(this, 'count', value, parseCount, this.#count, DEFAULT_COUNT);
  }

  @property()
  get area(): [number, number] {
    return this.#area;
  }
  set area(value: readonly number[] | string | null | undefined) {
    this.#area = acceptValue(this, 'area', listText(value), parseArea, this.#area, DEFAULT_AREA);
  }

  @property()
  get seed(): number {
    return this.#seed;
  }
  set seed(value: number | string | null | undefined) {
    this.#seed = acceptValue(this, 'seed', value, parseSeed, this.#seed, DEFAULT_SEED);
  }

  @property()
  get speed(): [number, number] {
    return this.#speed;
  }
  set speed(value: readonly number[] | string | null | undefined) {
    this.#speed = acceptValue(this, 'speed', listText(value), parseSpeedRange, this.#speed, DEFAULT_SPEED);
  }

  @property()
  get mode(): CrowdMode {
    return this.#mode;
  }
  set mode(value: string | null | undefined) {
    this.#mode = acceptValue(this, 'mode', value, parseMode, this.#mode, 'wander');
  }

  @property()
  get targets(): [number, number][] {
    return this.#targets.map(([x, z]) => [x, z]);
  }
  set targets(value: readonly (readonly number[])[] | string | null | undefined) {
    this.#targets = acceptValue(this, 'targets', pointsText(value), parseTargets, this.#targets, []);
  }

  @property()
  get spacing(): number {
    return this.#spacing;
  }
  set spacing(value: number | string | null | undefined) {
    this.#spacing = acceptValue(this, 'spacing', value, parsePositiveLength, this.#spacing, DEFAULT_SPACING);
  }

  /** The spawned characters, in agent order. */
  get characters(): AnimCharacter[] {
    return [...this.#members];
  }

  /** Every agent now (a copy per read). */
  get agents(): CrowdAgent[] {
    const agents = this.#agents;
    if (!agents) return [];
    return this.#members.map((character, i) => ({
      position: [agents.x[i], 0, agents.z[i]],
      heading: (agents.heading[i] * 180) / Math.PI,
      speed: agents.speed[i],
      preferredSpeed: agents.preferred[i],
      target: [agents.targetX[i], 0, agents.targetZ[i]],
      character,
    }));
  }

  /** Resolves once every character of the crowd is spawned, loaded and posed. */
  get ready(): Promise<void> {
    return this.#whenSpawned().then(() => Promise.all(this.#members.map((m) => m.ready)).then(() => undefined));
  }

  /** Waits for the latest spawn, and for any that began while waiting. */
  async #whenSpawned(): Promise<void> {
    for (let spawned = this.#spawned; ; spawned = this.#spawned) {
      await spawned;
      if (spawned === this.#spawned) return;
    }
  }

  override connectedCallback(): void {
    super.connectedCallback();
    whenStageReady(this, () => {
      if (!this.isConnected || this.#stage) return;
      this.#stage = findSceneStage(this);
      this.#stage?.addActor(this.#actor, 'control');
      this.#spawn();
    });
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#stage?.removeActor(this.#actor);
    this.#stage = undefined;
    this.#spawns++; // copies still to come are not added
  }

  protected override render() {
    return html`<slot></slot>`;
  }

  protected override updated(changed: PropertyValues<this>): void {
    // configuration only: a new crowd for a new count, area, seed, speed range, mode, targets or spacing
    if (changed.size > 0 && this.#stage && this.#configuration() !== this.#spawnedFor) this.#spawn();
  }

  /** The template: the first `<anim-character>` child that is not a copy, taken out of the page. */
  #takeTemplate(): void {
    const found = [...this.children].find(
      (child) => child.localName === 'anim-character' && !child.hasAttribute('data-crowd-agent'),
    ) as AnimCharacter | undefined;
    if (!found) return;
    found.remove();
    this.#template = found;
  }

  /** Agents anew, and as many copies of the template as `count` (the ones already made are kept). */
  #spawn(): void {
    this.#spawnedFor = this.#configuration();
    this.#takeTemplate();
    const template = this.#template;
    const count = template ? this.#count : 0;
    const [width, depth] = this.#area;
    const [minSpeed, maxSpeed] = this.#speed;
    this.#agents = new CrowdAgents({
      count,
      width,
      depth,
      seed: this.#seed,
      minSpeed,
      maxSpeed,
      mode: this.#mode,
      targets: this.#targets.flat(),
      spacing: this.#spacing,
    });
    this.#passed.clear();
    while (this.#members.length > count) {
      const gone = this.#members.pop()!;
      gone.remove();
      handOver(gone, null, 0);
    }
    for (let i = 0; i < this.#members.length; i++) this.#placeAttributes(i);
    this.#unplaced = 0;
    this.#handOver();
    const spawn = ++this.#spawns;
    this.#spawned = this.#addCopies(template, count, spawn).catch((error: unknown) => {
      reportCaught(this, error);
    });
  }

  /** What a spawn is made from, as text to compare. */
  #configuration(): string {
    return JSON.stringify([this.#count, this.#area, this.#seed, this.#speed, this.#mode, this.#targets, this.#spacing]);
  }

  /**
   * Adds copies of `template` until there are `count`: a few at once, the rest a few per bind turn while
   * `spawn` is the latest (so a small crowd is there at once, and a large one does not freeze the page).
   */
  async #addCopies(template: AnimCharacter | null, count: number, spawn: number): Promise<void> {
    if (!template) return;
    this.#addSome(template, count);
    while (this.#members.length < count) {
      await bindTurn();
      if (spawn !== this.#spawns) return;
      this.#addSome(template, count);
    }
  }

  /** Adds up to COPIES_PER_TURN copies of `template`, short of `count`, in one append. */
  #addSome(template: AnimCharacter, count: number): void {
    const fresh = document.createDocumentFragment();
    const end = Math.min(count, this.#members.length + COPIES_PER_TURN);
    while (this.#members.length < end) {
      const copy = template.cloneNode(true) as AnimCharacter;
      copy.setAttribute('data-crowd-agent', '');
      warnAmong(copy, this.#warned);
      // the agent places the character, as a controller does: a walk's root motion is taken out, not shown
      // in place (no ground trail per copy: a thousand trails would cost more than the crowd's animation)
      const motion = copy.getAttribute('root-motion');
      if (motion === null || motion === 'auto') copy.setAttribute('root-motion', 'expose planar');
      this.#placeAttributes(this.#members.push(copy) - 1);
      fresh.append(copy);
    }
    this.append(fresh);
    this.#handOver();
  }

  /** Writes agent `i`'s place and heading now to its member's attributes (what the page shows before it walks). */
  #placeAttributes(i: number): void {
    const agents = this.#agents!;
    const member = this.#members[i];
    member.setAttribute('position', `${agents.x[i]} 0 ${agents.z[i]}`);
    member.setAttribute('heading', `${(agents.heading[i] * 180) / Math.PI}`);
  }

  /** Each member from `#unplaced` on takes its agent's place and speed, until one is not yet upgraded. */
  #handOver(): void {
    const members = this.#members;
    while (this.#unplaced < members.length && handOver(members[this.#unplaced], this.#agents, this.#unplaced))
      this.#unplaced++;
  }

  /**
   * Steps the agents (before the characters pose). Each character reads its place, heading and speed from
   * the agents' arrays in its own update: nothing here touches a character.
   */
  #frame(dt: number): void {
    const agents = this.#agents;
    if (!agents) return;
    agents.step(dt);
    if (this.#unplaced < this.#members.length) this.#handOver();
  }
}

/**
 * Has `member` placed by agent `index` and its `speed` param fed from the agent's speed (null agents: the
 * page places it again). False when the member is not an upgraded `<anim-character>` yet.
 */
function handOver(member: AnimCharacter, agents: CrowdAgents | null, index: number): boolean {
  const internals = characterInternals(member);
  if (!internals) return false;
  internals.place(agents && { x: agents.x, z: agents.z, heading: agents.heading, index });
  internals.graph.feedParam(agents && { name: 'speed', values: agents.speed, index });
  return true;
}

declare global {
  interface HTMLElementTagNameMap {
    'anim-crowd': AnimCrowd;
  }
}
