// The smi-bench workers: one process, one Worker per task queue, sharing a connection.
import { AdaptiveLimits } from './agents/adaptive-limit.js';
import { LocalModels } from './agents/local-llm.js';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { DefaultLogger, NativeConnection, Runtime, Worker, type WorkerOptions } from '@temporalio/worker';
import {
  createIoActivities,
  createLlmActivities,
  createSandboxActivities,
  createHelperSimActivities,
  createSimActivities,
  type LlmActivityDeps,
} from './activities/index.js';
import { TASK_QUEUES, namespaceFromEnv } from './temporal/names.js';
import { workflowBundlePath, workflowSourcePath } from './temporal/workflow-bundle.js';
import { unreachableServerError } from './temporal/connect.js';
import { SdkLogFile, sdkLogFile, sdkLogLevel } from './temporal/sdk-log.js';

export interface WorkerSettings {
  address: string;
  namespace: string;
  llm: LlmActivityDeps;
  /** Model calls in flight in this process (SMI_LLM_CONCURRENCY). */
  llmConcurrency: number;
  /** Generations of local GGUF models at once in this process (SMI_LOCAL_LLM_CONCURRENCY): CPU-bound. */
  localLlmConcurrency: number;
  /** Model calls per second across all workers of the queue, enforced by the server (SMI_LLM_RATE_PER_SECOND). */
  llmRatePerSecond: number | null;
  ioConcurrency: number;
  /** Simulations in flight per worker process (SMI_SIM_CONCURRENCY). */
  simConcurrency: number;
}

/** What one worker of this process is running now. */
export interface InFlight {
  workflowTasks: number;
  activities: number;
  /** Extraction, recording and build-only simulation, run beside the workflows (orchestration only). */
  localActivities: number;
}

export type QueueName = keyof typeof TASK_QUEUES;

export interface RunningWorkers {
  /** Resolves when every worker has stopped. */
  done: Promise<void>;
  shutdown(): Promise<void>;
  /** Work in flight per task queue, as the SDK counts it (`smi-bench worker` prints it while busy). */
  inFlight(): Record<QueueName, InFlight>;
}

/** Built code uses the bundle made at build time; tests running the TypeScript sources bundle on the fly. */
function workflowCode(): Pick<WorkerOptions, 'workflowBundle' | 'workflowsPath'> {
  const builtCode = import.meta.url.includes('/dist/');
  const bundle = workflowBundlePath();
  if (builtCode && existsSync(bundle)) return { workflowBundle: { codePath: bundle } };
  return { workflowsPath: workflowSourcePath() };
}

let sdkLog: SdkLogFile | null = null;

/**
 * Sends the SDK's log, the core's lines included, to $SMI_HOME/temporal-sdk.log instead of the terminal
 * (the CLI prints what matters). Once per process, before the first worker: the SDK allows one Runtime.
 */
function installSdkLog(env = process.env): void {
  if (sdkLog) return;
  const level = sdkLogLevel(env);
  const file = new SdkLogFile(sdkLogFile(env));
  Runtime.install({
    logger: new DefaultLogger(level, (entry) => file.write(entry)),
    telemetryOptions: { logging: { filter: { core: level }, forward: {} } },
  });
  sdkLog = file;
}

/** What the CLI says at the end when the SDK logged warnings or errors in this process, else null. */
export function sdkLogNotice(): string | null {
  return sdkLog?.notice() ?? null;
}

export async function startWorkers(settings: WorkerSettings): Promise<RunningWorkers> {
  installSdkLog();
  const connection = await NativeConnection.connect({ address: settings.address }).catch((err: unknown) => {
    throw unreachableServerError(settings.address, err);
  });
  const common = { connection, namespace: settings.namespace };
  // Loaded on a run's first local call, kept for the next ones, freed when the workers stop.
  const localModels = new LocalModels(settings.localLlmConcurrency);
  const [orchestration, io, llm, sim] = await Promise.all([
    // The orchestration worker also runs the io activities that workflows call as local activities.
    Worker.create({
      ...common,
      taskQueue: TASK_QUEUES.orchestration,
      ...workflowCode(),
      // Extraction, recording and build-only simulation run here as local activities.
      activities: { ...createIoActivities(), ...createSimActivities() },
      // Without this only the SDK default bounds the local activities.
      maxConcurrentLocalActivityExecutions: settings.ioConcurrency,
    }),
    Worker.create({
      ...common,
      taskQueue: TASK_QUEUES.io,
      activities: createIoActivities(),
      maxConcurrentActivityTaskExecutions: settings.ioConcurrency,
    }),
    Worker.create({
      ...common,
      taskQueue: TASK_QUEUES.llm,
      // Each model endpoint's calls adapt to its 429s, within the worker's limit of calls in flight.
      activities: createLlmActivities(
        settings.llm,
        new AdaptiveLimits({ max: settings.llmConcurrency }),
        localModels,
      ),
      maxConcurrentActivityTaskExecutions: settings.llmConcurrency,
      ...(settings.llmRatePerSecond ? { maxTaskQueueActivitiesPerSecond: settings.llmRatePerSecond } : {}),
    }),
    Worker.create({
      ...common,
      taskQueue: TASK_QUEUES.sim,
      activities: { ...createSimActivities(), ...createSandboxActivities(), ...createHelperSimActivities() },
      maxConcurrentActivityTaskExecutions: settings.simConcurrency,
    }),
  ]);
  const byQueue = { orchestration, io, llm, sim };
  const workers = Object.values(byQueue);
  const done = Promise.all(workers.map((w) => w.run())).then(
    async () => {
      await Promise.all([connection.close(), localModels.dispose()]);
    },
    async (err: unknown) => {
      await Promise.all([connection.close(), localModels.dispose()]);
      throw err;
    },
  );
  return {
    done,
    async shutdown() {
      for (const w of workers) if (w.getState() === 'RUNNING') w.shutdown();
      await done;
    },
    inFlight() {
      const counts = (w: Worker): InFlight => {
        const status = w.getStatus();
        return {
          workflowTasks: status.numInFlightWorkflowActivations,
          activities: status.numInFlightNonLocalActivities,
          localActivities: status.numInFlightLocalActivities,
        };
      };
      return {
        orchestration: counts(orchestration),
        io: counts(io),
        llm: counts(llm),
        sim: counts(sim),
      };
    },
  };
}

export function workerSettingsFromEnv(
  address: string,
  llm: LlmActivityDeps,
  env = process.env,
): WorkerSettings {
  const int = (name: string, fallback: number): number => {
    const n = Number.parseInt(env[name] ?? '', 10);
    return Number.isFinite(n) && n > 0 ? n : fallback;
  };
  const rate = Number.parseFloat(env.SMI_LLM_RATE_PER_SECOND ?? '');
  return {
    address,
    namespace: namespaceFromEnv(env),
    llm,
    llmConcurrency: int('SMI_LLM_CONCURRENCY', 32),
    // One generation per core: each runs on a thread of its own (src/agents/local-llm.ts).
    localLlmConcurrency: int('SMI_LOCAL_LLM_CONCURRENCY', Math.min(2, availableParallelism())),
    llmRatePerSecond: Number.isFinite(rate) && rate > 0 ? rate : null,
    ioConcurrency: int('SMI_IO_CONCURRENCY', 8),
    simConcurrency: int('SMI_SIM_CONCURRENCY', 8),
  };
}
