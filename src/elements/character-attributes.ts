/**
 * The configuration of `<anim-character>`: every attribute and its property (one name each), parsed here and
 * handed to the character's parts. The element (anim-character.ts) adds what it reads back and does.
 */
import { property } from 'lit/decorators.js';
import type { WrapMode } from '../runtime/core.js';
import { describeValue } from '../runtime/describe-value.js';
import type { RigChoice } from '../scene/clip-sources.js';
import { SKINNING_MODES, type SkinningMode } from '../scene/skinning-modes.js';
import { acceptValue, listText } from './accept-value.js';
import { formatRootMotion, parseRootMotion, ROOT_MOTION_AUTO } from './character-motion.js';
import { CharacterParts } from './character-parts.js';
import { DEFAULT_FADE, parseFade, parseLoop, parseRepetitions, parseRig } from './character-playback.js';
import { reportError } from './errors.js';
import { ViewElement } from './scene-view-attributes.js';
import {
  type ClipTime,
  formatClipTime,
  type Parsed,
  parseAngle,
  parseClipTime,
  parseEnum,
  parseLength,
  parseNumber,
  parseVector3,
  type Vector3Tuple,
} from './units.js';
import { parseReveal, type RevealMode } from './viewer-cover.js';

const parseSkinning = (text: string) => parseEnum(text, SKINNING_MODES);
const parseInstancing = (text: string) => parseEnum(text, ['auto', 'off'] as const);
const parseLoading = (text: string) => parseEnum(text, ['eager', 'lazy'] as const);
function parseScale(text: string): Parsed<number> {
  const parsed = parseNumber(text, { min: 0 });
  return parsed.ok && parsed.value === 0 ? { ok: false, message: `"${text}" is not a scale greater than 0` } : parsed;
}
function parseHeight(text: string): Parsed<number> {
  const parsed = parseLength(text, { min: 0 });
  return parsed.ok && parsed.value === 0 ? { ok: false, message: `"${text}" is not a height greater than 0` } : parsed;
}

/** A clip time as the `clipStart` / `clipEnd` properties read it: seconds as a number, a percentage as its text. */
function clipTimeValue(time: ClipTime | null): number | string | null {
  return time === null ? null : time.fraction === undefined ? time.seconds : formatClipTime(time);
}

/**
 * A name or URL attribute's value: removed, null, undefined or blank text is null (the default: no model,
 * no graph, no clip); other text is kept (trimmed unless `trim` is false); a non-text value becomes its
 * text, as an attribute would hold it.
 */
function nameOrNull(value: unknown, trim = true): string | null {
  if (value === null || value === undefined) return null;
  let text: string;
  try {
    text = typeof value === 'symbol' ? describeValue(value) : String(value); // a URL object gives its href
  } catch {
    text = describeValue(value);
  }
  const kept = trim ? text.trim() : text;
  return kept.trim() === '' ? null : kept;
}

/** An object as JSON text, or the object itself when it has none (a cycle, a BigInt): reported as it is. */
function jsonText(value: object): unknown {
  try {
    return JSON.stringify(value);
  } catch {
    return value;
  }
}

/** Reads the parts of a character (for the element class; set once below). */
export let partsOf: (character: CharacterAttributes) => CharacterParts;

/** The attributes of `<anim-character>` (documented on the element). @internal */
export abstract class CharacterAttributes extends ViewElement {
  /** @internal */
  readonly #parts = new CharacterParts(this);

  static {
    partsOf = (character) => character.#parts;
  }

  @property({ type: Boolean }) paused = false;
  @property({ type: Boolean, attribute: 'foot-ik' }) footIk = false;
  @property() poster: string | null = null;

  @property()
  get src(): string | null {
    const p = this.#parts;
    return p.loader.src;
  }
  set src(value: string | null | undefined) {
    const p = this.#parts;
    // removed, null or empty: no model (shown as nothing, no error), never a fetch of "null"
    p.loader.src = nameOrNull(value);
  }

  @property()
  get graph(): string | null {
    const p = this.#parts;
    return p.graph.src;
  }
  set graph(value: string | null | undefined) {
    const p = this.#parts;
    p.graph.src = nameOrNull(value);
  }

