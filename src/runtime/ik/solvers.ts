/** The IK solvers a chain can use, apart from their code: `<anim-ik>` checks its `solver` before fetching them. */
export type IkSolver = 'two-bone' | 'fabrik' | 'ccd' | 'look-at';
export const IK_SOLVERS: readonly IkSolver[] = ['two-bone', 'fabrik', 'ccd', 'look-at'];
