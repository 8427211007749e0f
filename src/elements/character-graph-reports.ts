/**
 * A character's state graph problems as reports: the compiled graph's own (on the markup element at fault,
 * or the character for a file's), and those found binding it to a model's clips. Each is reported once,
 * and again only after it went away and came back.
 */
import type { CompiledGraph } from '../graph/index.js';
import type { ErrorCode } from '../scene/coded-error.js';
import type { GraphSource } from '../scene/graph-source.js';
import { clipHint } from './clip-hint.js';
import { reportError } from './errors.js';
import { type GraphSources, problemSource } from './graph-markup.js';

/** A problem to report: a stable key (reported again only after it went away), where, code and message. */
export interface Report {
  key: string;
  el: Element;
  code: ErrorCode;
  message: string;
}

/** Reports each problem not reported last time; returns the keys now standing. */
export function reportNew(before: ReadonlySet<string>, reports: readonly Report[]): Set<string> {
  const now = new Set<string>();
  for (const r of reports) {
    if (!before.has(r.key) && !now.has(r.key)) reportError(r.el, r.code, r.message);
    now.add(r.key);
  }
  return now;
}

/** The compiled graph's errors (warnings, such as an unreachable state, run fine and are not reported). */
export function graphReports(host: Element, graph: CompiledGraph, sources: GraphSources, src: string | null): Report[] {
  const out: Report[] = [];
  for (const p of graph.problems) {
    if (p.severity !== 'error') continue;
    const el = problemSource(sources, p.where);
    const from = el ? '' : `graph "${src}" ${p.where}: `;
    const code: ErrorCode = p.code === 'unreachable-state' ? 'bad-graph' : p.code;
    out.push({ key: `${p.code}|${p.where}|${p.message}`, el: el ?? host, code, message: `${from}${p.message}` });
  }
  return out;
}

/** What binding the graph to the model found: clips it lacks, mask joints it lacks, inverted play windows. */
export function bindingReports(
  host: Element,
  source: GraphSource,
  clipNames: readonly string[],
  sources: GraphSources | null,
  src: string | null,
): Report[] {
  const reports: Report[] = [];
  if (source.missingClips.length > 0) {
    const missing = source.missingClips.join(', ');
    reports.push({
      key: `unknown-clip|${missing}`,
      el: host,
      code: 'unknown-clip',
      message: `the graph plays clips the character lacks: ${missing} (clips: ${clipNames.join(', ') || 'none'}); their states play nothing${clipHint(source.missingClips, clipNames)}`,
    });
  }
  for (const { layer, joints } of source.unknownMaskJoints) {
    reports.push({
      key: `unknown-bone|${layer}|${joints.join(' ')}`,
      el: elementOfLayer(host, sources, layer),
      code: 'unknown-bone',
      message: `layer "${layer}" masks joints the model lacks: ${joints.join(', ')}`,
    });
  }
  // play windows resolve against the clips here: an inverted one is the state's bad attribute (or the file's)
  for (const p of source.instance.windows.problems) {
    const el = sources ? problemSource(sources, p.where) : null;
    const message = el ? `start/end: ${p.message}` : `graph "${src}" ${p.where}: ${p.message}`;
    reports.push({ key: `window|${p.message}`, el: el ?? host, code: el ? 'bad-attribute' : 'bad-graph', message });
  }
  return reports;
}

function elementOfLayer(host: Element, sources: GraphSources | null, name: string): Element {
  const i = sources?.definition.layers?.findIndex((l) => l?.name === name) ?? -1;
  return (i >= 0 ? sources?.layers[i] : null) ?? host;
}
