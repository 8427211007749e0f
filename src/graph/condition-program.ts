import { type ConditionNode, conditionLabel, parseCondition, syntaxMessage } from './condition.js';
import type { ParamType } from './definition.js';
import { type GraphProblem, problem } from './problems.js';

/**
 * Conditions compiled to a stack bytecode: (opcode, argument) pairs in one Int32Array shared by every
 * transition of a graph, constants in a Float64Array, params read from the instance's Float64Array (bools
 * and triggers as 0/1). Evaluating allocates nothing.
 */
const CONST = 0;
const PARAM = 1;
const NOT = 2;
const AND = 3;
const OR = 4;
const EQ = 5;
const NE = 6;
const LT = 7;
const GT = 8;
const LE = 9;
const GE = 10;
const COMPARE_OPS = { '==': EQ, '!=': NE, '<': LT, '>': GT, '<=': LE, '>=': GE } as const;

export interface ParamLookup {
  index(name: string): number;
  type(index: number): ParamType;
}

/** Accumulates the code of many conditions. */
export class ProgramBuilder {
  readonly code: number[] = [];
  readonly consts: number[] = [];
  maxStack = 1;
  /** Code ranges by text: transitions with one condition (common in generated graphs) share its code. */
  readonly #ranges = new Map<string, { start: number; end: number; triggers: number[] }>();

  /**
   * Compiles `text` (checked against the params) and returns its code range and the trigger params it
   * reads, or null with the problems pushed onto `problems` (syntax with position, unknown params, types).
   */
  add(
    text: string,
    params: ParamLookup,
    where: string,
    problems: GraphProblem[],
  ): { start: number; end: number; triggers: number[] } | null {
    const shared = this.#ranges.get(text);
    if (shared) return shared;
    const parsed = parseCondition(text);
    if (parsed.error) {
      problems.push(problem('bad-condition', where, syntaxMessage(text, parsed.error), 'error', parsed.error.position));
      return null;
    }
    const before = problems.length;
    const triggers: number[] = [];
    const type = this.check(parsed.node, text, params, where, problems, triggers);
    if (problems.length === before && type !== 'bool') {
      problems.push(
        problem(
          'type-mismatch',
          where,
          `${conditionLabel(text)} is a number, not true/false: compare it (e.g. "${text} > 0")`,
          'error',
          0,
        ),
      );
    }
    if (problems.length > before) return null;
    const start = this.code.length;
    const depth = this.emit(parsed.node, params);
    this.maxStack = Math.max(this.maxStack, depth);
    const range = { start, end: this.code.length, triggers };
    this.#ranges.set(text, range);
    return range;
  }

  private check(
    node: ConditionNode,
    text: string,
    params: ParamLookup,
    where: string,
    problems: GraphProblem[],
    triggers: number[],
  ): 'number' | 'bool' | 'error' {
    const say = (code: 'type-mismatch' | 'unknown-param', message: string, position: number) => {
      problems.push(
        problem(code, where, `${conditionLabel(text)}: ${message} (position ${position})`, 'error', position),
      );
      return 'error' as const;
    };
    switch (node.kind) {
      case 'number':
        return 'number';
      case 'bool':
        return 'bool';
      case 'param': {
        const i = params.index(node.name);
        if (i < 0) return say('unknown-param', `no param named "${node.name}"`, node.position);
        const t = params.type(i);
        if (t === 'trigger' && !triggers.includes(i)) triggers.push(i);
        return t === 'float' || t === 'int' ? 'number' : 'bool';
      }
      case 'not': {
        const t = this.check(node.operand, text, params, where, problems, triggers);
        if (t === 'number') return say('type-mismatch', "'!' needs true/false, not a number", node.position);
        return t;
      }
      case 'and':
      case 'or': {
        const a = this.check(node.left, text, params, where, problems, triggers);
        const b = this.check(node.right, text, params, where, problems, triggers);
        const op = node.kind === 'and' ? '&&' : '||';
        if (a === 'number' || b === 'number') {
          return say('type-mismatch', `'${op}' needs true/false on both sides, not a number`, node.position);
        }
        return a === 'error' || b === 'error' ? 'error' : 'bool';
      }
      case 'compare': {
        const a = this.check(node.left, text, params, where, problems, triggers);
        const b = this.check(node.right, text, params, where, problems, triggers);
        if (a === 'error' || b === 'error') return 'error';
        const ordered = node.op !== '==' && node.op !== '!=';
        if (ordered && (a === 'bool' || b === 'bool')) {
          return say('type-mismatch', `'${node.op}' compares numbers, not true/false`, node.position);
        }
        if (a !== b) return say('type-mismatch', `'${node.op}' compares a number with true/false`, node.position);
        return 'bool';
      }
    }
  }

  /** Emits the code for a checked node; returns the stack depth it needs. */
  private emit(node: ConditionNode, params: ParamLookup): number {
    switch (node.kind) {
      case 'number':
      case 'bool':
        this.code.push(CONST, this.consts.length);
        this.consts.push(node.kind === 'number' ? node.value : node.value ? 1 : 0);
        return 1;
      case 'param':
        this.code.push(PARAM, params.index(node.name));
        return 1;
      case 'not': {
        const d = this.emit(node.operand, params);
        this.code.push(NOT, 0);
        return d;
      }
      case 'and':
      case 'or': {
        const a = this.emit(node.left, params);
        const b = this.emit(node.right, params);
        this.code.push(node.kind === 'and' ? AND : OR, 0);
        return Math.max(a, b + 1);
      }
      case 'compare': {
        const a = this.emit(node.left, params);
        const b = this.emit(node.right, params);
        this.code.push(COMPARE_OPS[node.op], 0);
        return Math.max(a, b + 1);
      }
    }
  }
}

/** Runs the code in [start, end): true when the range is empty (no condition). Allocates nothing. */
export function evaluateCondition(
  code: Int32Array,
  start: number,
  end: number,
  consts: Float64Array,
  params: Float64Array,
  stack: Float64Array,
): boolean {
  if (start === end) return true;
  let sp = 0;
  for (let pc = start; pc < end; pc += 2) {
    const op = code[pc];
    if (op === CONST) stack[sp++] = consts[code[pc + 1]];
    else if (op === PARAM) stack[sp++] = params[code[pc + 1]];
    else if (op === NOT) stack[sp - 1] = stack[sp - 1] !== 0 ? 0 : 1;
    else {
      const b = stack[--sp];
      const a = stack[sp - 1];
      let r: boolean;
      switch (op) {
        case AND:
          r = a !== 0 && b !== 0;
          break;
        case OR:
          r = a !== 0 || b !== 0;
          break;
        case EQ:
          r = a === b;
          break;
        case NE:
          r = a !== b;
          break;
        case LT:
          r = a < b;
          break;
        case GT:
          r = a > b;
          break;
        case LE:
          r = a <= b;
          break;
        default:
          r = a >= b;
      }
      stack[sp - 1] = r ? 1 : 0;
    }
  }
  return stack[0] !== 0;
}
