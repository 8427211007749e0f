/** Cloth: a position-based (Verlet) solver over a mesh's own vertices. Pure: no DOM, no three.js. */
export {
  buildCloth,
  CAPSULE_FLOATS,
  CLOTH_MAX_SUBSTEPS,
  CLOTH_SUBSTEP,
  type Cloth,
  type ClothMesh,
  type ClothPins,
  type ClothSettings,
  checkSettings,
  DEFAULT_CLOTH_SETTINGS,
  setClothSettings,
} from './build-cloth.js';
export { advanceCloth, placeCloth, setClothAnchors, setClothCapsule, TELEPORT_DISTANCE } from './step-cloth.js';
export { type Welded, weldVertices } from './weld.js';
export { writeClothVertices } from './write-back.js';
