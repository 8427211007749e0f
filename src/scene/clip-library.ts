import { resolveMask } from '../graph/index.js';
import {
  type ClipBinding,
  type ClipTime,
  formatClipTime,
  type PlaybackClip,
  resolveClipTime,
  type Skeleton,
  type WrapMode,
} from '../runtime/core.js';
import { detectFootMarkers } from '../runtime/foot-markers.js';
import { mapHumanoid } from '../runtime/retarget/humanoid-map.js';
import { HUMANOID_SLOTS } from '../runtime/retarget/slots.js';
import type { MarkerInput } from '../runtime/sync-markers.js';
import { CodedError } from './coded-error.js';

/** A timed event on a logical clip: `time` in seconds from the clip's start. */
export interface ClipEventDefinition {
  readonly time: number;
  readonly name: string;
  readonly data: unknown;
}

/**
 * A logical clip as a page defines it (`<anim-clip>`): a name, the model clip it plays (`from`, default the
 * name), an optional slice of it (seconds or a share of the model clip), play defaults and timed events.
 */
export interface ClipDefinition {
  readonly name: string;
  readonly from?: string;
  readonly start?: ClipTime;
  readonly end?: ClipTime;
  readonly loop?: WrapMode;
  readonly speed?: number;
  readonly events?: readonly ClipEventDefinition[];
  /** A clip from another file, `pack.glb#Run` (the name after `#`, else `from`, else `name`). */
  readonly src?: string;
  /** Play the other file's clip through the humanoid maps of both rigs, not by node name. */
  readonly retarget?: boolean;
  /** Metres one cycle covers (default the clip's `extras.stride`): with root motion off it follows the ground speed. */
  readonly stride?: number;
  /** Plays as an overlay on these joints: `upper-body`, `lower-body`, or joint names (each with its subtree). */
  readonly mask?: readonly string[];
  /** Plays as an overlay adding its motion (from its first frame) to what plays below it. */
  readonly additive?: boolean;
  /** Sync markers, seconds from the clip's start (`<anim-marker>`); with the file's (`extras.markers`). */
  readonly markers?: readonly MarkerInput[];
  /** Find foot-down markers (`left-foot`, `right-foot`) from the feet's heights (`markers="auto"`). */
  readonly autoMarkers?: boolean;
}

/** Clips from other files (definitions with `src`), by `externalClipKey`: bound to this model, or why not. */
export type ExternalClips = ReadonlyMap<string, ClipBinding | CodedError>;

export function externalClipKey(definition: ClipDefinition): string {
  return `${definition.src}|${definition.from ?? ''}|${definition.name}|${definition.retarget ? 'retarget' : 'names'}`;
}

/**
 * A clip a character can play. Its timeline starts at 0: a slice of a long take reads as a clip of its own,
 * so its time, duration and event times are measured from the slice's start.
 */
export interface LogicalClip {
  readonly name: string;
  /** The slice of the model clip, in seconds of the model clip. */
  readonly start: number;
  readonly end: number;
  /** Events in time order (times from `start`), matching `playback.eventTimes` index for index. */
  readonly events: readonly ClipEventDefinition[];
  readonly playback: PlaybackClip;
  /** Metres one cycle covers on the ground (0: none): the definition's, else the clip's `extras.stride`. */
  readonly stride: number;
  /** Whether the page asked for the stride (`<anim-clip stride>`), rather than the file carrying one. */
  readonly strideAsked: boolean;
  /** Sync markers, seconds from `start`, ascending; null when the clip has none. */
  readonly markers: readonly MarkerInput[] | null;
}

export interface ClipLibrary {
  readonly clips: readonly LogicalClip[];
  readonly indexByName: ReadonlyMap<string, number>;
  /** Definitions that could not be honoured, each as one coded error; the rest of the library stands. */
  readonly problems: readonly CodedError[];
}

/**
 * The clips a character can play: every model clip under its own name, then each definition (which
 * replaces a model clip of the same name). A definition whose `from` the model lacks is reported as
 * `unknown-clip` and left out; an event past the end of its clip is reported as `bad-attribute`. A
 * definition with a `src` plays its entry in `external` (one still loading is left out for now; one that
 * failed is reported with its own code).
 */
export function buildClipLibrary(
  skeleton: Skeleton,
  modelClips: readonly ClipBinding[],
  definitions: readonly ClipDefinition[],
  external: ExternalClips = new Map(),
): ClipLibrary {
  const clips: LogicalClip[] = [];
  const indexByName = new Map<string, number>();
  const problems: CodedError[] = [];
  const byModelName = new Map<string, ClipBinding>();
  for (const binding of modelClips)
    if (!byModelName.has(binding.clip.name)) byModelName.set(binding.clip.name, binding);

  const put = (clip: LogicalClip) => {
    const existing = indexByName.get(clip.name);
    if (existing === undefined) indexByName.set(clip.name, clips.push(clip) - 1);
    else clips[existing] = clip;
  };
  for (const binding of byModelName.values()) put(logicalClip(binding.clip.name, binding, {}, skeleton, problems));
  for (const definition of definitions) {
    if (definition.src) {
      const found = external.get(externalClipKey(definition));
      if (found instanceof CodedError) problems.push(found);
      else if (found) put(logicalClip(definition.name, found, definition, skeleton, problems));
      continue;
    }
    const from = definition.from || definition.name;
    const binding = byModelName.get(from);
    if (!binding) {
      const known = [...byModelName.keys()].join(', ') || 'none';
      problems.push(
        new CodedError(
          'unknown-clip',
          `clip "${definition.name}" plays "${from}", which the model lacks (it has ${known})`,
        ),
      );
      continue;
    }
    put(logicalClip(definition.name, binding, definition, skeleton, problems));
  }
  return { clips, indexByName, problems };
}

