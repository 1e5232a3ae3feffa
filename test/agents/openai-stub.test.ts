// The stub is test infrastructure other suites rely on (perf, crash tests), so its own behaviour is pinned here.
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import {
  constantReply,
  packageIdFromPrompt,
  repliesByPackage,
  startOpenAiStub,
  type RunningOpenAiStub,
} from '../support/openai-stub.js';
import { PROJECT_ROOT } from '../support/paths.js';

let stub: RunningOpenAiStub | undefined;
afterEach(async () => {
  await stub?.close();
  stub = undefined;
});

function chat(baseUrl: string, prompt: string, headers: Record<string, string> = {}) {
  return fetch(`${baseUrl}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ model: 'asked-model', messages: [{ role: 'user', content: prompt }] }),
  });
}

describe('openai stub server', () => {
  it('extracts the package id from a Phase I style prompt', () => {
    expect(packageIdFromPrompt('intro\n{\n  "modules": {},\n  "package_id": "0xabc"\n}\n')).toBe('0xabc');
    expect(packageIdFromPrompt('no payload')).toBeNull();
  });

  it('answers in the chat.completion format and records the request', async () => {
    stub = await startOpenAiStub({ handler: constantReply({ content: '[]' }) });
    const response = await chat(stub.baseUrl, '{"package_id": "0x1"}');
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      object: 'chat.completion',
      model: 'asked-model',
      choices: [{ index: 0, message: { role: 'assistant', content: '[]' }, finish_reason: 'stop' }],
      usage: { prompt_tokens: expect.any(Number), completion_tokens: 1, total_tokens: expect.any(Number) },
    });
    expect(stub.requests).toHaveLength(1);
    expect(stub.requests[0]).toMatchObject({
      method: 'POST',
      path: '/v1/chat/completions',
      packageId: '0x1',
    });
  });

  it('lists models, rejects unknown routes and enforces the API key when asked', async () => {
    stub = await startOpenAiStub({ models: ['a', 'b'], apiKey: 'secret' });
    const unauthorised = await fetch(`${stub.baseUrl}/models`);
    expect(unauthorised.status).toBe(401);
    const models = await fetch(`${stub.baseUrl}/models`, { headers: { authorization: 'Bearer secret' } });
    expect(((await models.json()) as { data: { id: string }[] }).data.map((m) => m.id)).toEqual(['a', 'b']);
    const missing = await fetch(`${stub.baseUrl}/nowhere`, { headers: { authorization: 'Bearer secret' } });
    expect(missing.status).toBe(404);
  });

  it('routes replies by package id with a fallback', async () => {
    stub = await startOpenAiStub({
      handler: repliesByPackage({ '0x1': { status: 503 } }, () => ({ content: 'fallback' })),
    });
    expect((await chat(stub.baseUrl, '"package_id": "0x1"')).status).toBe(503);
    const other = (await (await chat(stub.baseUrl, '"package_id": "0x2"')).json()) as {
      choices: { message: { content: string } }[];
    };
    expect(other.choices[0]?.message.content).toBe('fallback');
    expect(Object.fromEntries(stub.countByPackage())).toEqual({ '0x1': 1, '0x2': 1 });
  });

  it('closes promptly even with a request hanging', async () => {
    stub = await startOpenAiStub({ handler: constantReply({ hangMs: 60_000 }) });
    const pending = chat(stub.baseUrl, 'x').catch((e: unknown) => e);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = Date.now();
    await stub.close();
    stub = undefined;
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await pending).toBeInstanceOf(Error);
  });

  it('runs as a standalone process that prints its base URL', async () => {
    const script = await compileStandaloneServer();
    const child = spawn(process.execPath, [script, '--delay-ms', '10'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const [chunk] = (await once(child.stdout, 'data')) as [Buffer];
      const { baseUrl } = JSON.parse(chunk.toString()) as { baseUrl: string };
      const response = await chat(baseUrl, 'x');
      const body = (await response.json()) as { choices: { message: { content: string } }[] };
      expect(body.choices[0]?.message.content).toBe('{"key_types": []}');
    } finally {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  });
});

/** Node 20 cannot run TypeScript, and dist/ may be stale: compile the wrapper and the stub to a temp dir. */
async function compileStandaloneServer(): Promise<string> {
  const outDir = await mkdtemp(join(tmpdir(), 'openai-stub-'));
  await writeFile(join(outDir, 'package.json'), '{"type": "module"}');
  const tsc = join(PROJECT_ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  const args = ['--outDir', outDir, '--rootDir', join(PROJECT_ROOT, 'perf'), '--module', 'nodenext'];
  args.push('--target', 'es2022', '--types', 'node', '--skipLibCheck', '--noCheck');
  await promisify(execFile)(process.execPath, [
    tsc,
    ...args,
    join(PROJECT_ROOT, 'perf', 'openai-stub-server.ts'),
  ]);
  return join(outDir, 'openai-stub-server.js');
}