  @property()
  get clip(): string | null {
    const p = this.#parts;
    return p.playback.clip;
  }
  set clip(value: string | null | undefined) {
    const p = this.#parts;
    const name = nameOrNull(value, false);
    if (name === p.playback.clip) return;
    p.playback.clip = name;
    if (!p.loader.rig || p.graph.driving) return;
    if (name === null) p.playback.stop();
    else p.playback.play(name, {});
  }

  @property()
  get speed(): number {
    const p = this.#parts;
    return p.playback.speed;
  }
  set speed(value: number | string | null | undefined) {
    const p = this.#parts;
    const speed = acceptValue(this, 'speed', value, parseNumber, p.playback.speed, 1);
    p.playback.speed = speed;
    if (p.loader.rig) p.loader.rig.speed = speed;
  }

  @property()
  get loop(): WrapMode | null {
    const p = this.#parts;
    return p.playback.loop;
  }
  set loop(value: string | null | undefined) {
    const p = this.#parts;
    const loop = acceptValue<WrapMode | null>(this, 'loop', value, parseLoop, p.playback.loop, null);
    p.playback.loop = loop;
    if (loop) p.loader.rig?.setLoop(loop);
  }

  @property()
  get fade(): number {
    const p = this.#parts;
    return p.playback.fade;
  }
  set fade(value: number | string | null | undefined) {
    const p = this.#parts;
    const fade = acceptValue(this, 'fade', value, parseFade, p.playback.fade, DEFAULT_FADE);
    p.playback.fade = fade;
    if (p.loader.rig) p.loader.rig.defaultFade = fade;
  }

  @property({ attribute: 'clip-start' })
  get clipStart(): number | string | null {
    const p = this.#parts;
    return clipTimeValue(p.playback.clipStart);
  }
  set clipStart(value: number | string | null | undefined) {
    const p = this.#parts;
    const current = p.playback.clipStart;
    p.playback.clipStart = acceptValue(this, 'clip-start', value, parseClipTime, current, null);
    p.playback.applyWindow();
  }

  @property({ attribute: 'clip-end' })
  get clipEnd(): number | string | null {
    const p = this.#parts;
    return clipTimeValue(p.playback.clipEnd);
  }
  set clipEnd(value: number | string | null | undefined) {
    const p = this.#parts;
    p.playback.clipEnd = acceptValue(this, 'clip-end', value, parseClipTime, p.playback.clipEnd, null);
    p.playback.applyWindow();
  }

  @property()
  get position(): Vector3Tuple {
    const p = this.#parts;
    return p.motion.positionOf(p.loader.rig);
  }
  set position(value: readonly number[] | string | null | undefined) {
    const p = this.#parts;
    // null (attribute removed): back to the origin; a bad value is reported and the character stays
    const next = acceptValue<Vector3Tuple | null>(this, 'position', listText(value), parseVector3, null, [0, 0, 0]);
    if (next === null) return;
    p.motion.position = next;
    p.loader.rig?.root.position.set(...next);
    p.redraw();
  }

  @property()
  get heading(): number {
    const p = this.#parts;
    return p.motion.headingOf(p.loader.rig);
  }
  set heading(value: number | string | null | undefined) {
    const p = this.#parts;
    const next = acceptValue<number | null>(this, 'heading', value, parseAngle, null, 0);
    if (next === null) return;
    p.motion.heading = next;
    p.loader.rig?.root.rotation.set(0, (next * Math.PI) / 180, 0);
    p.redraw();
  }

  @property()
  get scale(): number {
    const p = this.#parts;
    return p.motion.scale;
  }
  set scale(value: number | string | null | undefined) {
    const p = this.#parts;
    p.motion.scale = acceptValue(this, 'scale', value, parseScale, p.motion.scale, 1);
    this.#rescale();
  }

  @property()
  get height(): number | null {
    return this.#parts.motion.height;
  }
  set height(value: number | string | null | undefined) {
    const p = this.#parts;
    p.motion.height = acceptValue<number | null>(this, 'height', value, parseHeight, p.motion.height, null);
    this.#rescale();
  }

