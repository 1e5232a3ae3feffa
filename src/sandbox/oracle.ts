// Ceilings and difficulty of a package's functions (upstream inhabit/oracle.py, spec/harness.md §25.3),
// from the sandbox's rows: how much of a package any agent could inhabit (Tier A) or execute (Tier B) with
// the sandbox's synthesis, and how hard each function is, from the arguments it needed. Pure.
import type { LocalRow } from './row.js';

export const DIFFICULTY_LEVELS = [
  'trivial',
  'simple',
  'moderate',
  'complex',
  'challenging',
  'difficult',
  'very_difficult',
  'impossible',
] as const;

export type DifficultyLevel = (typeof DIFFICULTY_LEVELS)[number];

export interface FunctionDifficulty {
  function: string;
  score: number;
  level: DifficultyLevel;
}

/** Upper bounds of each level's score, in order; above the last: very_difficult. */
const LEVEL_BOUNDS: [number, DifficultyLevel][] = [
  [0.1, 'trivial'],
  [0.2, 'simple'],
  [0.3, 'moderate'],
  [0.45, 'complex'],
  [0.6, 'challenging'],
  [0.8, 'difficult'],
];

const HOP = /(construct_hop|constructible_ref_hop)(\d+)?:/;

/** How deep the constructor chains behind the arguments went: 1 for a direct constructor, N for N hops. */
function constructorDepth(resolved: readonly string[]): number {
  let depth = resolved.some((p) => p.includes('construct:') || p.includes('constructible_ref:')) ? 1 : 0;
  for (const p of resolved) {
    if (!p.includes('construct_hop') && !p.includes('constructible_ref_hop')) continue;
    const hops = HOP.exec(p)?.[2];
    depth = Math.max(depth, hops === undefined ? 2 : Number(hops));
  }
  return depth;
}

/** §25.3 `_compute_function_difficulty`: a score from 0 to 1 and its level; a miss is impossible. */
export function functionDifficulty(row: LocalRow): FunctionDifficulty {
  const name = `${row.target_module}::${row.target_function}`;
  if (row.status === 'miss') return { function: name, score: 1.0, level: 'impossible' };
  const resolved = row.tier_a_details?.resolved_params ?? [];
  const typeParams = resolved.some((p) => p.includes('type_param'));
  const objectParams = row.tier_a_details?.has_object_params ?? false;
  const synthesized = resolved.filter((p) => p.startsWith('synthesizable:')).length;
  const failedToRun = row.status === 'tier_a_hit' && row.tier_b_details?.execution_success === false;
  const raw =
    Math.min(0.2, 0.04 * resolved.length) +
    (typeParams ? 0.15 : 0) +
    (objectParams ? 0.2 : 0) +
    0.1 * constructorDepth(resolved) +
    0.05 * synthesized +
    (failedToRun ? 0.1 : 0);
  const score = Math.min(1.0, raw);
  const level = LEVEL_BOUNDS.find(([bound]) => score < bound)?.[1] ?? 'very_difficult';
  return { function: name, score, level };
}

export interface PackageCeilings {
  functions: number;
  tier_a_possible: number;
  tier_b_possible: number;
  /** Tier A hits that need an object argument the sandbox cannot provide. */
  tier_b_blocked_by_infra: number;
  /** Other Tier A hits whose execution failed. */
  tier_b_failed: number;
  impossible: number;
  /** The share of functions any agent could inhabit / execute here: the ceiling of its scores. */
  max_synthesis_rate: number;
  max_execution_rate: number;
  difficulty_levels: Record<DifficultyLevel, number>;
  /** The functions, hardest first (equal scores keep the rows' order). */
  ranking: FunctionDifficulty[];
}

export function emptyLevels(): Record<DifficultyLevel, number> {
  return Object.fromEntries(DIFFICULTY_LEVELS.map((l) => [l, 0])) as Record<DifficultyLevel, number>;
}

/** §25.3 `PackageOracle.from_mm2_target_mapping`, over one package's rows. */
export function packageCeilings(rows: readonly LocalRow[]): PackageCeilings {
  const count = (test: (r: LocalRow) => boolean) => rows.filter(test).length;
  const tierAOnly = rows.filter((r) => r.status === 'tier_a_hit');
  const blocked = tierAOnly.filter((r) => r.tier_a_details?.has_object_params === true).length;
  const ranking = rows.map(functionDifficulty);
  const levels = emptyLevels();
  for (const f of ranking) levels[f.level]++;
  const tierA = count((r) => r.status !== 'miss');
  const tierB = count((r) => r.status === 'tier_b_hit');
  const total = rows.length;
  return {
    functions: total,
    tier_a_possible: tierA,
    tier_b_possible: tierB,
    tier_b_blocked_by_infra: blocked,
    tier_b_failed: tierAOnly.length - blocked,
    impossible: count((r) => r.status === 'miss'),
    max_synthesis_rate: total > 0 ? tierA / total : 0,
    max_execution_rate: total > 0 ? tierB / total : 0,
    difficulty_levels: levels,
    // Array.prototype.sort is stable: equal scores keep the rows' order, as Python's sorted does.
    ranking: [...ranking].sort((a, b) => b.score - a.score),
  };
}
