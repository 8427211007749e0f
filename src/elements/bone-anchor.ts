import { css, html, LitElement, type PropertyValues } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { Object3D } from 'three';
import { BoneFollower, type ScreenPoint } from '../scene/bone-follower.js';
import type { Actor, Stage } from '../scene/stage.js';
import { acceptValue, listText } from './accept-value.js';
import { reportError } from './errors.js';
import { type CharacterInternals, characterInternals } from './internals.js';
import { findSceneStage } from './stage-context.js';
import { parseAngles3, parseVector3, type Vector3Tuple } from './units.js';

const ZERO: Vector3Tuple = [0, 0, 0];

/** What an anchor reads of its character's rig, once loaded: its joint matrices. */
type AnchorRig = NonNullable<CharacterInternals['rig']>;
type AnchorHost = Element;

/** A child that is a 3D element: it has a three.js object (`<anim-model>`, `<anim-sprite>`) or a rig (`<anim-character>`). */
function objectOf(child: Element): Object3D | undefined {
  const host = child as Element & { object3D?: Object3D; rig?: { root: Object3D } };
  return host.object3D ?? host.rig?.root;
}

/**
 * Follows a bone of a character. 3D children (`<anim-model>`, `<anim-sprite>`, another character) ride the
 * bone: every frame, after the character's final pose (IK and other corrections included), they are placed
 * at the bone's world transform times `offset` and `rotation`. Plain HTML children are laid over the bone on
 * screen with a CSS transform (no layout is read or caused), centred on the point, and hidden while the
 * point is behind the camera or off screen: a name plate over a head.
 *
 * The character is the nearest `<anim-character>` around the anchor, or the one whose id `for` names (the
 * anchor may then sit anywhere, e.g. directly in the `<anim-scene>`). Bones are found by name, so an anchor
 * survives a change of model; a name the model lacks gives `unknown-bone`.
 *
 * HTML children show only where the anchor is rendered: directly inside an `<anim-scene>` (whose overlay
 * covers the canvas), or inside a character that slots its children.
 *
 * @summary Makes 3D children ride a character's bone, and lays HTML children over it on screen.
 *
 * @attr bone - The bone's name (any node of the model), e.g. `RightHand`. Required.
 * @attr for - The id of the character to follow, when the anchor is not inside it.
 * @attr offset - A translation in the bone's space, `"x y z"` in metres. Default `"0 0 0"`.
 * @attr rotation - A rotation in the bone's space, Euler `"x y z"` in degrees. Default `"0 0 0"`.
 *
 * @prop {string} bone - See the `bone` attribute.
 * @prop {string | null} for - See the `for` attribute (`htmlFor` as well, as on `<label>`).
 * @prop {[number, number, number]} offset - `[x, y, z]` in metres; accepts the attribute's text too.
 * @prop {[number, number, number]} rotation - `[x, y, z]` in degrees; accepts the attribute's text too.
 * @prop {Group} object3D - The three.js group that rides the bone.
 * @prop {boolean} onScreen - Whether the point was in view at the last frame (read only).
 *
 * @fires {CustomEvent<AnimErrorDetail>} anim-error - `unknown-bone` (the model has no such bone), `missing-target` (no character around the anchor, or `for` names no element or one that is not a character), `bad-attribute`.
 *
 * @slot - 3D elements to carry, and HTML to lay over the bone.
 */
@customElement('bone-anchor')
export class BoneAnchor extends LitElement {
  static override styles = css`
    :host {
      position: absolute;
      left: 0;
      top: 0;
      display: block;
      visibility: hidden;
      will-change: transform;
    }
  `;

  @property() bone = '';
  @property({ attribute: 'for' }) for: string | null = null;

  readonly #follower = new BoneFollower();
  readonly #screen: ScreenPoint = { x: 0, y: 0, visible: false };
  #offset = ZERO;
  #rotation = ZERO;
  #character: AnchorHost | undefined;
  #stage: Stage | undefined;
  #rig: AnchorRig | undefined;
  #joint = -1;
  #failure = '';
  #shown = false;

  get object3D() {
    return this.#follower.object3D;
  }

  get htmlFor(): string | null {
    return this.for;
  }
  set htmlFor(value: string | null) {
    this.for = value;
  }

  get onScreen(): boolean {
    return this.#shown;
  }

