// The generator's entry points, free of the file system so they run in Node (cli.ts) and in a page (tests).
import { buildCape } from './cape';
import { buildClip } from './clip';
import { writeMannequinGlb } from './glb';
import { clipLibrary } from './library';
import { buildBody } from './mesh';
import { PROPS, writePropGlb } from './props';
import { type RigStyle, writeRigGlb } from './rigs';
import { renderWalkSprites, type SpriteSheet } from './sprites';

export function mannequinClips() {
  return clipLibrary().map(buildClip);
}

export function generateMannequinGlb(): Promise<Uint8Array> {
  return writeMannequinGlb({ ...buildBody(), cape: buildCape(), clips: mannequinClips() });
}

/** The mannequin's body and clips on another exporter's skeleton (scripts/mannequin/rigs.ts). */
export function generateRigGlb(style: RigStyle): Promise<Uint8Array> {
  return writeRigGlb(style, buildBody(), mannequinClips());
}

export function generateWalkSprites(): SpriteSheet {
  const walk = mannequinClips().find((c) => c.name === 'walk-inplace')!;
  return renderWalkSprites(walk);
}

/** The props (scripts/mannequin/props.ts), by file name. */
export function generatePropGlbs(): Promise<Array<[string, Uint8Array]>> {
  return Promise.all(
    PROPS.map(async (make) => [`${make().name.toLowerCase()}.glb`, await writePropGlb(make())] as [string, Uint8Array]),
  );
}
