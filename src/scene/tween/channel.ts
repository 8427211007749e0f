import type { TweenValueKind } from '../../runtime/core.js';

/** What a channel's values mean, so the element knows how to read `from` and `to` for it. */
export type TweenValueType =
  | 'number'
  | 'length'
  | 'angle'
  | 'vector3'
  | 'angles3'
  | 'scale'
  | 'quaternion'
  | 'color'
  | 'css-number'
  | 'css-color';

/**
 * One tweenable property of one target: a 3D object's position, a material's colour, an element's CSS
 * custom property… Values are float arrays of `size` components in the markup's units (metres, degrees,
 * linear-light RGB); the channel converts when it writes. Channels with the same `key` and `path` drive
 * the same property and share one {@link TweenStack}.
 */
export interface TweenChannel {
  readonly key: object;
  readonly path: string;
  readonly size: number;
  readonly kind: TweenValueKind;
  readonly valueType: TweenValueType;
  /** The property's current value into `out`; false when it has none that can be read. */
  read(out: Float32Array): boolean;
  write(values: Float32Array): void;
}

/** How a tween's value meets what lies under it: it replaces it, or is added to it. */
export type TweenComposite = 'replace' | 'add';
export const TWEEN_COMPOSITES: readonly TweenComposite[] = ['replace', 'add'];

/** One tween's contribution to a stack: its latest value, whether it applies, and its place in the document. */
export interface TweenLayer {
  readonly value: Float32Array;
  composite: TweenComposite;
  /** False until the tween is played or seeked: an idle tween leaves the property alone. */
  applies: boolean;
  /** Orders layers: the element, compared by document position. */
  readonly order: Node;
}

const stacks = new WeakMap<object, Map<string, TweenStack>>();

/**
 * Every tween driving one property, composed in document order over the value the property had when the
 * first of them joined: a `replace` layer sets the value, an `add` layer adds to it. `compose()` recomputes
 * from all layers' latest values, so it may run after any one of them updates: once the last has updated in
 * a frame, the result is that frame's. No allocation when composing.
 */
export class TweenStack {
  readonly channel: TweenChannel;
  readonly #base: Float32Array;
  readonly #result: Float32Array;
  readonly #layers: TweenLayer[] = [];
  /** Whether the last compose wrote: when the last layer stops applying, the base is written back once. */
  #wrote = false;

  private constructor(channel: TweenChannel) {
    this.channel = channel;
    this.#base = new Float32Array(channel.size);
    this.#result = new Float32Array(channel.size);
    channel.read(this.#base);
  }

  /** The stack for `channel`'s property, made (and the property's current value kept as base) on first use. */
  static join(channel: TweenChannel, layer: TweenLayer): TweenStack {
    let byPath = stacks.get(channel.key);
    if (!byPath) stacks.set(channel.key, (byPath = new Map()));
    let stack = byPath.get(channel.path);
    if (!stack) byPath.set(channel.path, (stack = new TweenStack(channel)));
    stack.#layers.push(layer);
    stack.#layers.sort((a, b) =>
      a.order.compareDocumentPosition(b.order) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1,
    );
    return stack;
  }

  leave(layer: TweenLayer): void {
    const i = this.#layers.indexOf(layer);
    if (i >= 0) this.#layers.splice(i, 1);
    // a tween that leaves (disconnected, rebound) keeps what it wrote; only a fill ending gives the base back
    this.#wrote = false;
    if (this.#layers.length === 0) stacks.get(this.channel.key)?.delete(this.channel.path);
  }

  /** The property's value before any tween (what `from` means when it is left out). */
  get base(): Float32Array {
    return this.#base;
  }

  compose(): void {
    const { size, kind } = this.channel;
    const out = this.#result;
    out.set(this.#base);
    let any = false;
    for (const layer of this.#layers) {
      if (!layer.applies) continue;
      any = true;
      if (layer.composite === 'replace') out.set(layer.value);
      else if (kind === 'quaternion') multiplyQuaternion(out, layer.value);
      else for (let i = 0; i < size; i++) out[i] += layer.value[i];
    }
    if (any || this.#wrote) this.channel.write(out);
    this.#wrote = any;
  }
}

/** out = layer ∘ out: the added rotation turns what lies under it. */
function multiplyQuaternion(out: Float32Array, q: Float32Array): void {
  const ax = q[0];
  const ay = q[1];
  const az = q[2];
  const aw = q[3];
  const bx = out[0];
  const by = out[1];
  const bz = out[2];
  const bw = out[3];
  out[0] = aw * bx + ax * bw + ay * bz - az * by;
  out[1] = aw * by - ax * bz + ay * bw + az * bx;
  out[2] = aw * bz + ax * by - ay * bx + az * bw;
  out[3] = aw * bw - ax * bx - ay * by - az * bz;
}
