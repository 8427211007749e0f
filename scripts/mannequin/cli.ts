// `npm run generate`: writes the mannequin GLB, its walk sprite sheet, its rig variants and its props into assets/.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateMannequinGlb, generatePropGlbs, generateRigGlb, generateWalkSprites } from './generate';
import { RIG_STYLES } from './rigs';
import { SPRITE_FILE } from './sprites';

const assets = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'assets');
mkdirSync(assets, { recursive: true });

const glb = await generateMannequinGlb();
writeFileSync(join(assets, 'mannequin.glb'), glb);

const sprites = generateWalkSprites();
writeFileSync(join(assets, SPRITE_FILE), sprites.png);
writeFileSync(join(assets, SPRITE_FILE.replace(/\.png$/, '.json')), `${JSON.stringify(sprites.atlas, null, 2)}\n`);

console.log(`assets/mannequin.glb ${glb.byteLength} bytes; assets/${SPRITE_FILE} ${sprites.width}×${sprites.height}`);

mkdirSync(join(assets, 'rigs'), { recursive: true });
for (const style of RIG_STYLES) {
  const rig = await generateRigGlb(style);
  writeFileSync(join(assets, 'rigs', `${style.file}.glb`), rig);
  console.log(`assets/rigs/${style.file}.glb ${rig.byteLength} bytes`);
}

mkdirSync(join(assets, 'props'), { recursive: true });
for (const [file, bytes] of await generatePropGlbs()) {
  writeFileSync(join(assets, 'props', file), bytes);
  console.log(`assets/props/${file} ${bytes.byteLength} bytes`);
}
