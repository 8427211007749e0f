// The mannequin's clips by name, in the order the library builds them (and the gallery shows them): the one
// list that stories, tests and the generator share. Free of three.js, so a story can import it cheaply.
export const MANNEQUIN_CLIPS = [
  'idle',
  'walk',
  'walk-inplace',
  'run',
  'run-inplace',
  'jump',
  'fall',
  'land',
  'land-hard',
  'wave',
  'punch',
  'crouch-idle',
  'crouch-walk',
  'strafe-left',
  'strafe-right',
  'turn-left',
  'turn-right',
  'get-up',
  'get-up-front',
  'death',
  'vault',
  'climb',
] as const;

export type MannequinClip = (typeof MANNEQUIN_CLIPS)[number];
