import {
  advanceTween,
  createTweenState,
  createTweenTiming,
  interpolateValues,
  resetTween,
  sampleTween,
  seekTween,
  type TweenState,
  type TweenTiming,
} from '../../runtime/core.js';
import type { TweenChannel, TweenComposite, TweenLayer, TweenStack } from './channel.js';
import { TweenStack as Stack } from './channel.js';

/** Where a tween goes: its channel and its end values (`from` undefined: the property's value before any tween). */
export interface TweenBinding {
  channel: TweenChannel;
  from: Float32Array | undefined;
  to: Float32Array;
}

/**
 * One tween at work: its timing and state (the runtime kernels), its binding to a property, and its layer
 * in that property's stack. `update(dt)` advances, mixes the value and recomposes the stack; the element
 * reads `state.events` afterwards. Allocates only when bound.
 */
export class TweenPlayer {
  readonly timing: TweenTiming = createTweenTiming();
  readonly state: TweenState = createTweenState();
  #binding: TweenBinding | undefined;
  #layer: TweenLayer | undefined;
  #stack: TweenStack | undefined;
  #from: Float32Array = new Float32Array(0);
  /** Played or seeked since it was made: until then the tween leaves its property alone, whatever its fill. */
  #engaged = false;

  constructor(readonly order: Node) {}

  get bound(): boolean {
    return this.#binding !== undefined;
  }

  /** Ties the player to a property (leaving the one before); the current time is kept. */
  bind(binding: TweenBinding, composite: TweenComposite): void {
    this.unbind();
    const { channel } = binding;
    const layer: TweenLayer = {
      value: new Float32Array(channel.size),
      composite,
      applies: false,
      order: this.order,
    };
    this.#stack = Stack.join(channel, layer);
    this.#layer = layer;
    this.#binding = binding;
    // a missing `from` starts where the property was before any tween: for `add`, from nothing
    this.#from = binding.from ?? (composite === 'add' ? identity(channel) : this.#stack.base.slice());
    this.#apply();
  }

  unbind(): void {
    if (this.#layer) this.#stack?.leave(this.#layer);
    this.#stack?.compose();
    this.#binding = this.#layer = this.#stack = undefined;
  }

  set composite(value: TweenComposite) {
    if (this.#layer) this.#layer.composite = value;
  }

  /** Starts playing: from the beginning when the tween has ended (or never ran), else from where it paused. */
  play(): void {
    if (this.state.ended || (!this.state.started && this.state.time === 0)) resetTween(this.timing, this.state);
    this.state.playing = true;
    this.#engaged = true;
    this.#apply();
  }

  pause(): void {
    this.state.playing = false;
  }

  /** Jumps to `time` seconds after the delay (see seekTween); the tween starts applying if it was idle. */
  seek(time: number): void {
    seekTween(this.timing, this.state, time);
    this.#engaged = true;
    this.#apply();
  }

  /** Re-evaluates at the current time after the timing changed. */
  refresh(): void {
    sampleTween(this.timing, this.state, this.state.time);
    this.#apply();
  }

  update(dt: number): void {
    advanceTween(this.timing, this.state, dt);
    if (dt !== 0 || this.state.events !== 0) this.#apply();
  }

  #apply(): void {
    const binding = this.#binding;
    const layer = this.#layer;
    if (!binding || !layer || !this.#stack) return;
    // outside its active interval a tween without that fill gives the property back to what lies under it
    layer.applies = this.#engaged && this.state.inEffect;
    interpolateValues(
      binding.channel.kind,
      layer.value,
      this.#from,
      binding.to,
      binding.channel.size,
      this.state.progress,
    );
    this.#stack.compose();
  }
}

function identity(channel: TweenChannel): Float32Array {
  const values = new Float32Array(channel.size);
  if (channel.kind === 'quaternion') values[3] = 1;
  return values;
}
