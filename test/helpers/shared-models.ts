/**
 * Models the tests load. The repository carries what every oracle needs: the mannequin, its rig variants in
 * other exporters' namings (assets/rigs/, from scripts/mannequin/rigs.ts) and two redistributable real files
 * (assets/third-party/, licences beside them). The real models in ../shared/models/ (served at
 * /shared-models/ by the test runner, or hidden with ANIM_NO_SHARED_MODELS=1) belong to other people and
 * stay outside the project: tests on them are extra coverage, defined only where the folder is served, so
 * that a clean clone runs every test and skips none.
 */
export const MODELS = {
  mannequin: '/assets/mannequin.glb',
  /** 65 `mixamorig:` joints, centimetres under an armature scaled 0.01. */
  mixamo: '/assets/rigs/mixamo-style.glb',
  /** Rigify deform bones (`DEF-thigh.L`), bones along +Y. */
  rigify: '/assets/rigs/rigify-style.glb',
  /** 3ds Max Biped names (`Bip01 L Thigh`) under a `Bip01` root, facing −Z. */
  biped: '/assets/rigs/biped-style.glb',
  /** Unreal names (`thigh_l`, `spine_01`) under `root`, centimetres. */
  unreal: '/assets/rigs/unreal-style.glb',
  /** CC0: 43 joints, two skins, morph targets on the face, 14 clips. */
  robot: '/assets/third-party/RobotExpressive.glb',
  /** CC-BY 4.0: a quadruped, LINEAR and STEP channels, joints children first. */
  fox: '/assets/third-party/Fox.glb',
} as const;

export const SHARED = '/shared-models/';

/** The bytes at `url`; a missing file fails the test (the repository's models are always there). */
export async function fetchModel(url: string): Promise<ArrayBuffer> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.arrayBuffer();
}

let present: Promise<boolean> | undefined;

/** Whether ../shared/models/ is served: await it at a test file's top level to define the extra tests. */
export function sharedModelsPresent(): Promise<boolean> {
  present ??= fetch(`${SHARED}README.md`, { method: 'HEAD' }).then((r) => r.ok);
  return present;
}

/** `it` where `condition` holds; otherwise the test is not defined at all (not a skip: a clean clone skips none). */
export function itIf(condition: boolean): (title: string, fn: Mocha.Func | Mocha.AsyncFunc) => void {
  return condition ? (title, fn) => it(title, fn) : () => undefined;
}
