// `smi-bench models` (upstream smi-openrouter-models): the models an OpenAI-compatible endpoint offers,
// with context length and prices; their ids as upstream's list file, and a price table for evaluation sets.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { locateEnvValue } from '../agents/config.js';
import { scrubApiKey } from '../agents/redact.js';
import {
  filterModels,
  modelIdsText,
  ModelListError,
  parseModelList,
  perMillionTokens,
  type ListedModel,
} from '../models/model-list.js';
import { priceTableYaml } from '../models/price-table.js';
import { UsageError } from '../usage-error.js';
import { readDotenvFile, type CliIO } from './run-common.js';

export interface ModelsOptions {
  dotenv: string;
  out?: string;
  baseUrl?: string;
  contains?: string;
  nameContains?: string;
  priceTable?: string;
}

const DEFAULT_MODELS_BASE_URL = 'https://openrouter.ai/api/v1';
const TIMEOUT_MS = 30_000;

async function fetchModels(baseUrl: string, apiKey: string): Promise<ListedModel[]> {
  const url = `${baseUrl}/models`;
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { authorization: `Bearer ${apiKey}` },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (err) {
    const cause = (err as { cause?: { code?: string } }).cause?.code ?? (err as Error).message;
    throw new UsageError(`cannot reach ${url} (${cause}): check --base-url or SMI_API_BASE_URL`);
  }
  const body = await response.text();
  if (!response.ok)
    throw new UsageError(
      `GET ${url} answered ${response.status}: ${scrubApiKey(body.slice(0, 200), apiKey)}`,
    );
  try {
    return parseModelList(JSON.parse(body));
  } catch (err) {
    if (err instanceof ModelListError || err instanceof SyntaxError)
      throw new UsageError(
        `GET ${url}: ${err instanceof SyntaxError ? 'the answer is not JSON' : (err as Error).message}`,
      );
    throw err;
  }
}

function price(perToken: number | null): string {
  return perToken === null ? '-' : `$${perMillionTokens(perToken)}`;
}

function printTable(models: ListedModel[], io: CliIO): void {
  const width = Math.max(5, ...models.map((m) => m.id.length));
  io.out(
    `${'model'.padEnd(width)}  ${'context'.padStart(9)}  ${'in/Mtok'.padStart(10)}  ${'out/Mtok'.padStart(10)}`,
  );
  for (const m of models)
    io.out(
      `${m.id.padEnd(width)}  ${String(m.context_length ?? '-').padStart(9)}  ` +
        `${price(m.prompt_price).padStart(10)}  ${price(m.completion_price).padStart(10)}`,
    );
}

async function writeText(path: string, text: string, what: string, io: CliIO): Promise<void> {
  const target = resolve(path);
  await mkdir(dirname(target), { recursive: true });
  await writeFile(target, text);
  io.log(`${what} written to ${target}`);
}

export async function runModels(opts: ModelsOptions, io: CliIO): Promise<number> {
  const dotenv = readDotenvFile(opts.dotenv);
  // Upstream's order: the process environment wins over the dotenv file, SMI_ names before OpenRouter's.
  const fromEither = (...names: string[]) =>
    locateEnvValue(process.env, {}, ...names) ?? locateEnvValue({}, dotenv, ...names);
  const baseUrl = (
    opts.baseUrl ??
    fromEither('SMI_API_BASE_URL', 'OPENROUTER_BASE_URL')?.value ??
    DEFAULT_MODELS_BASE_URL
  ).replace(/\/+$/, '');
  const key = fromEither('SMI_API_KEY', 'OPENROUTER_API_KEY');
  if (!key)
    throw new UsageError(
      `missing API key for ${baseUrl}: set SMI_API_KEY or OPENROUTER_API_KEY (environment or ${opts.dotenv})`,
    );
  const models = filterModels(await fetchModels(baseUrl, key.value), {
    ...(opts.contains !== undefined ? { contains: opts.contains } : {}),
    ...(opts.nameContains !== undefined ? { nameContains: opts.nameContains } : {}),
  });
  if (opts.out) await writeText(opts.out, modelIdsText(models), `${models.length} model ids`, io);
  if (opts.priceTable)
    await writeText(
      opts.priceTable,
      priceTableYaml(models, { baseUrl, apiKeyEnv: key.variable }),
      'price table',
      io,
    );
  if (!opts.out && !opts.priceTable) printTable(models, io);
  return 0;
}