  @property()
  get offset(): Vector3Tuple {
    return this.#offset;
  }
  set offset(value: readonly number[] | string | null | undefined) {
    const text = listText(value);
    this.#offset = acceptValue(this, 'offset', text, parseVector3, this.#offset, ZERO);
  }

  @property()
  get rotation(): Vector3Tuple {
    return this.#rotation;
  }
  set rotation(value: readonly number[] | string | null | undefined) {
    const text = listText(value);
    this.#rotation = acceptValue(this, 'rotation', text, parseAngles3, this.#rotation, ZERO);
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // elements after us in the document connect after us: look for the character once they have
    queueMicrotask(() => this.#attach());
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#detach();
  }

  protected override render() {
    return html`<slot></slot>`;
  }

  protected override updated(changed: PropertyValues<this>): void {
    this.#follower.setOffset(this.#offset, this.#rotation);
    if (changed.has('for') && changed.get('for') !== undefined) {
      this.#detach();
      this.#attach();
    }
    if (changed.has('bone')) {
      this.#rig = undefined; // looked up again on the next frame
      this.#failure = '';
    }
    this.#stage?.loop.requestRedraw();
  }

  #attach(): void {
    if (!this.isConnected || this.#stage) return;
    const character = this.#findCharacter();
    if (!character) return;
    const stage = characterInternals(character)?.stage ?? findSceneStage(this);
    if (!stage) return;
    this.#character = character;
    this.#stage = stage;
    stage.content.add(this.#follower.object3D);
    stage.addLateActor(this.#actor);
  }

  #detach(): void {
    this.#stage?.removeActor(this.#actor);
    this.#follower.object3D.removeFromParent();
    this.#stage = this.#character = this.#rig = undefined;
    this.#setShown(false);
  }

  #findCharacter(): AnchorHost | undefined {
    if (this.for !== null) {
      const root = this.getRootNode() as Document | ShadowRoot;
      const found = root.getElementById?.(this.for) ?? null;
      if (found?.localName === 'anim-character') return found;
      const what = found ? `a <${found.localName}>, not an <anim-character>` : 'no element';
      reportError(this, 'missing-target', `for="${this.for}" names ${what}`);
      return undefined;
    }
    const found = this.closest('anim-character');
    if (found) return found as AnchorHost;
    reportError(this, 'missing-target', 'a bone-anchor needs a character around it, or for="<id of a character>"');
    return undefined;
  }

  readonly #actor: Actor = {
    update: () => {
      const rig = characterInternals(this.#character)?.rig;
      if (rig !== this.#rig) this.#bind(rig);
      if (!rig || this.#joint < 0) {
        this.#setShown(false);
        return;
      }
      this.#follower.follow(rig.model, this.#joint, rig.posed ? undefined : rig.heldMatrix);
      this.#carryChildren();
      this.#place();
    },
  };

  /** Finds the bone in a (new) rig; an unknown name is reported once per model. */
  #bind(rig: AnchorRig | undefined): void {
    this.#rig = rig;
    this.#joint = -1;
    if (!rig) return;
    const joint = rig.binding.asset.skeleton.indexByName.get(this.bone);
    if (joint !== undefined) {
      this.#joint = joint;
      this.#failure = '';
      return;
    }
    const failure = `${this.bone}@${rig.boneNames.length}`;
    if (failure === this.#failure) return;
    this.#failure = failure;
    const some = rig.boneNames.slice(0, 12).join(', ');
    reportError(this, 'unknown-bone', `bone "${this.bone}" is not in the model (bones: ${some}, …)`);
  }

  /** Hangs every 3D child's object under the follower (they put themselves on the stage's content). */
  #carryChildren(): void {
    const group = this.#follower.object3D;
    for (let i = 0; i < this.children.length; i++) {
      const object = objectOf(this.children[i]);
      if (object && object.parent !== group) group.add(object);
    }
  }

  #place(): void {
    const stage = this.#stage;
    if (!stage) return;
    const size = BoneFollower.cssSize(stage);
    this.#follower.project(stage.camera, size.x, size.y, this.#screen);
    this.#setShown(this.#screen.visible);
    if (this.#screen.visible) {
      this.style.transform = `translate(${this.#screen.x}px, ${this.#screen.y}px) translate(-50%, -50%)`;
    }
  }

  #setShown(shown: boolean): void {
    if (shown === this.#shown) return;
    this.#shown = shown;
    this.style.visibility = shown ? 'visible' : 'hidden';
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'bone-anchor': BoneAnchor;
  }
}
