/** Stable codes of what can be wrong with a graph definition. */
export type GraphProblemCode =
  | 'bad-graph'
  | 'bad-condition'
  | 'unknown-state'
  | 'unknown-param'
  | 'unknown-layer'
  | 'type-mismatch'
  | 'duplicate-name'
  | 'two-defaults'
  | 'unreachable-state'
  | 'bad-blend-space';

/**
 * One problem found in a definition. `where` names the place (`transitions[2].when`, `states[0].speed`);
 * a condition problem also gives the character `position` in the expression. Warnings (an unreachable
 * state) leave the graph fully working; errors drop the one item they concern and the rest still runs.
 */
export interface GraphProblem {
  code: GraphProblemCode;
  severity: 'error' | 'warning';
  where: string;
  message: string;
  position?: number;
}

export function problem(
  code: GraphProblemCode,
  where: string,
  message: string,
  severity: 'error' | 'warning' = 'error',
  position?: number,
): GraphProblem {
  return position === undefined ? { code, severity, where, message } : { code, severity, where, message, position };
}
