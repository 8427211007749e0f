import { Gallery, type GalleryReport, MANNEQUIN_URL } from './gallery.js';

declare global {
  interface Window {
    /** What the gallery draws, for tests: every clip, its time and state, its place in the grid and on the page. */
    __gallery?: () => GalleryReport;
  }
}

/**
 * The gallery page (`index.html?gallery`): `?src=` names the model (default the mannequin), `?clips=` another
 * file whose clips it shows instead of its own, retargeted onto it (`?src=Xbot.glb&clips=Soldier.glb`),
 * `?gallery=walk,run` shows only the clips starting so.
 */
export async function mountGalleryPage(
  root: HTMLElement,
  params: URLSearchParams,
  options: { paused?: boolean } = {},
): Promise<Gallery> {
  const src = params.get('src') || MANNEQUIN_URL;
  const clipsFrom = params.get('clips') || undefined;
  const shown = clipsFrom ? `${fileName(src)} · ${fileName(clipsFrom)}’s clips` : fileName(src);
  const only = (params.get('gallery') ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  document.title = `Gallery · ${shown} · anim-elements`;
  root.classList.add('gallery-page');

  const bar = document.createElement('header');
  bar.className = 'gallery-bar';
  const title = document.createElement('h1');
  title.innerHTML = '<a href="./">anim-elements</a> <span>gallery</span>';
  const model = document.createElement('p');
  model.className = 'gallery-model';
  model.textContent = shown;
  const help = document.createElement('p');
  help.className = 'gallery-help';
  help.innerHTML = '<kbd>W</kbd><kbd>A</kbd><kbd>S</kbd><kbd>D</kbd> pan · wheel zoom · drag orbit';
  bar.append(title, model, help);
  root.append(bar);

  const gallery = new Gallery(root, { src, clipsFrom, only, paused: options.paused });
  window.__gallery = () => gallery.report();
  await gallery.ready;
  const count = gallery.clips.length;
  model.textContent = gallery.error ?? `${shown} · ${count} clip${count === 1 ? '' : 's'}`;
  model.classList.toggle('is-error', gallery.error !== null);
  return gallery;
}

function fileName(url: string): string {
  return url.split(/[?#]/)[0].split('/').pop() || url;
}
