import type { CompileContext } from './compile-context.js';
import { quote } from './compile-context.js';
import type { ParamTable } from './compile-params.js';
import { BASE_LAYER, type GraphDefinition } from './definition.js';

/** A layer as the layers pass reads it (its states are gathered later). */
export interface LayerInfo {
  readonly name: string;
  /** Mask words (`upper-body`, `lower-body`) or joint names; null for every joint. */
  readonly mask: readonly string[] | null;
  readonly weight: number;
  readonly weightParam: number;
  readonly additive: boolean;
}

/** Pass 2: the layers, the base one first (declared or not), and the index of each name. */
export function compileLayers(
  ctx: CompileContext,
  def: GraphDefinition,
  params: ParamTable,
): { layers: LayerInfo[]; byName: Map<string, number> } {
  const layers: LayerInfo[] = [{ name: BASE_LAYER, mask: null, weight: 1, weightParam: -1, additive: false }];
  const byName = new Map([[BASE_LAYER, 0]]);
  ctx.list(def.layers, 'layers').forEach((l, i) => {
    const where = `layers[${i}]`;
    if (!ctx.isObject(l, where)) return;
    if (typeof l.name !== 'string' || l.name === '') {
      ctx.report('bad-graph', `${where}.name`, `layer name ${quote(l.name)} is not a name`);
      return;
    }
    const isBase = l.name === BASE_LAYER;
    if (!isBase && byName.has(l.name)) {
      ctx.report('duplicate-name', `${where}.name`, `a second layer named "${l.name}"`);
      return;
    }
    let mask: string[] | null = null;
    if (l.mask !== undefined) {
      const words = typeof l.mask === 'string' ? l.mask.split(/[\s,]+/) : Array.isArray(l.mask) ? l.mask : null;
      if (words === null || words.some((w) => typeof w !== 'string')) {
        ctx.report(
          'bad-graph',
          `${where}.mask`,
          `layer "${l.name}": mask ${quote(l.mask)} is not a list of joint names`,
        );
      } else mask = words.filter((w) => w !== '');
    }
    const [weight, weightParam] = params.numberOrParam(ctx, l.weight, `${where}.weight`, `layer "${l.name}" weight`, 1);
    let additive = false;
    if (l.blend !== undefined && l.blend !== 'override' && l.blend !== 'additive') {
      ctx.report(
        'bad-graph',
        `${where}.blend`,
        `layer "${l.name}": blend ${quote(l.blend)} is not override or additive`,
      );
    } else additive = l.blend === 'additive';
    if (isBase) layers[0] = { name: l.name, mask, weight: 1, weightParam: -1, additive: false };
    else {
      byName.set(l.name, layers.length);
      layers.push({ name: l.name, mask, weight: Math.min(1, Math.max(0, weight)), weightParam, additive });
    }
  });
  return { layers, byName };
}
