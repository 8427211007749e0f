import 'anim-elements';
import type {} from 'anim-elements/react';
export function App() {
  return (
    <anim-scene shadows ground>
      <anim-character src="hero.glb" clip="idle" speed={2} onanim-load={(e) => e.detail.clips.join()} />
      {/* @ts-expect-error: speed is a number */}
      <anim-character speed={{}} />
      {/* @ts-expect-error: anim-load's detail has no src on a character */}
      <anim-character onanim-load={(e) => e.detail.nope} />
    </anim-scene>
  );
}
