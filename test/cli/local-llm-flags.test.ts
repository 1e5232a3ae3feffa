// The local model's flags refused before anything starts, each with the reason (exit status 2): a model
// path for an agent that has none, a missing GGUF file, and the endpoint checks asked of a local model.
import { describe, expect, it } from 'vitest';
import { smiBench } from '../support/cli.js';
import { CORPUS_DIR } from '../support/paths.js';

const phase1 = (args: string[]) =>
  smiBench(['phase1', '--corpus-root', CORPUS_DIR, '--no-progress', ...args]);

describe('--agent local-llm flags', () => {
  it('refuses --model-path for another agent', async () => {
    const res = await phase1(['--agent', 'mock-perfect', '--model-path', 'x.gguf']);
    expect(res.exitCode).toBe(2);
    expect(String(res.stderr)).toContain('error: --model-path is the GGUF file of --agent local-llm');
  });

  it('refuses a model file that does not exist, naming the flag', async () => {
    const res = await phase1(['--agent', 'local-llm', '--model-path', '/nonexistent/model.gguf']);
    expect(res.exitCode).toBe(2);
    expect(String(res.stderr)).toContain(
      'error: local model not found: /nonexistent/model.gguf (give the path of a .gguf file with --model-path)',
    );
  });

  it('refuses --doctor-agent for a local model and names the check that applies', async () => {
    const res = await phase1(['--agent', 'local-llm', '--doctor-agent']);
    expect(res.exitCode).toBe(2);
    expect(String(res.stderr)).toContain(
      '--doctor-agent checks an endpoint; `smi-bench doctor` checks that the local model loads',
    );
  });
});
