/** Cloth: a position-based (Verlet) solver over a mesh's own vertices. Pure: no DOM, no three.js. */
export {
  buildCloth,
  CAPSULE_FLOATS,
  CLOTH_MAX_SUBSTEPS,
  CLOTH_SUBSTEP,
  type Cloth,
  type ClothMesh,
  checkSettings,
  setClothSettings,
} from './build-cloth.js';
export { type ClothPins, type ClothSettings, DEFAULT_CLOTH_SETTINGS } from './settings.js';
export { advanceCloth, placeCloth, setClothAnchors, setClothCapsule, TELEPORT_DISTANCE } from './step-cloth.js';
export { type Welded, weldVertices } from './weld.js';
export { writeClothVertices } from './write-back.js';
