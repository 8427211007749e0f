import { css } from 'lit';

/** The look of `<anim-graph-view>`: every colour a custom property, light and dark from the colour scheme. */
export const graphViewStyles = css`
  :host {
    --_surface: var(--anim-graph-surface, light-dark(#ffffffeb, #1b1e24eb));
    --_text: var(--anim-graph-text, light-dark(#1f2733, #e4e8ef));
    --_muted: var(--anim-graph-muted, light-dark(#6b7685, #97a2b3));
    --_node: var(--anim-graph-node, light-dark(#f5f7fa, #262b33));
    --_border: var(--anim-graph-border, light-dark(#d5dbe3, #3a424e));
    --_edge: var(--anim-graph-edge, light-dark(#a3adbb, #5d6877));
    --_accent: var(--anim-graph-accent, light-dark(#3d7bf7, #6f9dff));
    --_accent-soft: var(--anim-graph-accent-soft, light-dark(#e6efff, #223358));
    --_leaving: var(--anim-graph-leaving, light-dark(#e3a33b, #e8b260));
    display: inline-flex;
    align-items: flex-start;
    gap: 14px;
    max-width: 100%;
    padding: 12px;
  }
  svg {
    display: block;
    flex: 0 1 auto;
    max-width: 100%;
    height: auto;
    overflow: visible;
  }
  .band {
    fill: none;
    stroke: var(--_border);
    stroke-dasharray: 3 4;
  }
  .band-name {
    fill: var(--_text);
    font-weight: 600;
    font-size: 11px;
    letter-spacing: 0.06em;
    text-transform: uppercase;
  }
  .band-caption {
    fill: var(--_muted);
    font-size: 11px;
  }
  .node .box {
    fill: var(--_node);
    stroke: var(--_border);
    stroke-width: 1.2;
    transition: fill 0.2s, stroke 0.2s;
  }
  .node .label {
    fill: var(--_text);
    font-weight: 600;
    font-size: 12.5px;
    text-anchor: middle;
  }
  .node .detail {
    fill: var(--_muted);
    font-size: 10.5px;
    text-anchor: middle;
  }
  .node .bar {
    fill: var(--_accent);
    opacity: 0.75;
  }
  .node.entry .box {
    stroke-width: 2;
  }
  .node.any .box {
    fill: none;
    stroke-dasharray: 4 3;
  }
  .node.any .label {
    fill: var(--_muted);
    font-weight: 500;
    font-style: italic;
  }
  .node.unreachable {
    opacity: 0.5;
  }
  .node.current .box {
    fill: var(--_accent-soft);
    stroke: var(--_accent);
    stroke-width: 2.2;
  }
  .node.leaving .box {
    stroke: var(--_leaving);
    stroke-width: 2;
  }
  .edge .line {
    fill: none;
    stroke: var(--_edge);
    stroke-width: 1.4;
  }
  .edge .hit {
    fill: none;
    stroke: transparent;
    stroke-width: 12;
  }
  .edge .cond {
    fill: var(--_text);
    font-size: 10.5px;
    text-anchor: middle;
    dominant-baseline: middle;
    paint-order: stroke;
    stroke: var(--_surface);
    stroke-width: 4px;
    stroke-linejoin: round;
    opacity: 0;
    pointer-events: none;
    transition: opacity 0.15s;
  }
  .edge:hover .line {
    stroke: var(--_text);
    stroke-width: 2;
  }
  .edge:hover .cond,
  .edge.active .cond {
    opacity: 1;
  }
  .edge.active .line {
    stroke: var(--_accent);
    stroke-width: 2.4;
    stroke-dasharray: 6 4;
    animation: flow 0.6s linear infinite;
  }
  @keyframes flow {
    to {
      stroke-dashoffset: -10;
    }
  }
  .arrowhead {
    fill: var(--_edge);
  }
  .arrowhead.active {
    fill: var(--_accent);
  }
  .params {
    flex: 0 0 auto;
    min-width: 150px;
    padding-left: 14px;
    border-left: 1px solid var(--_border);
  }
  .params h3 {
    margin: 2px 0 8px;
    font-size: 11px;
    font-weight: 600;
    letter-spacing: 0.06em;
    text-transform: uppercase;
  }
  .param {
    display: flex;
    align-items: baseline;
    gap: 8px;
    padding: 3px 0;
  }
  .param .name {
    font-weight: 500;
  }
  .param .type {
    color: var(--_muted);
    font-size: 10.5px;
  }
  .param .value {
    margin-left: auto;
    font-variant-numeric: tabular-nums;
    font-family: ui-monospace, 'SF Mono', Menlo, Consolas, monospace;
  }
  .param .value.on {
    color: var(--_accent);
    font-weight: 600;
  }
  .param .value.off {
    color: var(--_muted);
  }
  .empty {
    color: var(--_muted);
    padding: 4px 2px;
  }
`;
