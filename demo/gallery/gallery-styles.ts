/** The gallery's own styles, added once per document: the gallery looks the same on its page and in a test. */
const CSS = `
.gallery { position: relative; width: 100%; height: 100%; min-height: 320px; }
.gallery-scene { position: absolute; inset: 0; height: auto; }
.gallery-labels { position: absolute; inset: 0; pointer-events: none; overflow: hidden; }
.gallery-label {
  position: absolute; left: 0; top: 0; white-space: nowrap; pointer-events: none;
  translate: -50% 0;
  font: 600 12px/1 ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
  letter-spacing: 0.02em; color: #2b2d33;
  padding: 4px 8px; border-radius: 999px;
  background: rgb(255 255 255 / 0.82); box-shadow: 0 1px 2px rgb(0 0 0 / 0.12);
}
.gallery-label[hidden] { display: none; }
@media (max-width: 480px) { .gallery-label { font-size: 10px; padding: 3px 6px; } }
`;

export function addGalleryStyles(doc: Document = document): void {
  if (doc.getElementById('gallery-styles')) return;
  const style = doc.createElement('style');
  style.id = 'gallery-styles';
  style.textContent = CSS;
  doc.head.append(style);
}