  /** The root at the scale `scale` and `height` give together. */
  #rescale(): void {
    const p = this.#parts;
    const rig = p.loader.rig;
    if (rig) rig.root.scale.setScalar(p.motion.scaleOf(rig));
    p.redraw();
  }

  @property()
  get skinning(): SkinningMode {
    const p = this.#parts;
    return p.skinning;
  }
  set skinning(value: string | null | undefined) {
    const p = this.#parts;
    p.skinning = acceptValue(this, 'skinning', value, parseSkinning, p.skinning, 'gpu');
    if (p.loader.rig) p.loader.rig.skinning = p.skinning;
  }

  @property()
  get instancing(): 'auto' | 'off' {
    return this.#parts.instancing;
  }
  set instancing(value: string | null | undefined) {
    const p = this.#parts;
    p.instancing = acceptValue(this, 'instancing', value, parseInstancing, p.instancing, 'auto');
    p.loader.applyInstancing();
  }

  @property()
  get loading(): 'eager' | 'lazy' {
    const p = this.#parts;
    return p.loader.mode;
  }
  set loading(value: string | null | undefined) {
    const p = this.#parts;
    p.loader.mode = acceptValue(this, 'loading', value, parseLoading, p.loader.mode, 'eager');
  }

  @property()
  get rig(): RigChoice {
    const p = this.#parts;
    return p.playback.rigChoice;
  }
  set rig(value: RigChoice | null | undefined) {
    const p = this.#parts;
    const text = value !== null && typeof value === 'object' ? jsonText(value) : value;
    const next = acceptValue<RigChoice>(this, 'rig', text, parseRig, p.playback.rigChoice, 'auto');
    if (JSON.stringify(next) === JSON.stringify(p.playback.rigChoice)) return;
    p.playback.rigChoice = next;
    void p.playback.bindExternalClips();
  }

  @property({ attribute: 'root-motion' })
  get rootMotion(): string {
    const p = this.#parts;
    return formatRootMotion(p.motion.setting);
  }
  set rootMotion(value: string | null | undefined) {
    const p = this.#parts;
    const motion = p.motion;
    motion.setting = acceptValue(this, 'root-motion', value, parseRootMotion, motion.setting, ROOT_MOTION_AUTO);
    if (p.loader.rig) motion.apply(p.loader.rig);
    p.loader.rootMotionChanged();
  }

  @property({ attribute: 'root-bone' })
  get rootBone(): string | null {
    const p = this.#parts;
    return p.motion.rootBone;
  }
  set rootBone(value: string | null | undefined) {
    const p = this.#parts;
    const name = nameOrNull(value);
    if (name === p.motion.rootBone) return;
    p.motion.setRootBone(name);
    if (p.loader.rig) p.motion.apply(p.loader.rig);
  }

  @property({ attribute: 'vertical-handoff', type: Boolean })
  get verticalHandoff(): boolean {
    const p = this.#parts;
    return p.motion.verticalHandoff;
  }
  set verticalHandoff(value: boolean) {
    const p = this.#parts;
    p.motion.verticalHandoff = !!value;
    if (p.loader.rig) p.loader.rig.verticalHandoff = !!value;
  }

  // ——— loading, accessibility and finite loops (the viewer attributes) ———

  @property()
  get reveal(): RevealMode {
    return this.#parts.cover.reveal;
  }
  set reveal(value: string | null | undefined) {
    const cover = this.#parts.cover;
    cover.reveal = acceptValue(this, 'reveal', value, parseReveal, cover.reveal, 'auto');
    this.#parts.redraw();
  }

  @property()
  get alt(): string | null {
    return this.#parts.cover.alt;
  }
  set alt(value: string | null | undefined) {
    this.#parts.cover.alt = nameOrNull(value);
    this.#parts.cover.applyAlt();
  }

  @property()
  get repetitions(): number | null {
    return this.#parts.playback.repetitions;
  }
  set repetitions(value: number | string | null | undefined) {
    const playback = this.#parts.playback;
    playback.repetitions = acceptValue(this, 'repetitions', value, parseRepetitions, playback.repetitions, null);
    playback.applyRepetitions();
  }

  /** Ground speed (m/s) for clips with a stride when root motion is off; null measures the character's own. */
  get groundSpeed(): number | null {
    const p = this.#parts;
    return p.motion.groundSpeed;
  }
  set groundSpeed(value: number | null | undefined) {
    const p = this.#parts;
    if (value === null || value === undefined) p.motion.groundSpeed = null;
    else if (typeof value === 'number' && Number.isFinite(value) && value >= 0) p.motion.groundSpeed = value;
    else
      reportError(this, 'bad-attribute', `groundSpeed: ${describeValue(value)} is not a speed in m/s (zero or more)`);
    if (p.loader.rig) p.loader.rig.groundSpeed = p.motion.groundSpeed ?? Number.NaN;
  }
}
