import type { CompiledGraph } from '../graph/index.js';

/** The words of `<anim-graph-view>`'s drawing: param values, layer captions, transition labels and tooltips. */

export function formatParam(value: number | boolean | undefined): string {
  if (value === undefined) return '–';
  if (typeof value === 'boolean') return value ? '● true' : '○ false';
  return Number.isInteger(value) ? String(value) : value.toFixed(2);
}

export function layerCaption(graph: CompiledGraph, l: number): string {
  const layer = graph.layers[l];
  const parts: string[] = [];
  if (layer.mask) parts.push(layer.mask.join(' '));
  if (layer.weightParam >= 0) parts.push(`weight: ${graph.paramNames[layer.weightParam]}`);
  else if (layer.weight !== 1) parts.push(`weight ${layer.weight}`);
  if (layer.additive) parts.push('additive');
  return parts.join(' · ');
}

export function conditionText(graph: CompiledGraph, t: number): string {
  const when = graph.definition.transitions?.[graph.transitionSource[t]]?.when?.trim();
  const exit = graph.transitionExit[t];
  const parts = [when || (Number.isNaN(exit) ? 'always' : '')];
  if (!Number.isNaN(exit)) parts.push(`exit ${exit}`);
  return parts.filter((p) => p).join(' · ');
}

export function transitionTitle(graph: CompiledGraph, t: number): string {
  const from = graph.transitionFrom[t] < 0 ? 'any state' : graph.states[graph.transitionFrom[t]].name;
  const to = graph.states[graph.transitionTo[t]].name;
  const definition = graph.definition.transitions?.[graph.transitionSource[t]];
  const lines = [`${from} → ${to}`, `when ${definition?.when?.trim() || 'always'}`, `fade ${graph.transitionFade[t]}s`];
  if (!Number.isNaN(graph.transitionExit[t])) lines.push(`exit time ${graph.transitionExit[t]}`);
  if (definition?.priority) lines.push(`priority ${definition.priority}`);
  if (definition?.ease && definition.ease !== 'linear') lines.push(`ease ${definition.ease}`);
  if (definition?.interrupt && definition.interrupt !== 'none') lines.push(`interrupted by ${definition.interrupt}`);
  return lines.join('\n');
}
