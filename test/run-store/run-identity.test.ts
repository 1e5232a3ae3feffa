import { describe, expect, it } from 'vitest';
import { loadRealAgentSettings } from '../../src/agents/config.js';
import { identityMismatches, runIdentity } from '../../src/run-store/run-record.js';
import { testRunInput } from '../support/run-input.js';

const base = testRunInput({ runId: 'r', logDir: '/logs', corpusRoot: '/corpus' });
const model = (env: Record<string, string>) =>
  loadRealAgentSettings({ SMI_MODEL: 'm', SMI_API_BASE_URL: 'http://127.0.0.1:9/v1', ...env }, {});

describe('run identity', () => {
  it('accepts the same run, whatever may change safely (concurrency, --out, argv)', () => {
    const again = { ...base, concurrency: 99, outFile: '/elsewhere.json', argv: ['other'] };
    expect(identityMismatches(runIdentity(base), runIdentity(again))).toEqual([]);
  });

  it('names every setting that changed, in key order', () => {
    const other = {
      ...base,
      samples: 3,
      options: { ...base.options, agent: 'mock-empty' as const, seed: 7 },
    };
    expect(identityMismatches(runIdentity(base), runIdentity(other))).toEqual([
      'options.agent was "mock-perfect", now "mock-empty"',
      'options.seed was 0, now 7',
      'samples was 0, now 3',
    ]);
  });

  it('covers the model settings: endpoint, temperature, max_tokens', () => {
    const a = { ...base, options: { ...base.options, agentSettings: model({}) } };
    const b = {
      ...base,
      options: {
        ...base.options,
        agentSettings: model({ SMI_API_BASE_URL: 'http://127.0.0.1:8/v1', SMI_TEMPERATURE: '0.5' }),
      },
    };
    const changed = identityMismatches(runIdentity(a), runIdentity(b)).map((m) => m.split(' ')[0]);
    expect(changed).toContain('options.agentSettings.base_url');
    expect(changed).toContain('options.agentSettings.temperature');
  });

  it('covers the struct budget, the timeout and the phase', () => {
    const other = {
      ...base,
      phase: 'phase2' as const,
      options: { ...base.options, maxStructsInPrompt: 10, perPackageTimeoutSeconds: 5 },
    };
    expect(identityMismatches(runIdentity(base), runIdentity(other))).toEqual([
      'options.maxStructsInPrompt was 200, now 10',
      'options.perPackageTimeoutSeconds was 120, now 5',
      'phase was "phase1", now "phase2"',
    ]);
  });

  it('keeps a long text (a prompt template) as its SHA-256', () => {
    const template = 'x'.repeat(500);
    const identity = runIdentity({ ...base, options: { ...base.options, template } as typeof base.options });
    // sha256 of 500 "x" characters, computed with `printf 'x%.0s' $(seq 500) | sha256sum`
    expect(identity['options.template']).toBe(
      'sha256:c38c2bf3055c516a98ac5d97f30e7c364e827bc0199e1c3415b794afbe55dcad',
    );
  });
});
