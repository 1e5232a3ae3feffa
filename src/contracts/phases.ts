// The benchmarks a run can be, by the name its workflow ids and search attributes carry.

export const PHASES = ['phase1', 'phase2', 'sandbox', 'helper'] as const;

export type Phase = (typeof PHASES)[number];
