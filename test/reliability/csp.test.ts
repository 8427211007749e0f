/**
 * A page whose Content-Security-Policy lacks 'wasm-unsafe-eval' cannot compile Rapier's WebAssembly. Asking for
 * physics there is one coded `physics-failed` on the scene, nothing uncaught on the page (the browser's
 * CompileError stays inside the library), and the characters animate on. The page is an iframe whose srcdoc
 * carries the policy in a `<meta http-equiv>` and loads the library's modules from the test server.
 */
import { expect, fixture, fixtureCleanup, html, oneEvent } from '@open-wc/testing';
import type { AnimCharacter } from '../../src/elements/anim-character.js';
import type { AnimScene } from '../../src/elements/anim-scene.js';
import type { AnimErrorDetail } from '../../src/elements/errors.js';
import { collectErrors, MANNEQUIN, settle } from '../helpers/character.js';

const module = (path: string) => new URL(path, import.meta.url).href;

/** Scripts from this server and inline ones run; WebAssembly may not compile (no 'wasm-unsafe-eval'). */
const POLICY = "script-src 'self' 'unsafe-inline'";

interface StrictPage extends Window {
  uncaught: string[];
  WebAssembly: typeof WebAssembly;
}

/** The iframe's page: its scene and walking character, once the model is posed; `uncaught` from the start. */
async function strictPage() {
  const srcdoc = `<!doctype html>
    <meta http-equiv="Content-Security-Policy" content="${POLICY}">
    <script>
      window.uncaught = [];
      addEventListener('error', (e) => uncaught.push('error: ' + String(e.error ?? e.message)));
      addEventListener('unhandledrejection', (e) => uncaught.push('unhandledrejection: ' + String(e.reason?.stack ?? e.reason)));
    </script>
    <script type="module">
      import '${module('../../src/elements/anim-scene.ts')}';
      import '${module('../../src/elements/anim-character.ts')}';
    </script>
    <anim-scene paused style="width: 64px; height: 48px">
      <anim-character src="${new URL(MANNEQUIN, location.href).href}" clip="walk"></anim-character>
    </anim-scene>`;
  const frame = await fixture<HTMLIFrameElement>(html`<iframe .srcdoc=${srcdoc}></iframe>`);
  if (frame.contentDocument?.readyState !== 'complete') await oneEvent(frame, 'load');
  const page = frame.contentWindow as StrictPage;
  await page.customElements.whenDefined('anim-character');
  const scene = page.document.querySelector('anim-scene') as AnimScene;
  const walker = page.document.querySelector('anim-character') as AnimCharacter;
  const errors = collectErrors(scene);
  await walker.ready;
  return { page, scene, walker, errors };
}

describe("a page whose CSP lacks 'wasm-unsafe-eval'", () => {
  afterEach(() => fixtureCleanup());

  it('asking for physics: one physics-failed, nothing uncaught, the character walks on', async function () {
    // Rapier's module (its WebAssembly inlined) is fetched and parsed in the iframe's own module map
    this.timeout(120000);
    const { page, scene, walker, errors } = await strictPage();
    expect(typeof page.WebAssembly.compile, 'WebAssembly exists; the policy forbids compiling it').to.equal('function');
    const failed = oneEvent(scene, 'anim-error');
    scene.physics = true;
    const { code, message } = (await failed).detail as AnimErrorDetail;
    expect(code).to.equal('physics-failed');
    expect(message, 'the cause is named').to.match(/CompileError|WebAssembly|Content Security Policy/i);
    // later frames and turns of the event loop bring nothing more
    const before = walker.time;
    for (let i = 0; i < 5; i++) {
      await settle();
      scene.step(1 / 30);
    }
    expect(errors.map((e) => e.code)).to.deep.equal(['physics-failed']);
    expect(page.uncaught, 'nothing uncaught in the page').to.deep.equal([]);
    expect(walker.time, 'the walk went on').to.be.greaterThan(before);
  });
});
