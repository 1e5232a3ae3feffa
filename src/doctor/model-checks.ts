// Doctor checks of the model a model agent would call: its key, its settings, and one GET /models.
import { ConfigError, describeLocation, loadRealAgentSettings, locateApiKey } from '../agents/config.js';
import type { EnvSource } from '../config/env-values.js';
import { scrubApiKey } from '../agents/redact.js';
import { describeKey } from './agent-checks.js';
import type { CheckResult } from './check.js';

const PROBE_TIMEOUT_MS = 10_000;
const MODEL_VARIABLES = ['SMI_API_KEY', 'SMI_MODEL', 'SMI_API_BASE_URL'];

export interface ModelCheckOptions {
  processEnv: EnvSource;
  dotenv: EnvSource;
  /** Without it, a machine with no model configured only gets a warning: the mock agents need none. */
  required: boolean;
}

/** Why an endpoint answered `status`, and which variable fixes it. */
function statusAdvice(status: number): string {
  if (status === 401 || status === 403)
    return 'the key was refused: set SMI_API_KEY to a key of this endpoint';
  if (status === 404)
    return 'no models list at this address: check SMI_API_BASE_URL (it usually ends in /v1)';
  return 'the endpoint is not answering normally: check SMI_API_BASE_URL, or try again later';
}

async function probeEndpoint(baseUrl: string, model: string, apiKey: string | null): Promise<CheckResult> {
  const name = 'model endpoint';
  const headers: Record<string, string> = apiKey ? { authorization: `Bearer ${apiKey}` } : {};
  let response: Response;
  try {
    response = await fetch(`${baseUrl}/models`, { headers, signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
  } catch (err) {
    const cause = (err as { cause?: { code?: string } }).cause?.code ?? (err as Error).message;
    return {
      name,
      status: 'fail',
      message: `cannot reach ${baseUrl} (${cause})`,
      fix: { command: 'set SMI_API_BASE_URL to an endpoint this machine reaches', safe: false },
    };
  }
  const body = await response.text();
  if (response.status !== 200) {
    return {
      name,
      status: 'fail',
      message: `GET ${baseUrl}/models answered ${response.status}: ${scrubApiKey(body.slice(0, 200), apiKey)}`,
      fix: { command: statusAdvice(response.status), safe: false },
    };
  }
  const ids = listedModels(body);
  if (ids && !ids.includes(model)) {
    return {
      name,
      status: 'fail',
      message: `${baseUrl} answers, but its ${ids.length} models do not include ${model}`,
      fix: { command: 'set SMI_MODEL to one of them (`smi-bench models` lists them)', safe: false },
    };
  }
  return { name, status: 'ok', message: `${baseUrl} answers and offers ${model}` };
}

function listedModels(body: string): string[] | null {
  try {
    const data = (JSON.parse(body) as { data?: unknown }).data;
    return Array.isArray(data) ? data.map((m) => String((m as { id?: unknown }).id)) : null;
  } catch {
    return null;
  }
}

export async function modelChecks({
  processEnv,
  dotenv,
  required,
}: ModelCheckOptions): Promise<CheckResult[]> {
  const configured = MODEL_VARIABLES.some((v) => processEnv[v] !== undefined || dotenv[v] !== undefined);
  if (!configured && !required) {
    return [
      {
        name: 'model',
        status: 'warn',
        message: 'not configured: only model agents need SMI_API_KEY, SMI_MODEL and SMI_API_BASE_URL',
      },
    ];
  }
  const key = locateApiKey(processEnv, dotenv);
  const keyResult: CheckResult = key
    ? { name: 'model key', status: 'ok', message: `${describeLocation(key)} (${describeKey(key.value)})` }
    : {
        name: 'model key',
        status: 'fail',
        message: 'no API key: none of SMI_API_KEY, OPENAI_API_KEY, OPENROUTER_API_KEY is set',
        fix: { command: 'export SMI_API_KEY=… (or put it in the dotenv file)', safe: false },
      };
  try {
    const settings = loadRealAgentSettings(processEnv, dotenv);
    return [keyResult, await probeEndpoint(settings.base_url, settings.model, key?.value ?? null)];
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    const setting: CheckResult = {
      name: 'model settings',
      status: 'fail',
      message: err.message,
      fix: { command: 'fix the variable named (environment or dotenv file)', safe: false },
    };
    return [keyResult, setting];
  }
}
