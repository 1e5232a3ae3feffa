import { describe, expect, it } from 'vitest';
import { defaultRunId, runIdProblem } from '../../src/core/run-id.js';

describe('defaultRunId', () => {
  const when = new Date(Date.UTC(2026, 0, 3, 5, 6, 7));

  it('formats prefix, UTC time, pid and the random suffix', () => {
    expect(defaultRunId('phase1', when, 4242, '0a1b2c')).toBe('phase1_20260103_050607_pid4242_0a1b2c');
  });

  it('satisfies the upstream checks (prefix, _pid, 6-character suffix, uniqueness)', () => {
    const ids = new Set<string>();
    for (let i = 0; i < 1000; i++) {
      const hex = ((i * 2654435761) % 0x1000000).toString(16).padStart(6, '0');
      const id = defaultRunId('test', when, 1, hex);
      expect(id.startsWith('test_')).toBe(true);
      expect(id).toContain('_pid');
      expect(id.split('_').at(-1)).toHaveLength(6);
      ids.add(id);
    }
    expect(ids.size).toBeGreaterThanOrEqual(997);
  });

  it('rejects a malformed random suffix', () => {
    expect(() => defaultRunId('x', when, 1, 'XYZ')).toThrow(/6 lowercase hex/);
  });
});

describe('runIdProblem', () => {
  it('accepts plain names, including every default run id', () => {
    expect(runIdProblem('phase1_20260103_050607_pid4242_0a1b2c')).toBeNull();
    expect(runIdProblem('team-a.v2_é')).toBeNull();
    expect(runIdProblem('x'.repeat(120))).toBeNull();
  });

  it('rejects names that escape or hide in the log dir, and empty or overlong ones', () => {
    for (const bad of ['..', '.', '.hidden', '../etc', 'a/b', 'a\\b', '', 'x'.repeat(121), 'a b']) {
      expect(runIdProblem(bad)).toMatch(/^run id .* may only contain letters/);
    }
  });
});
