// The smi-bench workers: one process, one Worker per task queue, sharing a connection.
import { AdaptiveLimits } from './agents/adaptive-limit.js';
import { LocalModels } from './agents/local-llm.js';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import {
  DefaultLogger,
  NativeConnection,
  Runtime,
  Worker,
  type LogLevel,
  type WorkerOptions,
} from '@temporalio/worker';
import { createLlmActivities, createQueueActivities, type LlmActivityDeps } from './activities/index.js';
import { TASK_QUEUES } from './temporal/names.js';
import { workflowBundlePath, workflowSourcePath } from './temporal/workflow-bundle.js';
import { unreachableServerError } from './temporal/connect.js';
import { SdkLogFile, sdkLogFile } from './temporal/sdk-log.js';
import type { ProcessConfig } from './config/variables.js';
import { applyProcessSettings } from './process-settings.js';

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
  /** The rest of the process's settings: its VM and compiler threads, the answer cache, the SDK log… */
  config: ProcessConfig;
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
function installSdkLog(level: LogLevel): void {
  if (sdkLog) return;
  const file = new SdkLogFile(sdkLogFile());
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
  installSdkLog(settings.config.SMI_SDK_LOG_LEVEL);
  // The activities reach the VM and compiler threads and the chain through process-wide pools and clients.
  applyProcessSettings(settings.config);
  const connection = await NativeConnection.connect({ address: settings.address }).catch((err: unknown) => {
    throw unreachableServerError(settings.address, err);
  });
  const common = { connection, namespace: settings.namespace };
  // Loaded on a run's first local call, kept for the next ones, freed when the workers stop.
  const localModels = new LocalModels(settings.localLlmConcurrency);
  const activities = await createQueueActivities();
  const [orchestration, io, llm, sim] = await Promise.all([
    // The orchestration worker also runs the io activities that workflows call as local activities.
    Worker.create({
      ...common,
      taskQueue: TASK_QUEUES.orchestration,
      ...workflowCode(),
      // Extraction, recording and build-only simulation run here as local activities.
      activities: activities.orchestration,
      // Without this only the SDK default bounds the local activities.
      maxConcurrentLocalActivityExecutions: settings.ioConcurrency,
    }),
    Worker.create({
      ...common,
      taskQueue: TASK_QUEUES.io,
      activities: activities.io,
      maxConcurrentActivityTaskExecutions: settings.ioConcurrency,
    }),
    Worker.create({
      ...common,
      taskQueue: TASK_QUEUES.llm,
      // Each model endpoint's calls adapt to its 429s, within the worker's limit of calls in flight.
      activities: createLlmActivities(
        { ...settings.llm, modelCacheDir: settings.config.SMI_MODEL_CACHE_DIR },
        new AdaptiveLimits({ max: settings.llmConcurrency }),
        localModels,
      ),
      maxConcurrentActivityTaskExecutions: settings.llmConcurrency,
      ...(settings.llmRatePerSecond ? { maxTaskQueueActivitiesPerSecond: settings.llmRatePerSecond } : {}),
    }),
    Worker.create({
      ...common,
      taskQueue: TASK_QUEUES.sim,
      activities: activities.sim,
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

/** The workers' settings from the process's configuration, read by its entry point. */
export function workerSettings(
  address: string,
  namespace: string,
  llm: LlmActivityDeps,
  config: ProcessConfig,
): WorkerSettings {
  return {
    address,
    namespace,
    llm,
    llmConcurrency: config.SMI_LLM_CONCURRENCY,
    // One generation per core: each runs on a thread of its own (src/agents/local-llm.ts).
    localLlmConcurrency: config.SMI_LOCAL_LLM_CONCURRENCY ?? Math.min(2, availableParallelism()),
    llmRatePerSecond: config.SMI_LLM_RATE_PER_SECOND ?? null,
    ioConcurrency: config.SMI_IO_CONCURRENCY,
    simConcurrency: config.SMI_SIM_CONCURRENCY,
    config,
  };
}
