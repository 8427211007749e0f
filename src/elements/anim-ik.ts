import { css, LitElement, type PropertyValues } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { Object3D } from 'three';
import { describeValue } from '../runtime/describe-value.js';
import { IK_SOLVERS, type IkSolver } from '../runtime/ik/solvers.js';
import type { CharacterRig } from '../scene/character-rig.js';
import { CodedError } from '../scene/coded-error.js';
import type { IkChainDriver } from '../scene/ik-chain-driver.js';
import type { IkPoint } from '../scene/ik-point.js';
import { acceptValue, listText } from './accept-value.js';
import type { AnimCharacter } from './anim-character.js';
import { CodeFetch } from './code-fetch.js';
import { type ErrorCode, reportCaught, reportError } from './errors.js';
import { FirstUse } from './first-use.js';
import { type IkLimits, NO_LIMITS, parseIkLimits, readAxis } from './ik-limits.js';
import { characterInternals } from './internals.js';
import { positionObjectOf } from './position-of.js';
import {
  type Parsed,
  parseAngle,
  parseEnum,
  parseLength,
  parseNumber,
  parseVector3,
  type Vector3Tuple,
} from './units.js';

/** What `target` and `pole` accept from script: the attribute's text, a point, an element or a three.js object. */
export type IkPointInput = string | readonly number[] | Element | Object3D | null;

/**
 * The solvers and the chain's driver, fetched when the first `<anim-ik>` connects (while its character
 * loads): a page without IK chains loads none of it. Exported for tests, which make the fetch fail.
 */
export const ikCode = new FirstUse(() => import('../scene/ik-chain-driver.js'));

const parseSolver = (text: string) => parseEnum(text, IK_SOLVERS);
const parseWeight = (text: string) => parseNumber(text, { min: 0, max: 1 });
const parseTolerance = (text: string) => parseLength(text, { min: 0 });
const parseMaxAngle = (text: string) => parseAngle(text, { min: 0, max: 180 });
function parseIterations(text: string): Parsed<number> {
  const parsed = parseNumber(text, { min: 1, max: 1000 });
  return parsed.ok && !Number.isInteger(parsed.value)
    ? { ok: false, message: `"${text}" is not a whole number of iterations between 1 and 1000` }
    : parsed;
}
function parseAimAxis(text: string): Parsed<Vector3Tuple> {
  const tokens = text.trim().split(/[\s,]+/);
  const axis = readAxis(tokens, 0);
  return axis && axis.used === tokens.length
    ? { ok: true, value: axis.axis as Vector3Tuple }
    : { ok: false, message: `"${text}" is not an axis: x, y or z (signed, e.g. -z) or three numbers "x y z"` };
}
type Reporter = (code: ErrorCode, message: string) => void;
const sameText = (a: unknown, b: unknown) => a === b || (typeof a === 'string' && a.trim() === b);

