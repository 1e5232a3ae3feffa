// `smi-bench phase1 --prompt-template FILE`: the model receives exactly the user's text with the
// placeholders filled; the template's hash is in run_metadata.json and part of the run's identity.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { smiBench, spawnWorker, stopProcess } from '../support/cli.js';
import { TEST_NAMESPACES } from '../support/namespaces.js';
import { startOpenAiStub, type RunningOpenAiStub } from '../support/openai-stub.js';
import { CORPUS_DIR } from '../support/paths.js';
import { temporalAddress } from '../support/temporal.js';

const WRAPPER = '0x358e10b333ce6563f40fdf46f95d020aa6f8e221d4299a2d9b2592968a7da467';
const work = mkdtempSync(join(tmpdir(), 'smi-template-'));
let stub: RunningOpenAiStub;
let worker: ChildProcess;
let env: Record<string, string>;

beforeAll(async () => {
  stub = await startOpenAiStub({});
  env = {
    TEMPORAL_ADDRESS: temporalAddress(),
    TEMPORAL_NAMESPACE: TEST_NAMESPACES.promptTemplate,
    SMI_MODEL: 'stub-model',
    SMI_API_BASE_URL: stub.baseUrl,
  };
  worker = spawnWorker({ ...env, SMI_API_KEY: 'template-key' });
});
afterAll(async () => {
  await stopProcess(worker);
  await stub.close();
});

describe('phase1 --prompt-template', () => {
  it('sends the rendered template, records its hash, and refuses another one for the same run', async () => {
    const template = join(work, 'mine.txt');
    const text =
      'Package {{package_id}}: which of these structs are Sui objects?\nStructs: {{ payload }}\nJSON only.';
    writeFileSync(template, text);
    const ids = join(work, 'ids.txt');
    writeFileSync(ids, `${WRAPPER}\n`);
    const args = [
      'phase1',
      ...['--corpus-root', CORPUS_DIR, '--package-ids-file', ids, '--samples', '0'],
      ...['--agent', 'real-openai-compatible', '--run-id', 'templated', '--log-dir', join(work, 'logs')],
      ...['--dotenv', join(work, 'none.env'), '--no-progress'],
    ];
    const res = await smiBench([...args, '--prompt-template', template], env);
    expect(res.exitCode, String(res.stderr)).toBe(0);

    // The first request is the pre-flight's tiny question (no package in it); then the package's prompt.
    expect(stub.requests[0]!.packageId).toBeNull();
    const prompts = stub.requests.slice(1).map((r) => r.prompt);
    expect(prompts).toHaveLength(1);
    const [head, rest] = [prompts[0]!.split('\n')[0], prompts[0]!.split('\n').slice(1).join('\n')];
    expect(head).toBe(`Package ${WRAPPER}: which of these structs are Sui objects?`);
    expect(rest.startsWith('Structs: {\n')).toBe(true);
    expect(rest.endsWith('}\nJSON only.')).toBe(true);
    // the payload is the built-in prompt's JSON: wrapper_coin's two structs, abilities hidden
    const payload = JSON.parse(rest.slice('Structs: '.length, -'\nJSON only.'.length)) as {
      package_id: string;
      modules: Record<string, { structs: Record<string, unknown> }>;
    };
    expect(payload.package_id).toBe(WRAPPER);
    expect(Object.keys(payload.modules).sort()).toEqual(['freshx', 'wrapper_coin']);

    const metadata = JSON.parse(
      readFileSync(join(work, 'logs', 'templated', 'run_metadata.json'), 'utf8'),
    ) as {
      prompt_template_sha256: string;
    };
    expect(metadata.prompt_template_sha256).toBe(createHash('sha256').update(text).digest('hex'));

    writeFileSync(template, text.replace('Sui objects', 'objects'));
    const changed = await smiBench([...args, '--prompt-template', template], env);
    expect(changed.exitCode).toBe(2);
    expect(changed.stderr).toContain('options.promptTemplate was');
  });

  it('refuses a template with an unknown placeholder before starting', async () => {
    const template = join(work, 'typo.txt');
    writeFileSync(template, 'Structs: {{payload}} of {{packge_id}}');
    const res = await smiBench(['phase1', '--corpus-root', CORPUS_DIR, '--prompt-template', template], env);
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toContain('unknown placeholder {{packge_id}}');
    expect(res.stderr).toContain('{{package_id}}, {{payload}}');
  });
});
