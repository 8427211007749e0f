// A sprite sheet of a clip drawn by the script itself: the posed skeleton seen from the character's right side
// (walking toward the right of the picture), limbs as thick round-capped strokes, antialiased by coverage,
// encoded as PNG. Beside it a TexturePacker "hash" atlas.
import { encode } from 'fast-png';
import { type BuiltClip, sampleClip } from './clip';
import { forwardKinematics, worldPoint } from './pose';
import type { JointName } from './skeleton';

export const SPRITE_FRAME_SIZE = 128;
export const SPRITE_COLUMNS = 4;
export const SPRITE_ROWS = 2;
export const SPRITE_FILE = 'mannequin-walk-sprites.png';

type Rgb = readonly [number, number, number];

export interface TexturePackerAtlas {
  frames: Record<
    string,
    {
      frame: { x: number; y: number; w: number; h: number };
      rotated: false;
      trimmed: false;
      spriteSourceSize: { x: number; y: number; w: number; h: number };
      sourceSize: { w: number; h: number };
      duration: number;
    }
  >;
  meta: { app: string; image: string; format: 'RGBA8888'; size: { w: number; h: number }; scale: '1' };
}

export interface SpriteSheet {
  png: Uint8Array;
  atlas: TexturePackerAtlas;
  width: number;
  height: number;
}

/** Pixels per metre, and where the ground and the hips' line fall in a frame. */
const SCALE = 58;
const GROUND_Y = 121;
const CENTRE_X = 64;

const NEAR: Rgb = [196, 189, 178];
const FAR: Rgb = [142, 137, 130];
const ACCENT_NEAR: Rgb = [52, 64, 84];
const ACCENT_FAR: Rgb = [34, 42, 56];

class Canvas {
  readonly data: Uint8Array;
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.data = new Uint8Array(width * height * 4);
  }

  /** Blends a colour over a pixel with straight alpha. */
  private blend(x: number, y: number, [r, g, b]: Rgb, alpha: number): void {
    const i = (y * this.width + x) * 4;
    const dstA = this.data[i + 3] / 255;
    const outA = alpha + dstA * (1 - alpha);
    if (outA <= 0) return;
    const mix = (src: number, dst: number) => Math.round((src * alpha + dst * dstA * (1 - alpha)) / outA);
    this.data[i] = mix(r, this.data[i]);
    this.data[i + 1] = mix(g, this.data[i + 1]);
    this.data[i + 2] = mix(b, this.data[i + 2]);
    this.data[i + 3] = Math.round(outA * 255);
  }

  /** Anything whose signed distance (pixels, negative inside) is given, clipped to a frame's box. */
  fill(box: Box, bounds: Box, color: Rgb, distance: (x: number, y: number) => number, opacity = 1): void {
    const x0 = Math.max(bounds.x0, Math.floor(box.x0));
    const x1 = Math.min(bounds.x1, Math.ceil(box.x1));
    const y0 = Math.max(bounds.y0, Math.floor(box.y0));
    const y1 = Math.min(bounds.y1, Math.ceil(box.y1));
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) {
        const coverage = Math.min(1, Math.max(0, 0.5 - distance(x + 0.5, y + 0.5)));
        if (coverage > 0) this.blend(x, y, color, coverage * opacity);
      }
    }
  }
}

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

type Point = readonly [number, number];

function capsule(canvas: Canvas, frame: Box, a: Point, b: Point, radius: number, color: Rgb): void {
  const box = {
    x0: Math.min(a[0], b[0]) - radius - 1,
    y0: Math.min(a[1], b[1]) - radius - 1,
    x1: Math.max(a[0], b[0]) + radius + 1,
    y1: Math.max(a[1], b[1]) + radius + 1,
  };
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const lengthSq = dx * dx + dy * dy || 1;
  canvas.fill(box, frame, color, (x, y) => {
    const t = Math.min(1, Math.max(0, ((x - a[0]) * dx + (y - a[1]) * dy) / lengthSq));
    return Math.hypot(x - a[0] - t * dx, y - a[1] - t * dy) - radius;
  });
}

function ellipse(canvas: Canvas, frame: Box, c: Point, rx: number, ry: number, color: Rgb, opacity: number): void {
  const box = { x0: c[0] - rx - 1, y0: c[1] - ry - 1, x1: c[0] + rx + 1, y1: c[1] + ry + 1 };
  // Distance to an ellipse, approximated by scaling the distance to a circle: fine for a soft shadow.
  canvas.fill(
    box,
    frame,
    color,
    (x, y) => (Math.hypot((x - c[0]) / rx, (y - c[1]) / ry) - 1) * Math.min(rx, ry),
    opacity,
  );
}