/**
 * An IK chain on its character: after the animation is sampled, blended and moved by root motion, and
 * before skinning, the chain's bones turn so its tip reaches `target` (`two-bone`, `fabrik`, `ccd`) or aims
 * at it (`look-at`). Children of an `<anim-character>`, applied in document order after foot IK.
 *
 * The chain is `chain` (bone names root to tip) or `bones="UpperArm.L..Hand.L"` (the parent-child line
 * between two bones). `target` is followed every frame: a CSS selector of an element with a position (an
 * `<anim-model>`, a `<bone-anchor>` — another character's hand —, a character's feet) or a fixed
 * `"x y z"` in scene metres; from script also `[x, y, z]`, an element or a three.js object.
 *
 * The FK/IK blend: the solved rotations are slerped from the animated ones by `weight` × the target's weight
 * (1 while it is found, 0 while not), so `weight="0"` leaves the animation exactly as it was.
 *
 * Bad input never breaks the page: a chain of unknown bones (`unknown-bone`), bones that are not one
 * parent-child line or too few for the solver (`bad-chain`), a limit outside the chain (`bad-constraint`),
 * or a target that matches nothing (`missing-target`) gives one `anim-error` and leaves the animated pose
 * untouched; the character and everything else keep animating.
 *
 * @summary An IK chain (two-bone, FABRIK, CCD or look-at) that reaches for or looks at a target.
 *
 * @attr chain - Bone names root to tip, separated by spaces or commas: `"LeftUpperArm LeftLowerArm LeftHand"`. Used when both this and `bones` are given.
 * @attr bones - The chain as `"Root..Tip"`: every bone from Root down to Tip.
 * @attr solver - `two-bone` (exactly three bones: hip–knee–ankle, shoulder–elbow–wrist; analytic), `fabrik` or `ccd` (two or more bones, iterative), or `look-at` (one or more bones turn so the tip's `axis` points at the target, e.g. Spine..Head). Default `two-bone`.
 * @attr target - What the tip reaches for or looks at: a CSS selector (searched in this element's document or shadow root) of an element with a position, or `"x y z"` in metres. Followed every frame.
 * @attr pole - Which way a limb or chain bends (`two-bone`, `fabrik`, `ccd`): a CSS selector of an element with a position (the elbow or knee, or a longer chain's bend, points toward it), or a direction `"x y z"` in the character's own frame (it turns with the character; `"0 0 -1"`: elbow back). Default: the animation's own bend. `look-at` chains have no pole.
 * @attr weight - How much of the IK solution shows, 0 (the animation alone) to 1 (all IK); between, each bone is slerped. Default 1.
 * @attr iterations - FABRIK and CCD: passes at most per frame, a whole number 1–1000. Default 16.
 * @attr tolerance - Distance from the target that counts as reached, metres (or `cm` / `mm`). Look-at: the aim's miss one metre out. Default `1mm`.
 * @attr limits - Joint limits: `natural` (humanoid ranges: elbows and knees hinge one way, shoulders, hips, spine, neck and head swing within cones; needs humanoid bones), and per bone `"Bone: hinge <axis> <min> <max>"` or `"Bone: cone <angle> [twist <min> <max>] [axis <axis>]"`, separated by `;`. Angles in degrees from the bone's rest pose, axes in the bone's own frame (`x`, `-y`, or three numbers). Default: none.
 * @attr axis - Look-at: the tip bone's aiming axis in its own frame, `x`, `-z`, … or `"x y z"`. Default: the character's front at rest (what a head faces).
 * @attr max-angle - Look-at: the aim turns at most this far from the animated one, degrees 0–180. Default 180.
 *
 * @prop {string | null} chain - See the `chain` attribute.
 * @prop {string | null} bones - See the `bones` attribute.
 * @prop {IkSolver} solver - See the `solver` attribute.
 * @prop {IkPointInput} target - See the `target` attribute; also `[x, y, z]`, an element or a three.js object.
 * @prop {IkPointInput} pole - See the `pole` attribute; also `[x, y, z]` (a direction), an element or a three.js object.
 * @prop {number} weight - See the `weight` attribute.
 * @prop {number} iterations - See the `iterations` attribute.
 * @prop {number} tolerance - See the `tolerance` attribute; metres.
 * @prop {string | null} limits - See the `limits` attribute (the text).
 * @prop {[number, number, number] | null} axis - See the `axis` attribute; null for the default.
 * @prop {number} maxAngle - See the `max-angle` attribute; degrees.
 * @prop {boolean} reached - Read-only: whether the tip reached the target (within `tolerance`) on the last frame.
 *
 * @fires {CustomEvent<AnimErrorDetail>} anim-error - `unknown-bone`, `bad-chain`, `bad-constraint`, `no-humanoid` (`natural` limits on a model without humanoid bones), `missing-target` (no target, a selector that matches nothing or an element without a position), `bad-attribute` (a value that does not parse; the previous one stays); `load-failed` when the solvers' code cannot be fetched (tried again when the element reconnects or its chain or solver settings change).
 */
@customElement('anim-ik')
export class AnimIk extends LitElement {
  // a description only: nothing to show
  static override styles = css`
    :host {
      display: none;
    }
  `;

  @property() chain: string | null = null;
  @property() bones: string | null = null;

  #solver: IkSolver = 'two-bone';
  #weight = 1;
  #iterations = 16;
  #tolerance = 0.001;
  #limitsText: string | null = null;
  #limits: IkLimits = NO_LIMITS;
  #axis: Vector3Tuple | null = null;
  #maxAngle = 180;
  #target: IkPointInput = null;
  #pole: IkPointInput = null;

  #character: AnimCharacter | null = null;
  #driver: IkChainDriver | null = null;
  /** The solvers' code; after a failed fetch, a reconnect or a new chain or solver tries again. */
  readonly #code = new CodeFetch(this, ikCode, 'the IK solvers', () => this.#bind());
  /** The last problem reported per kind, so a frame-by-frame retry reports each one once. */
  #builtFor: IkChainDriver | null = null;
  #builtKey = '';
  #targetProblem = '';
  #poleProblem = '';

  @property()
  get solver(): IkSolver {
    return this.#solver;
  }
  set solver(value: string | null | undefined) {
    this.#solver = acceptValue(this, 'solver', value, parseSolver, this.#solver, 'two-bone');
  }

