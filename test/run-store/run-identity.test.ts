import { describe, expect, it } from 'vitest';
import { identityMismatches, type SelectionRecord } from '../../src/run-store/run-record.js';

const recorded: SelectionRecord = {
  run_id: 'r',
  corpus_root: '/corpus',
  agent: 'mock-perfect',
  model: null,
  seed: 0,
  samples: 25,
  dataset: null,
  target_ids_file: null,
  target_ids_total: null,
  total: 25,
  started_at_unix_seconds: 1,
  unknown_ids: [],
  skipped: [],
};
const same = {
  corpus_root: '/corpus',
  agent: 'mock-perfect',
  model: null,
  seed: 0,
  samples: 25,
  target_ids_file: null,
};

describe('identityMismatches', () => {
  it('accepts the same run', () => {
    expect(identityMismatches(recorded, same)).toEqual([]);
  });

  it('names every setting that changed', () => {
    expect(identityMismatches(recorded, { ...same, agent: 'mock-empty', seed: 7 })).toEqual([
      'agent was "mock-perfect", now "mock-empty"',
      'seed was 0, now 7',
    ]);
  });
});
