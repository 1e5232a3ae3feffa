// `--structured`: each phase offers an OpenAI-compatible endpoint its answer schema as `response_format`
// (json_schema, not strict), the same schema the local model gets as its grammar; without the flag nothing
// of the kind is sent. Seen from the endpoint's side: a scripted model server on 127.0.0.1.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANSWER_SCHEMAS } from '../../src/agents/answer-schemas.js';
import { ownServerPorts, smiBench } from '../support/cli.js';
import { startOpenAiStub, type RunningOpenAiStub } from '../support/openai-stub.js';
import { CORPUS_DIR } from '../support/paths.js';

const WRAPPER = '0x358e10b333ce6563f40fdf46f95d020aa6f8e221d4299a2d9b2592968a7da467';
const work = mkdtempSync(join(tmpdir(), 'smi-structured-'));
let stub: RunningOpenAiStub;

beforeAll(async () => {
  writeFileSync(join(work, 'ids.txt'), `${WRAPPER}\n`);
  stub = await startOpenAiStub({
    apiKey: 'sk-structured',
    handler: (req) => ({ content: req.prompt.includes('key_types') ? '{"key_types": []}' : '{"calls": []}' }),
  });
});
afterAll(() => stub?.close());

/** Each run asks the model (`--no-cache`): the test counts what the endpoint receives. */
async function run(phase: 'phase1' | 'phase2', extra: string[]) {
  const from = stub.requests.length;
  const res = await smiBench(
    [phase, '--agent', 'real-openai-compatible', '--corpus-root', CORPUS_DIR]
      .concat(['--package-ids-file', join(work, 'ids.txt'), '--samples', '0', '--skip-preflight'])
      .concat([
        '--log-dir',
        join(work, 'logs'),
        '--no-progress',
        '--no-cache',
        '--dotenv',
        join(work, 'none.env'),
        ...extra,
      ]),
    {
      SMI_HOME: join(work, '.smi-bench'),
      SMI_API_KEY: 'sk-structured',
      SMI_MODEL: 'stub-model',
      SMI_API_BASE_URL: stub.baseUrl,
      ...(await ownServerPorts()),
    },
  );
  expect(res.exitCode, String(res.stderr)).toBe(0);
  return stub.requests.slice(from).map((r) => (r.body as { response_format?: unknown }).response_format);
}

describe('--structured', () => {
  it('sends Phase I its key-type schema and Phase II its planning schema', { timeout: 120_000 }, async () => {
    expect(await run('phase1', ['--structured'])).toEqual([
      {
        type: 'json_schema',
        json_schema: { name: 'phase1_key_types', schema: ANSWER_SCHEMAS.phase1_key_types, strict: false },
      },
    ]);
    const phase2 = await run('phase2', ['--structured', '--max-plan-attempts', '1']);
    expect(phase2.length).toBeGreaterThan(0);
    for (const format of phase2)
      expect(format).toMatchObject({ type: 'json_schema', json_schema: { name: 'phase2_planning' } });
  });

  it('is off by default, and refused for an agent without a model', { timeout: 120_000 }, async () => {
    expect(await run('phase1', [])).toEqual([undefined]);
    const res = await smiBench([
      'phase1',
      '--corpus-root',
      CORPUS_DIR,
      '--agent',
      'mock-perfect',
      '--structured',
    ]);
    expect(res.exitCode).toBe(2);
    expect(String(res.stderr)).toContain('--structured is for agents that ask a model');
  });
});
