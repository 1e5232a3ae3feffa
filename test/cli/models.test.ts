// `smi-bench models` against an endpoint on 127.0.0.1 serving a hand-written OpenRouter-shaped list.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import yaml from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEvalSetConfig } from '../../src/evalset/config.js';
import { freePort } from '../../src/temporal/ports.js';
import { smiBench } from '../support/cli.js';

const KEY = 'sk-or-models-test';
const LIST = {
  data: [
    {
      id: 'openai/gpt-4o-mini',
      name: 'OpenAI: GPT-4o-mini',
      context_length: 128000,
      pricing: { prompt: '0.00000015', completion: '0.0000006' },
    },
    {
      id: 'anthropic/claude-3.5-haiku',
      name: 'Anthropic: Claude 3.5 Haiku',
      context_length: 200000,
      pricing: { prompt: '0.0000008', completion: '0.000004' },
    },
    {
      id: 'meta/llama-free',
      name: 'Meta: Llama (free)',
      context_length: null,
      pricing: { prompt: '0', completion: '0' },
    },
    { id: 'odd/unpriced', name: 'Odd', pricing: { prompt: 'n/a' } },
  ],
};

const work = mkdtempSync(join(tmpdir(), 'smi-models-'));
let server: Server;
let baseUrl: string;
const seenAuth: (string | undefined)[] = [];

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    seenAuth.push(req.headers.authorization);
    if (req.headers.authorization !== `Bearer ${KEY}`) {
      res
        .writeHead(401, { 'content-type': 'application/json' })
        .end('{"error":{"message":"No auth credentials found"}}');
    } else if (req.url === '/api/v1/models') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(LIST));
    } else if (req.url === '/bad/v1/models') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"data": {"not": "a list"}}');
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
});
afterAll(() => {
  server.close();
  rmSync(work, { recursive: true, force: true });
});

const env = () => ({ SMI_API_KEY: KEY, SMI_API_BASE_URL: baseUrl });
const noDotenv = ['--dotenv', join(work, 'none.env')];

describe('smi-bench models', () => {
  it('writes the ids file as upstream does: sorted, one per line', async () => {
    const out = join(work, 'nested', 'models.txt');
    const run = await smiBench(['models', ...noDotenv, '--out', out], env());
    expect(run.exitCode).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(
      'anthropic/claude-3.5-haiku\nmeta/llama-free\nodd/unpriced\nopenai/gpt-4o-mini\n',
    );
  });

  it('prints a table with prices per million tokens, filtered', async () => {
    const run = await smiBench(['models', ...noDotenv, '--name-contains', 'openai'], env());
    expect(run.exitCode).toBe(0);
    const lines = String(run.stdout).trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^openai\/gpt-4o-mini\s+128000\s+\$0\.15\s+\$0\.6$/);
    const byId = await smiBench(['models', ...noDotenv, '--contains', 'LLAMA'], env());
    expect(byId.stdout).toMatch(/meta\/llama-free\s+-\s+\$0\s+\$0/);
  });

  it('writes a price table an evaluation-set config accepts', async () => {
    const table = join(work, 'prices.yaml');
    const run = await smiBench(['models', ...noDotenv, '--price-table', table], env());
    expect(run.exitCode).toBe(0);
    const text = readFileSync(table, 'utf8');
    const models = (yaml.load(text) as { models: Record<string, unknown>[] }).models;
    expect(models.find((m) => m.model === 'openai/gpt-4o-mini')).toEqual({
      name: 'openai-gpt-4o-mini',
      model: 'openai/gpt-4o-mini',
      base_url: baseUrl,
      api_key_env: 'SMI_API_KEY',
      price: { input_per_mtok: 0.15, output_per_mtok: 0.6 },
    });
    expect(models.find((m) => m.model === 'odd/unpriced')).not.toHaveProperty('price');
    expect(text).toContain('1 model came without a price');
    const config = { name: 'from-prices', corpus_root: 'corpus', models, phases: [{ phase: 'phase1' }] };
    const parsed = parseEvalSetConfig(yaml.dump(config), 'set.yaml');
    expect(parsed.models.map((m) => m.name)).toEqual([
      'openai-gpt-4o-mini',
      'anthropic-claude-3.5-haiku',
      'meta-llama-free',
      'odd-unpriced',
    ]);
  });

  it('the process environment wins over the dotenv file; the dotenv file fills in', async () => {
    const dotenv = join(work, 'keys.env');
    writeFileSync(dotenv, `OPENROUTER_API_KEY=${KEY}\nSMI_API_BASE_URL=http://127.0.0.1:1/v1\n`);
    const run = await smiBench(['models', '--dotenv', dotenv], { SMI_API_BASE_URL: baseUrl });
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toContain('openai/gpt-4o-mini');
  });

  it('one clear line for a missing key, a refused key, a bad document and a dead endpoint', async () => {
    const missing = await smiBench(['models', ...noDotenv], { SMI_API_BASE_URL: baseUrl });
    expect(missing.exitCode).toBe(2);
    expect(String(missing.stderr).trim()).toBe(
      `error: missing API key for ${baseUrl}: set SMI_API_KEY or OPENROUTER_API_KEY (environment or ${join(work, 'none.env')})`,
    );
    const refused = await smiBench(['models', ...noDotenv], { ...env(), SMI_API_KEY: 'sk-wrong' });
    expect(refused.exitCode).toBe(2);
    expect(String(refused.stderr).trim()).toBe(
      `error: GET ${baseUrl}/models answered 401: {"error":{"message":"No auth credentials found"}}`,
    );
    const bad = await smiBench(
      ['models', ...noDotenv, '--base-url', baseUrl.replace('/api/v1', '/bad/v1')],
      env(),
    );
    expect(String(bad.stderr).trim()).toMatch(
      /^error: GET .*\/bad\/v1\/models: unexpected \/models response: no "data" list$/,
    );
    const port = await freePort();
    const dead = await smiBench(['models', ...noDotenv, '--base-url', `http://127.0.0.1:${port}/v1`], env());
    expect(dead.exitCode).toBe(2);
    expect(String(dead.stderr).trim()).toBe(
      `error: cannot reach http://127.0.0.1:${port}/v1/models (ECONNREFUSED): check --base-url or SMI_API_BASE_URL`,
    );
  });
});