  @property()
  get weight(): number {
    return this.#weight;
  }
  set weight(value: number | string | null | undefined) {
    this.#weight = acceptValue(this, 'weight', value, parseWeight, this.#weight, 1);
    if (this.#driver) this.#driver.weight = this.#weight;
    this.#redraw();
  }

  @property()
  get iterations(): number {
    return this.#iterations;
  }
  set iterations(value: number | string | null | undefined) {
    this.#iterations = acceptValue(this, 'iterations', value, parseIterations, this.#iterations, 16);
  }

  @property()
  get tolerance(): number {
    return this.#tolerance;
  }
  set tolerance(value: number | string | null | undefined) {
    this.#tolerance = acceptValue(this, 'tolerance', value, parseTolerance, this.#tolerance, 0.001);
  }

  @property()
  get limits(): string | null {
    return this.#limitsText;
  }
  set limits(value: string | null | undefined) {
    if (value === null || value === undefined) {
      this.#limitsText = null;
      this.#limits = NO_LIMITS;
      return;
    }
    const parsed = parseIkLimits(String(value));
    if (!parsed.ok) {
      reportError(this, 'bad-attribute', `limits: ${parsed.message}`);
      return;
    }
    this.#limitsText = String(value);
    this.#limits = parsed.value;
  }

  @property()
  get axis(): Vector3Tuple | null {
    return this.#axis;
  }
  set axis(value: readonly number[] | string | null | undefined) {
    const text = listText(value);
    this.#axis = acceptValue<Vector3Tuple | null>(this, 'axis', text, parseAimAxis, this.#axis, null);
  }

  @property({ attribute: 'max-angle' })
  get maxAngle(): number {
    return this.#maxAngle;
  }
  set maxAngle(value: number | string | null | undefined) {
    this.#maxAngle = acceptValue(this, 'max-angle', value, parseMaxAngle, this.#maxAngle, 180);
  }

  @property()
  get target(): IkPointInput {
    return this.#target;
  }
  set target(value: IkPointInput | undefined) {
    if (sameText(value, this.#target)) return;
    this.#target = value ?? null;
    this.#targetProblem = '';
    if (this.#driver) this.#followTarget(this.#driver);
  }

  @property()
  get pole(): IkPointInput {
    return this.#pole;
  }
  set pole(value: IkPointInput | undefined) {
    if (sameText(value, this.#pole)) return;
    this.#pole = value ?? null;
    this.#poleProblem = '';
    if (this.#driver) this.#followPole(this.#driver);
  }

  /** Whether the tip reached the target (within `tolerance`) on the last frame. */
  get reached(): boolean {
    return this.#driver?.reached ?? false;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.#character = this.parentElement?.closest('anim-character') ?? null;
    if (!this.#character) {
      reportError(this, 'bad-chain', '<anim-ik> must be inside the <anim-character> whose bones it moves');
      return;
    }
    this.#character.addEventListener('anim-load', this.#onLoad);
    this.#code.retry();
    this.#code.need();
    this.#bind();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#character?.removeEventListener('anim-load', this.#onLoad);
    this.#character = null;
    this.#unbind();
  }

  /** Also waits for the solvers' code when it is being fetched (the chain is bound once both are done). */
  protected override getUpdateComplete(): Promise<boolean> {
    return this.#code.afterUpdates(() => super.getUpdateComplete());
  }

  protected override updated(changed: PropertyValues<this>): void {
    const structural = ['chain', 'bones', 'solver', 'iterations', 'tolerance', 'limits', 'axis', 'maxAngle'] as const;
    if (!structural.some((key) => changed.has(key))) return;
    if (this.#driver) this.#build(this.#driver);
    else {
      this.#code.retry();
      this.#bind();
    }
  }

  readonly #onLoad = (event: Event): void => {
    if (event.target === this.#character) this.#bind();
  };

  /** Puts a driver on the character's current rig (replacing one on an older rig). */
  #bind(): void {
    const rig: CharacterRig | undefined = characterInternals(this.#character)?.rig;
    if (this.#driver?.rig === rig) return;
    this.#unbind();
    const code = this.#code.need();
    if (!rig || !code) return;
    const driver = new code.IkChainDriver(rig);
    driver.weight = this.#weight;
    this.#driver = driver;
    this.#build(driver);
    this.#followTarget(driver);
    this.#followPole(driver);
    driver.attach();
    this.#redraw();
  }

  #unbind(): void {
    this.#driver?.detach();
    this.#driver = null;
    this.#redraw();
  }

  #build(driver: IkChainDriver): void {
    const bones = this.chain?.trim() ? this.chain.trim().split(/[\s,]+/) : this.bones?.trim();
    // lit reports the attributes set at connection as changes too: build each distinct setting once
    const key = JSON.stringify([
      bones,
      this.#solver,
      this.#limitsText,
      this.#iterations,
      this.#tolerance,
      this.#maxAngle,
      this.#axis,
    ]);
    if (driver === this.#builtFor && key === this.#builtKey) return;
    this.#builtFor = driver;
    this.#builtKey = key;
    try {
      if (!bones) throw new CodedError('bad-chain', 'no bones: set chain="A B C" or bones="A..C"');
      driver.build({
        bones,
        solver: this.#solver,
        natural: this.#limits.natural,
        limits: this.#limits.bones,
        humanoid: this.#character?.rig ?? 'auto',
        iterations: this.#iterations,
        tolerance: this.#tolerance,
        maxAngle: (this.#maxAngle * Math.PI) / 180,
        axis: this.#axis,
      });
    } catch (error) {
      reportCaught(this, error);
    }
    this.#redraw();
  }

  #followTarget(driver: IkChainDriver): void {
    this.#follow(driver.target, this.#target, 'target', (code, message) => {
      if (message === this.#targetProblem) return;
      this.#targetProblem = message;
      reportError(this, code, message);
    });
    if (this.#target === null || (typeof this.#target === 'string' && this.#target.trim() === '')) {
      this.#targetProblem = 'none';
      reportError(this, 'missing-target', 'no target: set target to a selector or "x y z"');
    }
    this.#redraw();
  }

  #followPole(driver: IkChainDriver): void {
    driver.poleDirection = null;
    const pole = this.#pole;
    const text = typeof pole === 'string' ? pole.trim() : null;
    const direction = text ? parseVector3(text) : null;
    if (direction?.ok || Array.isArray(pole)) {
      // a direction in the character's own frame
      const d = direction?.ok ? direction.value : (pole as number[]);
      driver.pole.clear();
      if (d.length === 3 && d.every(Number.isFinite) && d.some((v) => v !== 0))
        driver.poleDirection = Float64Array.from(d);
      else reportError(this, 'bad-attribute', `pole: ${describeValue(pole)} is not a direction [x, y, z]`);
    } else if (pole === null || text === '') driver.pole.clear();
    else
      this.#follow(driver.pole, pole, 'pole', (code, message) => {
        if (message === this.#poleProblem) return;
        this.#poleProblem = message;
        reportError(this, code, message);
      });
    this.#redraw();
  }

  /** Points `point` at what `value` names; problems found later (each frame while unresolved) go to `report`. */
  #follow(point: IkPoint, value: IkPointInput, what: string, report: Reporter): void {
    point.clear();
    if (value === null) return;
    if (typeof value === 'string') {
      const text = value.trim();
      const xyz = parseVector3(text);
      if (xyz.ok) point.setPoint(...xyz.value);
      else if (text !== '') {
        let found: Element | null = null;
        point.setLookup(() => {
          if (!found?.isConnected) found = this.#query(text, what, report);
          return found ? this.#positionOf(found, what, report) : null;
        });
      }
    } else if (Array.isArray(value)) {
      if (value.length === 3 && value.every(Number.isFinite)) point.setPoint(value[0], value[1], value[2]);
      else report('bad-attribute', `${what}: ${JSON.stringify(value)} is not a point [x, y, z]`);
    } else if ((value as Object3D).isObject3D) point.setObject(value as Object3D);
    else if (value instanceof Element) point.setLookup(() => this.#positionOf(value, what, report));
    else report('bad-attribute', `${what}: ${String(value)} is not a selector, a point, an element or a 3D object`);
  }

  #query(selector: string, what: string, report: Reporter): Element | null {
    try {
      const root = this.getRootNode() as Document | ShadowRoot;
      const el = root.querySelector(selector);
      if (!el) report('missing-target', `${what} "${selector}" matches no element`);
      return el;
    } catch {
      report('missing-target', `${what} "${selector}" is not a valid CSS selector`);
      return null;
    }
  }

  #positionOf(el: Element, what: string, report: Reporter): Object3D | null {
    const object = positionObjectOf(el);
    if (object === undefined) report('missing-target', `${what} <${el.localName}> has no position in the scene`);
    return object ?? null;
  }

  #redraw(): void {
    characterInternals(this.#character)?.stage?.loop.requestRedraw();
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'anim-ik': AnimIk;
  }
}
