// `--structured`: each phase offers an OpenAI-compatible endpoint its answer schema as `response_format`
// (json_schema, not strict), the same schema the local model gets as its grammar, its names bound to the
// ones the prompt lists (`enum`); without the flag nothing of the kind is sent. Seen from the endpoint's
// side: a scripted model server on 127.0.0.1. The names expected are read off the package's interface as
// upstream's extractor wrote it (test/fixtures/interface).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

/** The package's public functions (its `init` is private), as a plan names them. */
const PROBES = [
  'probe_transfer_cap',
  'probe_transfer_cap_generic',
  'probe_transfer_coin_generic',
  'probe_transfer_metadata_cap_generic',
].map((name) => `${WRAPPER}::wrapper_coin::${name}`);

interface EnumOf {
  items: { enum: string[] };
}
interface SentSchema {
  type: string;
  json_schema: {
    name: string;
    strict: boolean;
    schema: {
      oneOf: [
        {
          properties: { calls: { items: { properties: { target: { enum: string[] }; type_args: EnumOf } } } };
        },
        { properties: { need_more: EnumOf } },
      ];
    };
  };
}

describe('--structured', () => {
  it(
    'sends Phase I and Phase II their schemas, bound to the names of the prompt',
    { timeout: 120_000 },
    async () => {
      const [phase1] = (await run('phase1', ['--structured'])) as SentSchema[];
      expect(phase1).toEqual({
        type: 'json_schema',
        json_schema: {
          name: 'phase1_key_types',
          strict: false,
          schema: {
            type: 'object',
            required: ['key_types'],
            properties: {
              key_types: {
                type: 'array',
                maxItems: 40,
                // Both structs of the package, fully qualified as the scorer compares them.
                items: { enum: [`${WRAPPER}::freshx::FRESHX`, `${WRAPPER}::wrapper_coin::WRAPPER_COIN`] },
              },
            },
          },
        },
      });
      const phase2 = (await run('phase2', ['--structured', '--max-plan-attempts', '1'])) as SentSchema[];
      expect(phase2.length).toBeGreaterThan(0);
      for (const format of phase2) {
        expect(format).toMatchObject({ type: 'json_schema', json_schema: { name: 'phase2_planning' } });
        const [plan, needMore] = format.json_schema.schema.oneOf;
        const call = plan.properties.calls.items;
        expect(call.properties.target.enum).toEqual(PROBES);
        expect(call.properties.type_args.items.enum).toEqual(
          expect.arrayContaining(['u64', '0x2::sui::SUI', `${WRAPPER}::wrapper_coin::WRAPPER_COIN`]),
        );
        expect(needMore.properties.need_more.items.enum).toEqual([
          `${WRAPPER}::freshx`,
          `${WRAPPER}::wrapper_coin`,
          ...PROBES,
        ]);
      }
    },
  );

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
