import { css } from 'lit';

/** The look of `<anim-inspector>`: the graph view's palette, every colour a custom property. */
export const inspectorStyles = css`
  :host {
    --_surface: var(--anim-inspector-surface, light-dark(#ffffffeb, #1b1e24eb));
    --_text: var(--anim-inspector-text, light-dark(#1f2733, #e4e8ef));
    --_muted: var(--anim-inspector-muted, light-dark(#6b7685, #97a2b3));
    --_border: var(--anim-inspector-border, light-dark(#d5dbe3, #3a424e));
    --_accent: var(--anim-inspector-accent, light-dark(#3d7bf7, #6f9dff));
    --_marker: var(--anim-inspector-marker, light-dark(#e3a33b, #e8b260));
    --_record: var(--anim-inspector-record, light-dark(#d63b3b, #ff6b6b));
    display: block;
    padding: 10px 12px;
  }
  .toolbar {
    display: flex;
    align-items: center;
    gap: 6px;
    margin-bottom: 6px;
  }
  button {
    font: inherit;
    color: var(--_text);
    background: transparent;
    border: 1px solid var(--_border);
    border-radius: 6px;
    padding: 2px 8px;
    cursor: pointer;
  }
  button:disabled {
    opacity: 0.45;
    cursor: default;
  }
  button.record.on {
    color: var(--_record);
    border-color: var(--_record);
  }
  .readout {
    margin-left: auto;
    color: var(--_muted);
    font-variant-numeric: tabular-nums;
    font-family: ui-monospace, 'SF Mono', Menlo, Consolas, monospace;
  }
  canvas {
    display: block;
    touch-action: none;
    cursor: ew-resize;
  }
  canvas[hidden] {
    display: none;
  }
  .probes {
    display: none;
  }
  .empty {
    color: var(--_muted);
    padding: 4px 2px;
  }
`;
