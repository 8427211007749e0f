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
    hero.addEventListener('anim-error', (e) => resolve({ error: e.detail }));
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
