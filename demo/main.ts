// The demo's entry (index.html): the gallery with `?gallery`, else the demo.
import './style.css';

const root = document.querySelector<HTMLElement>('#app')!;
const params = new URLSearchParams(location.search);
if (params.has('gallery')) {
  const { mountGalleryPage } = await import('./gallery/gallery-page.js');
  await mountGalleryPage(root, params);
} else {
  const { mountDemo } = await import('./demo.js');
  await mountDemo(root);
}
