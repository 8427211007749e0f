import { type GraphProblem, type GraphProblemCode, problem } from './problems.js';

/** What every compile pass shares: the problem list and the checks of JSON shapes that report into it. */
export class CompileContext {
  readonly problems: GraphProblem[] = [];

  report(code: GraphProblemCode, where: string, message: string, severity?: 'error' | 'warning', position?: number) {
    this.problems.push(problem(code, where, message, severity, position));
  }

  /** A list, or [] (reporting anything else than a list or nothing). */
  list<T>(value: T[] | undefined, where: string): T[] {
    if (value === undefined) return [];
    if (Array.isArray(value)) return value;
    this.report('bad-graph', where, `${where} must be a list, not ${quote(value)}`);
    return [];
  }

  /** Whether `v` is a plain object (reporting it when not). */
  isObject(v: unknown, where: string): v is Record<string, unknown> {
    if (v !== null && typeof v === 'object' && !Array.isArray(v)) return true;
    this.report('bad-graph', where, `${where} must be an object, not ${quote(v)}`);
    return false;
  }
}

export const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** A value as a message quotes it: text in quotes, anything else as JSON (or its string form). */
export const quote = (v: unknown): string => {
  if (typeof v === 'string') return `"${v}"`;
  try {
    return JSON.stringify(v) ?? String(v);
  } catch {
    return String(v);
  }
};