/** Draws one pose of the clip into the frame whose top-left corner is (ox, oy). */
function drawFrame(canvas: Canvas, clip: BuiltClip, time: number, ox: number, oy: number): void {
  const world = forwardKinematics(sampleClip(clip, time));
  const frame = { x0: ox, y0: oy, x1: ox + SPRITE_FRAME_SIZE, y1: oy + SPRITE_FRAME_SIZE };
  // Seen from the right (−X): +Z is to the right of the picture, +Y up.
  const project = (p: { y: number; z: number }): Point => [ox + CENTRE_X + p.z * SCALE, oy + GROUND_Y - p.y * SCALE];
  const at = (joint: JointName) => project(world[joint].position);
  const local = (joint: JointName, offset: readonly [number, number, number]) =>
    project(worldPoint(world, joint, offset));
  const px = (metres: number) => metres * SCALE;

  ellipse(canvas, frame, [ox + CENTRE_X, oy + GROUND_Y + 1], px(0.3), px(0.04), [0, 0, 0], 0.18);

  const limbs = (side: 'Left' | 'Right', body: Rgb, accent: Rgb) => ({
    leg: () => {
      capsule(canvas, frame, at(`${side}UpperLeg`), at(`${side}LowerLeg`), px(0.075), body);
      capsule(canvas, frame, at(`${side}LowerLeg`), at(`${side}Foot`), px(0.052), body);
      const heel = local(`${side}Foot`, [0, -0.045, -0.03]);
      capsule(canvas, frame, heel, at(`${side}Toes`), px(0.04), accent);
      capsule(canvas, frame, at(`${side}Toes`), local(`${side}Toes`, [0, -0.005, 0.05]), px(0.022), accent);
    },
    arm: () => {
      capsule(canvas, frame, at(`${side}UpperArm`), at(`${side}LowerArm`), px(0.047), body);
      capsule(canvas, frame, at(`${side}LowerArm`), at(`${side}Hand`), px(0.038), body);
      capsule(
        canvas,
        frame,
        at(`${side}Hand`),
        local(`${side}Hand`, [side === 'Left' ? 0.1 : -0.1, 0, 0]),
        px(0.032),
        accent,
      );
    },
  });
  const far = limbs('Left', FAR, ACCENT_FAR);
  const near = limbs('Right', NEAR, ACCENT_NEAR);

  far.arm();
  far.leg();
  capsule(canvas, frame, local('Hips', [0, -0.02, -0.005]), at('Spine'), px(0.11), NEAR);
  capsule(canvas, frame, at('Spine'), local('Chest', [0, 0.12, 0.005]), px(0.112), NEAR);
  capsule(canvas, frame, at('Neck'), at('Head'), px(0.045), NEAR);
  const head = local('Head', [0, 0.075, 0.012]);
  capsule(canvas, frame, [head[0], head[1] - px(0.02)], [head[0], head[1] + px(0.015)], px(0.09), NEAR);
  capsule(canvas, frame, local('Head', [0, 0.09, 0.075]), local('Head', [0, 0.09, 0.105]), px(0.016), ACCENT_NEAR);
  near.leg();
  near.arm();
}

/** Eight frames of a looping clip in a 4 × 2 grid, with their atlas. */
export function renderWalkSprites(clip: BuiltClip, name = 'walk'): SpriteSheet {
  const width = SPRITE_FRAME_SIZE * SPRITE_COLUMNS;
  const height = SPRITE_FRAME_SIZE * SPRITE_ROWS;
  const canvas = new Canvas(width, height);
  const count = SPRITE_COLUMNS * SPRITE_ROWS;
  const frames: TexturePackerAtlas['frames'] = {};
  const size = SPRITE_FRAME_SIZE;
  for (let i = 0; i < count; i++) {
    const x = (i % SPRITE_COLUMNS) * size;
    const y = Math.floor(i / SPRITE_COLUMNS) * size;
    drawFrame(canvas, clip, (i / count) * clip.duration, x, y);
    frames[`${name}-${i}`] = {
      frame: { x, y, w: size, h: size },
      rotated: false,
      trimmed: false,
      spriteSourceSize: { x: 0, y: 0, w: size, h: size },
      sourceSize: { w: size, h: size },
      duration: Math.round((clip.duration / count) * 1000),
    };
  }
  const png = encode({ width, height, data: canvas.data, channels: 4, depth: 8 });
  return {
    png,
    width,
    height,
    atlas: {
      frames,
      meta: {
        app: 'anim-elements mannequin generator',
        image: SPRITE_FILE,
        format: 'RGBA8888',
        size: { w: width, h: height },
        scale: '1',
      },
    },
  };
}
