// The activity sets, one per task queue: the engine's own, and every benchmark's as BENCHMARKS gives them.
// Workflows import these types only.
import type { BenchmarkActivities } from '../benchmarks/activity-sets.js';
import { BENCHMARKS, type BenchmarkName } from '../benchmarks/registry.js';
import { createCorpusActivities } from './corpus.js';
import { createLlmActivities } from './llm.js';
import { createPipelineActivities } from './pipeline.js';
import { createPackageIoActivities } from './package-io.js';
import { createRunIoActivities } from './run-io.js';
import { createSetIoActivities } from './set-io.js';

export { createLlmActivities, type LlmActivityDeps } from './llm.js';

/** The engine's activities on the io queue, the same for every benchmark. */
function createEngineIoActivities() {
  return {
    ...createRunIoActivities(),
    ...createPackageIoActivities(),
    ...createCorpusActivities(),
    ...createPipelineActivities(),
    ...createSetIoActivities(),
  };
}

type Queue = keyof BenchmarkActivities;
type Loaded<N extends BenchmarkName> = Awaited<ReturnType<(typeof BENCHMARKS)[N]['activities']>>;

/** Every benchmark's activities for one worker, as one type (the intersection of theirs). */
type AllOn<Q extends Queue> = {
  [N in BenchmarkName]: (set: Loaded<N> extends Record<Q, infer T> ? T : unknown) => void;
}[BenchmarkName] extends (set: infer All) => void
  ? All
  : never;

/**
 * The activities of the io, orchestration and simulation workers. The orchestration worker runs the io
 * ones too, and the simulations package workflows call as local activities, beside the workflows.
 */
export async function createQueueActivities() {
  const loaded: BenchmarkActivities[] = await Promise.all(
    Object.values(BENCHMARKS).map((benchmark) => benchmark.activities()),
  );
  const on = <Q extends Queue>(queue: Q) =>
    Object.assign({}, ...loaded.map((set) => set[queue] ?? {})) as AllOn<Q>;
  const io = { ...createEngineIoActivities(), ...on('io') };
  return { io, orchestration: { ...io, ...on('localSim') }, sim: on('sim') };
}

export type IoActivities = ReturnType<typeof createEngineIoActivities> & AllOn<'io'>;
export type LlmActivities = ReturnType<typeof createLlmActivities>;
