// Scenery for the IK demo and stories: a ball to reach for, uneven ground to walk over, and a walker that
// paces the mannequin back and forth across it, its feet left to foot IK.
import {
  ExtrudeGeometry,
  type Group,
  Mesh,
  MeshStandardMaterial,
  Plane,
  Raycaster,
  Shape,
  SphereGeometry,
  Vector2,
  Vector3,
} from 'three';
import type { AnimCharacter } from '../src/elements/anim-character.js';
import type { AnimScene } from '../src/elements/anim-scene.js';
import { groundProbeOf } from '../src/scene/ground-probe.js';
import type { Actor } from '../src/scene/stage.js';

const RAMP = Math.tan((15 * Math.PI) / 180);

/**
 * The terrain's side profile along x (metres): flat floor, a 15° ramp up to a landing, then three steps
 * down to the floor. Extruded 1.6 m deep, centred on z = 0.
 */
const PROFILE: [number, number][] = [
  [-1.3, 0],
  [-0.3, RAMP],
  [0.4, RAMP],
  [0.4, RAMP - 0.09],
  [0.8, RAMP - 0.09],
  [0.8, RAMP - 0.18],
  [1.2, RAMP - 0.18],
  [1.2, 0],
];

/** The ramp and steps as one mesh, to hang under an `<anim-model ground>`. */
export function terrainMesh(): Mesh {
  const shape = new Shape();
  shape.moveTo(PROFILE[0][0], PROFILE[0][1]);
  for (const [x, y] of PROFILE.slice(1)) shape.lineTo(x, y);
  shape.closePath();
  const geometry = new ExtrudeGeometry(shape, { depth: 1.6, bevelEnabled: false });
  geometry.translate(0, 0, -0.8);
  const mesh = new Mesh(geometry, new MeshStandardMaterial({ color: '#b9b2a6', roughness: 0.9 }));
  mesh.name = 'ik-terrain';
  mesh.receiveShadow = true;
  return mesh;
}

/** A small red ball, to hang under an `<anim-model>` a hand reaches for. */
export function ballMesh(radius = 0.06): Mesh {
  const mesh = new Mesh(
    new SphereGeometry(radius, 32, 16),
    new MeshStandardMaterial({ color: '#d2452f', roughness: 0.35 }),
  );
  mesh.name = 'ik-ball';
  return mesh;
}

/** Fills a model's group with a mesh once (a story re-rendering keeps the one it made). */
export function dress(group: Group, make: () => Mesh): void {
  if (group.children.length === 0) group.add(make());
}

/**
 * Paces a character back and forth along x between `from` and `to` at `speed` m/s, turning at each end, its
 * height following the ground under it (smoothed, as a character controller would). Its clip's stride keeps
 * the feet in pace. Returns the function that stops it.
 */
export function walkBackAndForth(
  scene: AnimScene,
  character: AnimCharacter,
  options: { from?: number; to?: number; speed?: number; z?: number } = {},
): () => void {
  const { from = -2.2, to = 2.2, speed = 0.9, z = 0 } = options;
  const stage = scene.stage;
  if (!stage) return () => {};
  const probe = groundProbeOf(stage);
  const hit = new Float32Array(7);
  /** The probe's ray: from (x, 2, z), 4 m down. */
  const ray = new Float64Array([0, 2, 0, 4]);
  let x = from;
  let direction = 1;
  let y = 0;
  const actor: Actor = {
    update(dt) {
      if (!(dt > 0)) return;
      x += direction * speed * dt;
      if (x > to || x < from) {
        direction = -direction;
        x = Math.min(to, Math.max(from, x));
      }
      ray[0] = x;
      ray[2] = z;
      const ground = probe.castDown(ray, 0, hit, 0) ? hit[2] : 0;
      y += (ground - y) * Math.min(1, dt * 10);
      character.position = [x, y, z];
      character.heading = direction > 0 ? 90 : -90;
    },
  };
  stage.addActor(actor);
  return () => stage.removeActor(actor);
}

/**
 * Drags a 3D object with the pointer over a canvas: a press on the object picks it up, moving slides it on
 * the plane facing the camera through it, and `onMove` gets its new position. Orbit controls pause while
 * dragging. Returns the function that stops listening.
 */
export function dragObject(
  scene: AnimScene,
  object: Group,
  onMove: (x: number, y: number, z: number) => void,
): () => void {
  const stage = scene.stage;
  if (!stage) return () => {};
  const canvas = stage.canvas;
  const raycaster = new Raycaster();
  const pointer = new Vector2();
  const plane = new Plane();
  const point = new Vector3();
  const normal = new Vector3();
  let dragging = false;
  let controls = false;
  const aim = (event: PointerEvent) => {
    const rect = canvas.getBoundingClientRect();
    pointer.set(
      ((event.clientX - rect.left) / rect.width) * 2 - 1,
      -((event.clientY - rect.top) / rect.height) * 2 + 1,
    );
    raycaster.setFromCamera(pointer, stage.camera);
  };
  const down = (event: PointerEvent) => {
    aim(event);
    if (raycaster.intersectObject(object, true).length === 0) return;
    dragging = true;
    controls = scene.controls;
    scene.controls = false;
    canvas.setPointerCapture(event.pointerId);
    object.getWorldPosition(point);
    stage.camera.getWorldDirection(normal);
    plane.setFromNormalAndCoplanarPoint(normal, point);
  };
  const move = (event: PointerEvent) => {
    if (!dragging) return;
    aim(event);
    if (raycaster.ray.intersectPlane(plane, point)) onMove(point.x, point.y, point.z);
  };
  const up = () => {
    if (!dragging) return;
    dragging = false;
    scene.controls = controls;
  };
  canvas.addEventListener('pointerdown', down, { capture: true });
  canvas.addEventListener('pointermove', move);
  canvas.addEventListener('pointerup', up);
  return () => {
    canvas.removeEventListener('pointerdown', down, { capture: true });
    canvas.removeEventListener('pointermove', move);
    canvas.removeEventListener('pointerup', up);
  };
}

/**
 * Calls `onAim` with the point under the pointer on a vertical plane `distance` metres in front of the camera's
 * target (where the character stands), so a head can follow the pointer. Returns the function that stops it.
 */
export function followPointer(
  scene: AnimScene,
  onAim: (x: number, y: number, z: number) => void,
  distance = 1.2,
): () => void {
  const stage = scene.stage;
  if (!stage) return () => {};
  const canvas = stage.canvas;
  const raycaster = new Raycaster();
  const pointer = new Vector2();
  const plane = new Plane();
  const point = new Vector3();
  const toward = new Vector3();
  const move = (event: PointerEvent) => {
    const rect = canvas.getBoundingClientRect();
    pointer.set(
      ((event.clientX - rect.left) / rect.width) * 2 - 1,
      -((event.clientY - rect.top) / rect.height) * 2 + 1,
    );
    raycaster.setFromCamera(pointer, stage.camera);
    // a plane facing the camera, `distance` in front of the stage's centre toward the camera
    stage.camera.getWorldDirection(toward).setY(0).normalize().negate();
    point.copy(toward).multiplyScalar(distance);
    plane.setFromNormalAndCoplanarPoint(toward, point);
    if (raycaster.ray.intersectPlane(plane, point)) onAim(point.x, point.y, point.z);
  };
  canvas.addEventListener('pointermove', move);
  return () => canvas.removeEventListener('pointermove', move);
}
