import { type CompileContext, isFiniteNumber, quote } from './compile-context.js';
import type { ParamLookup } from './condition-program.js';
import { type GraphDefinition, PARAM_TYPES, type ParamType } from './definition.js';

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The params pass's result: names, types and defaults by index, and the index of each name. */
export class ParamTable implements ParamLookup {
  readonly names: string[] = [];
  readonly types: ParamType[] = [];
  readonly defaults: number[] = [];
  readonly byName = new Map<string, number>();

  index(name: string): number {
    return this.byName.get(name) ?? -1;
  }

  type(index: number): ParamType {
    return this.types[index];
  }

  /** A number, or the name of a numeric param: [value, param index] (index -1 for a plain number). */
  numberOrParam(ctx: CompileContext, v: unknown, where: string, what: string, fallback: number): [number, number] {
    if (v === undefined) return [fallback, -1];
    if (isFiniteNumber(v)) return [v, -1];
    if (typeof v === 'string') {
      const i = this.index(v);
      if (i < 0) ctx.report('unknown-param', where, `${what}: no param named "${v}"`);
      else if (this.types[i] === 'bool' || this.types[i] === 'trigger') {
        ctx.report('type-mismatch', where, `${what}: param "${v}" is a ${this.types[i]}, not a number`);
      } else return [1, i];
      return [fallback, -1];
    }
    ctx.report('bad-graph', where, `${what}: ${quote(v)} is neither a number nor a param name`);
    return [fallback, -1];
  }
}

/** Pass 1: the params, each checked (an identifier, once, a known type, a value its type holds). */
export function compileParams(ctx: CompileContext, def: GraphDefinition): ParamTable {
  const table = new ParamTable();
  ctx.list(def.params, 'params').forEach((p, i) => {
    const where = `params[${i}]`;
    if (!ctx.isObject(p, where)) return;
    if (typeof p.name !== 'string' || !IDENTIFIER.test(p.name)) {
      ctx.report(
        'bad-graph',
        `${where}.name`,
        `param name ${quote(p.name)} is not an identifier (a letter or _, then letters, digits or _)`,
      );
      return;
    }
    if (table.byName.has(p.name)) {
      ctx.report('duplicate-name', `${where}.name`, `a second param named "${p.name}"`);
      return;
    }
    let type = p.type;
    if (!PARAM_TYPES.includes(type)) {
      ctx.report(
        'bad-graph',
        `${where}.type`,
        `param "${p.name}": type ${quote(type)} is not one of ${PARAM_TYPES.join(', ')}`,
      );
      type = 'float';
    }
    let value = 0;
    if (p.value !== undefined) {
      const v = typeof p.value === 'boolean' ? (p.value ? 1 : 0) : p.value;
      const boolType = type === 'bool' || type === 'trigger';
      if (!isFiniteNumber(v) || (boolType && v !== 0 && v !== 1)) {
        ctx.report(
          'type-mismatch',
          `${where}.value`,
          `param "${p.name}" (${type}): value ${quote(p.value)} is not ${boolType ? 'true or false' : 'a finite number'}`,
        );
      } else value = type === 'int' ? Math.trunc(v) : v;
    }
    table.byName.set(p.name, table.names.length);
    table.names.push(p.name);
    table.types.push(type);
    table.defaults.push(value);
  });
  return table;
}
