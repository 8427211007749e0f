/**
 * Clip playback for `<anim-character>`: `clip`, `speed`, `loop`, `fade` and the play window (`clip-start`,
 * `clip-end`, `play({start, end})`), its `<anim-clip>` definitions (clips from other files included) and the
 * humanoid map they are retargeted through (`rig`, `<anim-rig>`), and the rig's reports as DOM events.
 */

import {
  HUMANOID_SLOTS,
  isHumanoidSlot,
  TRANSITION_BLENDS,
  type TransitionBlend,
  WRAP_MODES,
  type WrapMode,
} from '../runtime/core.js';
import { describeValue } from '../runtime/describe-value.js';
import type { CharacterRig, RigListener, RigPlayOptions } from '../scene/character-rig.js';
import type { ClipDefinition } from '../scene/clip-library.js';
import type { RigChoice } from '../scene/clip-sources.js';
import type { AnimClip } from './anim-clip.js';
import type { AnimRig } from './anim-rig.js';
import { loadedCharacterCode } from './character-code.js';
import { didYouMean } from './clip-hint.js';
import { reportError } from './errors.js';
import { queueEvent } from './events.js';
import {
  type ClipTime,
  formatClipTime,
  type Parsed,
  parseClipTime,
  parseEnum,
  parseNumber,
  parseTime,
  resolveClipTime,
} from './units.js';

/** Options of `play()`; times in seconds of the clip (CSS time text accepted), speeds as numbers. */
export interface PlayOptions {
  /** Crossfade time; default the `fade` attribute. */
  fade?: number | string;
  /** Multiplies the clip's own speed for this play; negative plays backwards. */
  speed?: number | string;
  loop?: WrapMode;
  /** Play window: seconds from the clip's start, or a percentage of the clip (`"40%"`); default `clip-start` / `clip-end`. */
  start?: number | string;
  end?: number | string;
  /** Times a looping clip plays before it holds its last frame (`anim-finish`); `"infinite"`; default `repetitions`. */
  repetitions?: number | string;
  /** `crossfade` (the default) or `inertial`: the clip shows at once and the difference decays over `fade`. */
  blend?: TransitionBlend;
}

export const DEFAULT_FADE = 0.25;
export const parseFade = (text: string) => parseTime(text, { min: 0 });
export const parseLoop = (text: string) => parseEnum(text, WRAP_MODES);
const parseBlend = (text: string) => parseEnum(text, TRANSITION_BLENDS);

/** A whole number of plays, 1 or more, or `infinite` (null: loop for ever). */
export function parseRepetitions(text: string): Parsed<number | null> {
  if (text.trim() === 'infinite') return { ok: true, value: null };
  const parsed = parseNumber(text, { min: 1 });
  return parsed.ok && Number.isInteger(parsed.value)
    ? parsed
    : { ok: false, message: `"${text}" is not a whole number of plays (1 or more) or infinite` };
}

/** `auto`, `mixamo`, or a JSON object of humanoid slot → bone name. */
export function parseRig(text: string): Parsed<RigChoice> {
  const trimmed = text.trim();
  if (trimmed === 'auto' || trimmed === 'mixamo') return { ok: true, value: trimmed };
  try {
    const map: unknown = JSON.parse(trimmed);
    if (
      map &&
      typeof map === 'object' &&
      !Array.isArray(map) &&
      Object.values(map).every((v) => typeof v === 'string')
    ) {
      const unknown = Object.keys(map).find((slot) => !isHumanoidSlot(slot));
      if (unknown !== undefined) {
        return {
          ok: false,
          message: `"${text}" names "${unknown}", which is not a humanoid slot (slots: ${HUMANOID_SLOTS.join(', ')})`,
        };
      }
      return { ok: true, value: map as RigChoice };
    }
  } catch {
    // reported below
  }
  return { ok: false, message: `"${text}" is not auto, mixamo or a JSON map of slot to bone name` };
}

/** What the playback part asks of the character around it. */
export interface PlaybackHost {
  readonly host: HTMLElement;
  rig(): CharacterRig | undefined;
  /** Whether a state graph decides what plays (then `clip` waits). */
  graphDriving(): boolean;
  redraw(): void;
}

