// The page each consumer check opens: a scene with the packaged mannequin, and a report of what it saw.
// `head` is the page's way of loading the library (an import map, or one script). With `askPhysics`, once the
// mannequin drew the page asks for physics and reports every anim-error code the scene saw.
export function consumerPage(head, libraryImport, assetsImport, askPhysics = false) {
  return `<!doctype html>
<html><head><meta charset="utf-8">${head}</head>
<body style="margin:0">
<anim-scene ground style="display:block;width:480px;height:360px">
  <anim-character id="hero" clip="idle"></anim-character>
</anim-scene>
<script type="module">
  import ${JSON.stringify(libraryImport)};
  import { mannequinUrl } from ${JSON.stringify(assetsImport)};
  const hero = document.querySelector('#hero');
  const scene = document.querySelector('anim-scene');
  window.report = new Promise((resolve) => {
    hero.addEventListener('anim-error', (e) => resolve({ error: { code: e.detail.code, message: e.detail.message } }));
    hero.addEventListener('anim-load', async () => {
      await customElements.whenDefined('anim-scene');
      for (let i = 0; i < 10; i++) scene.step(1 / 30);
      const image = scene.screenshot();
      const physicsErrors = [];
      if (${askPhysics}) {
        scene.addEventListener('anim-error', (e) => physicsErrors.push(e.detail.code));
        scene.physics = true;
        await new Promise((done) => scene.addEventListener('anim-error', done, { once: true }));
        // a few more frames and requests: the one failure must not be reported again
        for (let i = 0; i < 10; i++) scene.step(1 / 30);
        scene.physics = false;
        await scene.updateComplete;
        scene.physics = true;
        await new Promise((done) => setTimeout(done, 500));
      }
      resolve({ clips: hero.clips, image, physicsErrors });
    });
    hero.src = mannequinUrl;
  });
</script>
</body></html>`;
}

// A page of the elements the page draws itself, each from its own entry: a tween of a CSS custom property and
// a sprite drawn with CSS from the package's sprite sheet, both stepped by hand; it reports what they showed.
export function domOnlyPage(head) {
  return `<!doctype html>
<html><head><meta charset="utf-8">${head}</head>
<body>
<div id="glow" style="box-shadow: 0 0 var(--glow) gold">
  <anim-tween property="--glow" from="0px" to="24px" duration="1s" fill="forwards"></anim-tween>
</div>
<anim-sprite id="walker"></anim-sprite>
<script type="module">
  import 'anim-elements/elements/anim-tween.js';
  import 'anim-elements/elements/anim-sprite.js';
  import { mannequinWalkSheetUrl } from 'anim-elements/assets';
  const tween = document.querySelector('anim-tween');
  const sprite = document.querySelector('#walker');
  window.report = new Promise((resolve) => {
    sprite.addEventListener('anim-error', (e) => resolve({ error: e.detail.message }));
    sprite.addEventListener('anim-load', async () => {
      await tween.updateComplete;
      tween.play();
      tween.step(2);
      sprite.step(0.5);
      const glow = getComputedStyle(document.querySelector('#glow')).getPropertyValue('--glow').trim();
      resolve({ glow, frame: sprite.frame, frames: sprite.frameCount });
    });
    sprite.src = mannequinWalkSheetUrl;
  });
</script>
</body></html>`;
}
