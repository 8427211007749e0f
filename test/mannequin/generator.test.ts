import { expect } from '@open-wc/testing';
import { decode } from 'fast-png';
import type { Mesh, SkinnedMesh } from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { generateMannequinGlb, generatePropGlbs, generateWalkSprites } from '../../scripts/mannequin/generate';
import { JOINT_NAMES } from '../../scripts/mannequin/skeleton';
import { SPRITE_FRAME_SIZE } from '../../scripts/mannequin/sprites';
import { fetchBytes, loadMannequin } from './mannequin-fixture';

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

describe('mannequin generator', () => {
  it('run in the page, writes exactly the committed assets/mannequin.glb (run `npm run generate` if not)', async () => {
    const generated = await generateMannequinGlb();
    const committed = await fetchBytes('/assets/mannequin.glb');
    expect(generated.length, 'byte length').to.equal(committed.length);
    expect(sameBytes(generated, committed), 'identical bytes').to.equal(true);
  });

  it('writes exactly the committed props (assets/props/: sword, shield, lantern), each a mesh without a skin', async () => {
    const props = await generatePropGlbs();
    expect(props.map(([file]) => file)).to.deep.equal(['sword.glb', 'shield.glb', 'lantern.glb']);
    for (const [file, bytes] of props) {
      const committed = await fetchBytes(`/assets/props/${file}`);
      expect(sameBytes(bytes, committed), `${file}: run \`npm run generate\``).to.equal(true);
      const gltf = await new GLTFLoader().parseAsync(committed.buffer as ArrayBuffer, '');
      let meshes = 0;
      gltf.scene.traverse((o) => {
        if ((o as Mesh).isMesh) meshes++;
        expect((o as SkinnedMesh).isSkinnedMesh, file).to.not.equal(true);
      });
      expect(meshes, `${file} meshes`).to.be.above(0);
      expect(gltf.animations, `${file} clips`).to.have.length(0);
    }
  });

  it('has an Armature with every humanoid joint, one skin over all of them, and a skinned Body', async () => {
    const gltf = await loadMannequin();
    const armature = gltf.scene.getObjectByName('Armature')!;
    expect(armature, 'Armature').to.not.equal(undefined);
    expect(armature.position.toArray()).to.deep.equal([0, 0, 0]);
    for (const name of JOINT_NAMES) {
      const bone = armature.getObjectByName(name);
      expect(bone?.type, name).to.equal('Bone');
    }
    const body = gltf.scene.getObjectByName('Body')!;
    const skinned: SkinnedMesh[] = [];
    body.traverse((o) => {
      if ((o as SkinnedMesh).isSkinnedMesh) skinned.push(o as SkinnedMesh);
    });
    expect(skinned.length, 'skinned primitives').to.equal(2);
    expect(skinned[0].skeleton.bones.map((b) => b.name)).to.have.members([...JOINT_NAMES]);
  });

  it('is 2–5k triangles with unit normals and at most four normalized weights per vertex', async () => {
    const gltf = await loadMannequin();
    let triangles = 0;
    gltf.scene.getObjectByName('Body')!.traverse((o) => {
      const mesh = o as Mesh;
      if (!mesh.isMesh) return;
      const g = mesh.geometry;
      triangles += g.index!.count / 3;
      const normal = g.getAttribute('normal');
      const weight = g.getAttribute('skinWeight');
      expect(weight.itemSize).to.equal(4);
      for (let i = 0; i < normal.count; i++) {
        const length = Math.hypot(normal.getX(i), normal.getY(i), normal.getZ(i));
        expect(Math.abs(length - 1), `normal ${i}`).to.be.below(1e-3);
        const sum = weight.getX(i) + weight.getY(i) + weight.getZ(i) + weight.getW(i);
        expect(Math.abs(sum - 1), `weights ${i}`).to.be.below(1e-5);
      }
    });
    expect(triangles).to.be.within(2000, 5000);
  });

  it('blends vertices across joints: some vertices are shared by two bones', async () => {
    const gltf = await loadMannequin();
    let blended = 0;
    gltf.scene.getObjectByName('Body')!.traverse((o) => {
      const mesh = o as Mesh;
      if (!mesh.isMesh) return;
      const weight = mesh.geometry.getAttribute('skinWeight');
      for (let i = 0; i < weight.count; i++) if (weight.getX(i) > 0.05 && weight.getX(i) < 0.95) blended++;
    });
    expect(blended).to.be.above(200);
  });

  it('writes a walk sprite sheet: 4 × 2 frames of 128 px, each drawn and each different, matching the committed PNG', async () => {
    const committed = await fetchBytes('/assets/mannequin-walk-sprites.png');
    const sheet = generateWalkSprites();
    expect(sameBytes(sheet.png, committed), 'committed PNG is up to date').to.equal(true);
    const atlas = await (await fetch('/assets/mannequin-walk-sprites.json')).json();
    expect(atlas).to.deep.equal(JSON.parse(JSON.stringify(sheet.atlas)));

    const png = decode(committed);
    expect([png.width, png.height, png.channels]).to.deep.equal([512, 256, 4]);
    expect(atlas.meta.size).to.deep.equal({ w: 512, h: 256 });
    const frames = Object.values(atlas.frames) as Array<{ frame: { x: number; y: number; w: number; h: number } }>;
    expect(frames.length).to.equal(8);
    // RGBA of a frame's pixels, so that two frames half a cycle apart (legs swapped, near and far in
    // different shades) count as different.
    const pixelsOf = ({ x, y, w, h }: { x: number; y: number; w: number; h: number }) => {
      const out: number[] = [];
      for (let j = 0; j < h; j++) {
        for (let i = 0; i < w; i++) {
          const at = ((y + j) * png.width + x + i) * 4;
          out.push((png.data[at] << 24) | (png.data[at + 1] << 16) | (png.data[at + 2] << 8) | png.data[at + 3]);
        }
      }
      return out;
    };
    const frameAt = frames.map(({ frame }) => {
      expect([frame.w, frame.h]).to.deep.equal([SPRITE_FRAME_SIZE, SPRITE_FRAME_SIZE]);
      return pixelsOf(frame);
    });
    for (const pixels of frameAt) {
      expect(pixels.filter((p) => (p & 0xff) > 128).length, 'drawn pixels').to.be.above(800);
    }
    for (let a = 0; a < frameAt.length; a++) {
      for (let b = a + 1; b < frameAt.length; b++) {
        const differing = frameAt[a].filter((p, i) => p !== frameAt[b][i]).length;
        expect(differing, `frames ${a} and ${b} differ`).to.be.above(100);
      }
    }
  });
});