export class CharacterPlayback {
  readonly #c: PlaybackHost;
  clip: string | null = null;
  speed = 1;
  loop: WrapMode | null = null;
  fade = DEFAULT_FADE;
  clipStart: ClipTime | null = null;
  clipEnd: ClipTime | null = null;
  rigChoice: RigChoice = 'auto';
  /** The `repetitions` attribute: plays of a looping clip before it holds; null loops for ever. */
  repetitions: number | null = null;
  /** The clip whose plays are counted now, and how many it has. */
  #counted: string | null = null;
  #limit: number | null = null;
  /** The `<anim-warp>` name of the warp in progress, for its end event. */
  warpName = '';
  /** Bumped by each resolution of clips from other files; an older one that finishes late is dropped. */
  #externalToken = 0;
  /** The `<anim-clip src>` binding in flight, if any. */
  #externalLoading: Promise<void> | null = null;
  readonly #reportedProblems = new Set<string>();

  constructor(c: PlaybackHost) {
    this.#c = c;
  }

  /** Hands the settings to a new rig and plays `clip` on it unless a graph drives. */
  install(rig: CharacterRig): void {
    rig.speed = this.speed;
    rig.defaultFade = this.fade;
  }

  /** Plays `clip` on the bound rig (after the graph attached: a driving graph keeps `clip` waiting). */
  start(): void {
    if (this.clip !== null && !this.#c.graphDriving()) this.play(this.clip, { fade: 0 });
  }

  /** A new load: problems reported for the last model may be reported again. */
  loadStarted(): void {
    this.#reportedProblems.clear();
  }

  play(clip: string, options: PlayOptions, waited = false): void {
    const rig = this.#c.rig()!;
    const rigOptions = this.#options(clip, options);
    const result = rig.play(clip, rigOptions);
    if (result === 'unknown') {
      // an `<anim-clip src>` whose file is still loading: play it once it has arrived (if still wanted)
      const external = this.definitions().some((d) => d.name === clip && d.src);
      const loading = external ? (this.#externalLoading ?? (waited ? null : this.bindExternalClips())) : null;
      if (loading) {
        void loading.then(() => {
          if (this.#c.rig() === rig && this.clip === clip && !this.#c.graphDriving()) this.play(clip, options, true);
        });
        return;
      }
      const names = rig.clipNames;
      reportError(
        this.#c.host,
        'unknown-clip',
        `no clip "${clip}" (clips: ${names.join(', ') || 'none'})${didYouMean(clip, names)}`,
      );
    } else if (result === 'started') {
      this.#counted = clip;
      this.#limit = this.#pendingLimit;
      queueEvent(this.#c.host, 'anim-play', { clip });
      this.#c.redraw();
    }
  }

  /** The `repetitions` attribute changed: the clip playing now counts its plays against the new limit. */
  applyRepetitions(): void {
    this.#limit = this.repetitions;
    const rig = this.#c.rig();
    // back to looping for ever: a clip not yet on its last play loops again
    if (this.repetitions === null && rig && rig.currentClip === this.#counted) rig.setLoop(this.loop ?? 'repeat');
  }

  /** After `count` loops of `clip`: the last allowed play ends on its last frame (a `once` finish). */
  #countLoop(clip: string, count: number): void {
    const rig = this.#c.rig();
    if (this.#limit === null || clip !== this.#counted || !rig || rig.currentClip !== clip) return;
    if (count >= this.#limit && rig.speed >= 0) rig.time = rig.duration; // one long step went past the end: land on it
    if (count >= this.#limit - 1) rig.setLoop('once');
  }

  /** Fades every clip out (over `fade`) to the rest pose. */
  stop(): void {
    this.#counted = null;
    this.clip = null;
    this.#c.rig()?.stop(this.fade);
    this.#c.redraw();
  }

  /** Narrows the clip playing now to `clip-start` / `clip-end`. */
  applyWindow(): void {
    const rig = this.#c.rig();
    const name = rig?.currentClip;
    if (!rig || name == null) return;
    const window = this.#window(rig.clipLength(name) ?? 0, this.clipStart, this.clipEnd, 'clip-start', 'clip-end');
    rig.setWindow(window.start, window.end);
  }

  /** The limit of plays the options being read ask for (set by #options, taken when the clip starts). */
  #pendingLimit: number | null = null;

  /** play()'s options checked one by one: a bad one is reported and left out, the rest still apply. */
  #options(clip: string, options: PlayOptions): RigPlayOptions {
    const check = <T>(name: string, value: unknown, parse: (text: string) => Parsed<T>): T | undefined => {
      if (value === undefined || value === null) return undefined;
      // only text and numbers are read (String() of a Symbol throws, of an object says nothing)
      const parsed: Parsed<T> =
        typeof value === 'string' || typeof value === 'number'
          ? parse(String(value))
          : { ok: false, message: `${describeValue(value)} is not a number or text` };
      if (parsed.ok) return parsed.value;
      reportError(this.#c.host, 'bad-attribute', `play() ${name}: ${parsed.message}`);
      return undefined;
    };
    const repetitions = check('repetitions', options.repetitions, parseRepetitions);
    this.#pendingLimit = repetitions === undefined ? this.repetitions : repetitions;
    let loop = check('loop', options.loop, parseLoop) ?? this.loop ?? undefined;
    // one play of a looping clip is a `once`
    if (this.#pendingLimit === 1 && loop !== 'clamp') loop = 'once';
    const start = check('start', options.start, parseClipTime);
    const end = check('end', options.end, parseClipTime);
    const window = this.#window(
      this.#c.rig()?.clipLength(clip) ?? 0,
      start ?? this.clipStart,
      end ?? this.clipEnd,
      start ? 'play() start' : 'clip-start',
      end ? 'play() end' : 'clip-end',
    );
    return {
      fade: check('fade', options.fade, parseFade) ?? this.fade,
      speed: check('speed', options.speed, parseNumber),
      loop,
      start: window.start,
      end: window.end,
      blend: check('blend', options.blend, parseBlend),
    };
  }

  /**
   * A play window in seconds of a clip `length` long; unset bounds are the clip's ends. An inverted window
   * reports `bad-attribute` naming both values and gives the whole clip.
   */
  #window(length: number, start: ClipTime | null, end: ClipTime | null, startName: string, endName: string) {
    const from = start ? Math.min(length, resolveClipTime(start, length)) : 0;
    const to = end ? Math.min(length, resolveClipTime(end, length)) : length;
    if (from <= to) return { start: from, end: to };
    reportError(
      this.#c.host,
      'bad-attribute',
      `${startName} ${formatClipTime(start!)} is after ${endName} ${end ? formatClipTime(end) : 'the clip’s end'} (the clip is ${length}s): the whole clip plays`,
    );
    return { start: 0, end: length };
  }

  /** The slots of this model's humanoid map under `rig`, null when it has none (reported only when a clip needs it). */
  humanoidSlots(rig: CharacterRig): string[] | null {
    try {
      return [...rig.humanoid('this character’s rig').map.found];
    } catch {
      return null;
    }
  }

  /** The humanoid map clips are retargeted through: the `rig` attribute with the `<anim-rig>` children's slots over it. */
  effectiveRig(): RigChoice {
    // an <anim-rig> whose entry the page did not import is an unknown element, left out
    const children = [...this.#c.host.querySelectorAll<AnimRig>(':scope > anim-rig:defined')];
    if (children.length === 0) return this.rigChoice;
    const map = typeof this.rigChoice === 'object' ? { ...this.rigChoice } : {};
    for (const child of children) Object.assign(map, child.map);
    return map;
  }

  /** Binds the `<anim-clip src>` definitions anew (files load once per page); the latest call wins. */
  async bindExternalClips(): Promise<void> {
    const rig = this.#c.rig();
    if (!rig) return;
    const token = ++this.#externalToken;
    // the humanoid map changes with the rig choice: ragdolls and cloth made from now on use it too
    rig.rigChoice = this.effectiveRig();
    const loading = loadedCharacterCode()
      .resolveExternalClips(this.definitions(), rig.binding.asset, rig.rigChoice)
      .then((external) => {
        if (rig !== this.#c.rig() || token !== this.#externalToken) return;
        rig.setExternalClips(external);
        this.#c.redraw();
      });
    this.#externalLoading = loading;
    await loading;
    if (this.#externalLoading === loading) this.#externalLoading = null;
  }

  definitions(): ClipDefinition[] {
    return [...this.#c.host.querySelectorAll<AnimClip>(':scope > anim-clip')]
      .filter((c) => typeof c.definition === 'object' && c.name !== '')
      .map((c) => c.definition);
  }

  /** The rig's reports, turned into queued DOM events (the rig calls these inside the frame). */
  readonly listener: RigListener = {
    loop: (clip, count) => {
      queueEvent(this.#c.host, 'anim-loop', { clip, count });
      this.#countLoop(clip, count);
    },
    finish: (clip) => queueEvent(this.#c.host, 'anim-finish', { clip }),
    event: (clip, event, time) =>
      queueEvent(this.#c.host, 'anim-event', { name: event.name, clip, time, data: event.data }),
    warpEnd: (clip, completed) => queueEvent(this.#c.host, 'anim-warp-end', { warp: this.warpName, clip, completed }),
    problem: (error) => {
      // a rebind repeats the problems of definitions nobody touched: each is reported once
      if (this.#reportedProblems.has(error.message)) return;
      this.#reportedProblems.add(error.message);
      reportError(this.#c.host, error.code, error.message);
    },
  };
}
