import { css } from 'lit';

/** The styles of `<anim-character>`: its box, in a scene or on its own, the poster, loading bar and error. */
export const characterStyles = css`
  :host {
    display: block;
    position: relative;
    height: var(--anim-character-height, 300px);
    overflow: hidden;
  }
  :host(:state(in-scene)) {
    position: absolute;
    inset: 0;
    height: auto;
    /* important: the scene gives its slotted children pointer events, and this box covers its canvas
       (orbit controls, picking); an inner !important wins over the scene's rule */
    pointer-events: none !important;
  }
  .viewport,
  .cover {
    position: absolute;
    inset: 0;
  }
  .cover {
    pointer-events: none;
  }
  [part='poster'] {
    width: 100%;
    height: 100%;
    object-fit: contain;
  }
  [part='progress-bar'] {
    position: absolute;
    left: 0;
    bottom: 0;
    height: var(--anim-progress-height, 3px);
    width: calc(var(--progress, 0) * 100%);
    background: var(--anim-progress-color, #3d7bf7);
    transition: width 0.2s ease-out;
  }
  [part='error'] {
    position: absolute;
    left: 8px;
    right: 8px;
    bottom: 8px;
    font: 12px/1.4 system-ui, sans-serif;
    color: #8a1f11;
    background: #fff3f0e6;
    border-radius: 4px;
    padding: 4px 8px;
  }
`;
