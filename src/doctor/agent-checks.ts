// `--doctor-agent` and `--smoke-agent` (upstream's flags): check the model endpoint, key and model before
// a run, without starting one. Both work without Temporal.
import { completeChat } from '../agents/openai-chat.js';
import { scrubApiKey } from '../agents/redact.js';
import { parseModelAnswer } from '../core/model-answer.js';
import type { CliIO } from '../contracts/cli-io.js';
import type { RealAgentSettings } from '../contracts/agent-settings.js';

const BODY_SHOWN = 400;
const MODELS_TIMEOUT_MS = 30_000;
const CHAT_TIMEOUT_MS = 60_000;
const SMOKE_PROMPT = 'Reply with exactly this JSON object and nothing else: {"key_types": []}';

/** Upstream's redaction: the key's length and last six characters, never more. */
export function describeKey(apiKey: string | null): string {
  return apiKey ? `len=${apiKey.length} suffix=${apiKey.slice(-6)}` : '<missing>';
}

/**
 * Prints the effective configuration (key redacted), then asks the endpoint for its models and for one
 * tiny chat completion. 0 when both answer with 200, else 1.
 */
export async function runDoctorAgent(
  settings: RealAgentSettings,
  apiKey: string | null,
  io: CliIO,
): Promise<number> {
  io.out(`provider: ${settings.provider}`);
  io.out(`base_url: ${settings.base_url}`);
  io.out(`model: ${settings.model}`);
  io.out(`api_key: ${describeKey(apiKey)}`);
  io.out(
    `temperature: ${settings.temperature}, max_tokens: ${settings.max_tokens ?? 'server default'}, ` +
      `response_format: ${settings.response_format ?? 'none'}, thinking: ${settings.thinking ?? 'none'}`,
  );
  const base = settings.base_url.replace(/\/+$/, '');
  const auth: Record<string, string> = apiKey ? { authorization: `Bearer ${apiKey}` } : {};
  const modelsOk = await probe(io, 'GET /models', apiKey, () =>
    fetch(`${base}/models`, { headers: auth, signal: AbortSignal.timeout(MODELS_TIMEOUT_MS) }),
  );
  let chatOk = false;
  if (!apiKey) {
    io.out('POST /chat/completions: skipped (no API key: set SMI_API_KEY)');
  } else {
    try {
      const answer = await completeChat(settings, apiKey, SMOKE_PROMPT, { timeoutMs: CHAT_TIMEOUT_MS });
      io.out(`POST /chat/completions: 200, model ${answer.model}: ${answer.content.slice(0, BODY_SHOWN)}`);
      chatOk = true;
    } catch (err) {
      io.out(`POST /chat/completions: failed: ${scrubApiKey((err as Error).message, apiKey)}`);
    }
  }
  io.out(modelsOk && chatOk ? 'agent doctor: ok' : 'agent doctor: problems found (see above)');
  return modelsOk && chatOk ? 0 : 1;
}

async function probe(io: CliIO, what: string, apiKey: string | null, send: () => Promise<Response>) {
  try {
    const response = await send();
    const body = await response.text();
    if (response.status === 200) {
      const ids = modelIds(body);
      io.out(`${what}: 200${ids ? `, ${ids.length} models: ${ids.slice(0, 20).join(', ')}` : ''}`);
      return true;
    }
    io.out(`${what}: ${response.status}: ${scrubApiKey(body.slice(0, BODY_SHOWN), apiKey)}`);
  } catch (err) {
    io.out(`${what}: failed: ${(err as Error).message}`);
  }
  return false;
}

function modelIds(body: string): string[] | null {
  try {
    const data = (JSON.parse(body) as { data?: { id?: unknown }[] }).data;
    return Array.isArray(data) ? data.map((m) => String(m.id)) : null;
  } catch {
    return null;
  }
}

/** One real request through the agent's own path; prints upstream's success line. */
export async function runSmokeAgent(settings: RealAgentSettings, apiKey: string, io: CliIO): Promise<number> {
  try {
    const answer = await completeChat(settings, apiKey, SMOKE_PROMPT, { timeoutMs: CHAT_TIMEOUT_MS });
    const keyTypes = parseModelAnswer('key_types', answer.content) as string[];
    io.out(
      `real agent smoke ok (model ${answer.model}, ${keyTypes.length} key types, ${answer.usage.total_tokens} tokens)`,
    );
    return 0;
  } catch (err) {
    io.log(`error: real agent smoke failed: ${scrubApiKey((err as Error).message, apiKey)}`);
    return 1;
  }
}
