// Which model a run calls, from where the settings came, and who reads the key: for the start banner, the
// pre-flight probe and its messages, and the workers' own check of a run's endpoint against theirs.
import {
  BASE_URL_VARIABLES,
  describeLocation,
  locateApiKey,
  locateEnvValue,
  resolveApiKey,
  type LocatedValue,
} from '../agents/config.js';
import type { EnvSource } from '../config/env-values.js';
import { megabytes } from '../agents/local-model.js';
import type { LlmActivityDeps } from '../activities/llm.js';
import type { Session } from './session.js';
import type { RealAgentSettings } from '../contracts/agent-settings.js';

export interface ModelAccess {
  /** The run's model settings; null when its agent calls no model. */
  settings: RealAgentSettings | null;
  /** Where the endpoint came from; null: the default. */
  endpoint: LocatedValue | null;
  /** The key this process would use (its worker's, when it runs one). */
  key: LocatedValue | null;
  /** For the worker this process may run. */
  deps: LlmActivityDeps;
}

/** How a worker reads the key and notices runs that call another endpoint than its own setting. */
export function workerModelDeps(
  processEnv: EnvSource,
  dotenv: EnvSource,
  warn?: (line: string) => void,
): LlmActivityDeps {
  return {
    resolveApiKey: (variable) => resolveApiKey(processEnv, dotenv, variable),
    ownBaseUrl: locateEnvValue(processEnv, dotenv, ...BASE_URL_VARIABLES),
    ...(warn ? { warn } : {}),
  };
}

export function modelAccess(
  settings: RealAgentSettings | null,
  processEnv: EnvSource,
  dotenv: EnvSource,
  warn?: (line: string) => void,
): ModelAccess {
  return {
    settings,
    endpoint: locateEnvValue(processEnv, dotenv, ...BASE_URL_VARIABLES),
    key: locateApiKey(processEnv, dotenv),
    deps: workerModelDeps(processEnv, dotenv, warn),
  };
}

/** `http://…/v1 (SMI_API_BASE_URL from the environment)` or `… (the default: no SMI_API_BASE_URL set)`. */
export function describeEndpoint(access: ModelAccess): string {
  const url = access.settings?.base_url ?? '';
  return access.endpoint
    ? `${url} (${describeLocation(access.endpoint)})`
    : `${url} (the default: SMI_API_BASE_URL is not set for this command)`;
}

/**
 * Which processes may make a run's model calls, and so read the key: the worker in this process alone (on
 * the server this command started), `smi-bench worker` processes alone (TEMPORAL_ADDRESS), or either (a
 * server found running, e.g. `smi-bench server`, where workers may poll beside this process's own).
 */
export type KeyReaders = 'this-process' | 'workers' | 'either';

export function keyReaders(session: Pick<Session, 'workers' | 'target'>): KeyReaders {
  if (!session.workers) return 'workers';
  return session.target.embedded ? 'this-process' : 'either';
}

/** Who reads the key, for the banner and the pre-flight's failure. */
export function describeKeyReaders(access: ModelAccess, readers: KeyReaders): string {
  const here = `the worker in this process (${access.key ? describeLocation(access.key) : 'no key found'})`;
  if (readers === 'this-process') return `read by ${here}`;
  if (readers === 'workers')
    return 'read by each `smi-bench worker` process from its own environment or dotenv file (SMI_API_KEY, …)';
  return (
    `read by whichever worker takes a call: ${here}, or a \`smi-bench worker\` process polling this ` +
    'server (from its own environment or dotenv file)'
  );
}

/** The start banner's lines about the model; none for agents without one. */
export function modelBanner(access: ModelAccess, readers: KeyReaders): string[] {
  if (!access.settings) return [];
  const file = access.settings.local_model;
  if (file)
    return [
      `  model:         ${file.file_name} (${megabytes(file.size_bytes)}, sha256 ` +
        `${file.sha256.slice(0, 12)}…), run in-process by the llm workers (node-llama-cpp, CPU)`,
    ];
  const key = describeKeyReaders(access, readers);
  return [
    `  model:         ${access.settings.model} at ${describeEndpoint(access)}`,
    `  API key:       ${key}`,
  ];
}