function logicalClip(
  name: string,
  binding: ClipBinding,
  definition: Partial<ClipDefinition>,
  skeleton: Skeleton,
  problems: CodedError[],
): LogicalClip {
  const duration = binding.clip.duration;
  let start = clamp(definition.start ? resolveClipTime(definition.start, duration) : 0, 0, duration);
  let end = clamp(definition.end ? resolveClipTime(definition.end, duration) : duration, 0, duration);
  if (start > end) {
    // an inverted slice would freeze on one frame: the whole clip plays instead
    const bounds = `start ${formatClipTime(definition.start!)} is after end ${formatClipTime(definition.end!)}`;
    const of = `in the ${duration.toFixed(3)}s clip "${binding.clip.name}"`;
    problems.push(new CodedError('bad-attribute', `clip "${name}": ${bounds} ${of}; the whole clip plays`));
    [start, end] = [0, duration];
  }
  const events = [...(definition.events ?? [])].sort((a, b) => a.time - b.time);
  for (const event of events) {
    if (event.time > end - start) {
      problems.push(
        new CodedError(
          'bad-attribute',
          `event "${event.name}" at ${event.time}s lies past the end of clip "${name}" (${(end - start).toFixed(3)}s); it never fires`,
        ),
      );
    }
  }
  return {
    name,
    start,
    end,
    events,
    stride: definition.stride ?? extrasStride(binding),
    strideAsked: definition.stride !== undefined,
    markers: clipMarkers(name, binding, definition, skeleton, start, end, problems),
    playback: {
      binding,
      start,
      end,
      loop: definition.loop,
      speed: definition.speed,
      eventTimes: events.length > 0 ? Float32Array.from(events, (e) => start + e.time) : undefined,
      mask: overlayMask(name, definition.mask, skeleton, problems),
      additive: definition.additive === true,
    },
  };
}

/** The per-joint weights of a definition's mask (null without one); names the skeleton lacks are reported. */
function overlayMask(
  clip: string,
  words: readonly string[] | undefined,
  skeleton: Skeleton,
  problems: CodedError[],
): Float32Array | null {
  if (!words || words.length === 0) return null;
  const { mask, unknown } = resolveMask(words, skeleton);
  if (unknown.length > 0) {
    const known = skeleton.names.slice(0, 12).join(', ');
    problems.push(
      new CodedError(
        'unknown-bone',
        `clip "${clip}" mask: no bone ${unknown.map((w) => `"${w}"`).join(', ')} (bones: ${known}, …)`,
      ),
    );
  }
  return mask;
}

/**
 * A clip's sync markers, seconds from the slice's start: the file's (`extras.markers`, `[{name, time}]` in
 * seconds of the model clip), the definition's, and with `autoMarkers` the feet's touch-downs.
 */
function clipMarkers(
  clip: string,
  binding: ClipBinding,
  definition: Partial<ClipDefinition>,
  skeleton: Skeleton,
  start: number,
  end: number,
  problems: CodedError[],
): MarkerInput[] | null {
  const out: MarkerInput[] = [];
  const extras = binding.clip.extras.markers;
  if (Array.isArray(extras)) {
    for (const m of extras as { name?: unknown; time?: unknown }[]) {
      if (typeof m?.name === 'string' && typeof m.time === 'number') out.push({ name: m.name, time: m.time - start });
    }
  }
  out.push(...(definition.markers ?? []));
  if (definition.autoMarkers) {
    try {
      const { joints } = mapHumanoid(skeleton);
      const feet = [
        { name: 'left-foot', joint: joints[HUMANOID_SLOTS.indexOf('leftFoot')] },
        { name: 'right-foot', joint: joints[HUMANOID_SLOTS.indexOf('rightFoot')] },
      ].filter((f) => f.joint >= 0);
      out.push(...detectFootMarkers(binding, skeleton, feet, start, end));
    } catch {
      problems.push(
        new CodedError('no-humanoid', `clip "${clip}" markers="auto": the model's feet could not be found`),
      );
    }
  }
  const kept = out.filter((m) => m.time >= 0 && m.time <= end - start).sort((a, b) => a.time - b.time);
  return kept.length > 0 ? kept : null;
}

function extrasStride(binding: ClipBinding): number {
  const stride = binding.clip.extras.stride;
  return typeof stride === 'number' && stride > 0 ? stride : 0;
}

function clamp(value: number, min: number, max: number): number {
  return Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : min;
}
