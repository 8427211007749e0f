// The page each consumer check opens: a scene with the packaged mannequin, and a report of what it saw.
// `head` is the page's way of loading the library (an import map, or one script).
export function consumerPage(head, libraryImport, assetsImport) {
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
      resolve({ clips: hero.clips, image: scene.screenshot() });
    });
    hero.src = mannequinUrl;
  });
</script>
</body></html>`;
}
