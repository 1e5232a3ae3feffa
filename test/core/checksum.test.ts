import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { canonicalJson, computeJsonChecksum, formatCheckpointJson } from '../../src/run-store/checksum.js';
import { parseJson } from '../../src/core/json-parse.js';
import { pyFloat } from '../../src/core/pyjson.js';
import { UPSTREAM_DATA_DIR } from '../support/paths.js';

function loadGolden(name: string): Record<string, unknown> {
  const text = readFileSync(resolve(UPSTREAM_DATA_DIR, 'golden', name), 'utf8');
  const { _checksum: _drop, ...rest } = parseJson(text, { lossless: true }) as Record<string, unknown>;
  return rest;
}

describe('computeJsonChecksum (harness §29.2)', () => {
  it.each([
    [{ a: 1, b: 2 }, '{"a":1,"b":2}', '43258cff'],
    [{}, '{}', '44136fa3'],
    [{ x: pyFloat(1.0) }, '{"x":1.0}', 'bf32f562'],
    [{ x: 1 }, '{"x":1}', '5041bf1f'],
    [{ s: 'é' }, '{"s":"\\u00e9"}', 'a2a87295'],
    [{ b: [1, 2, { c: true, a: null }] }, '{"b":[1,2,{"a":null,"c":true}]}', '9d7ed61c'],
  ])('%j', (obj, canonical, sum) => {
    expect(canonicalJson(obj)).toBe(canonical);
    expect(computeJsonChecksum(obj)).toBe(sum);
  });

  it('is independent of key order and 8 hex characters long', () => {
    expect(computeJsonChecksum({ b: 2, a: 1 })).toBe(computeJsonChecksum({ a: 1, b: 2 }));
    expect(computeJsonChecksum({ q: [1, 'x'] })).toMatch(/^[0-9a-f]{8}$/);
  });

  it.each([
    ['phase1_checkpoint_no_checksum.json', '7918c596'],
    ['phase1_checkpoint_bad_checksum.json', 'a72f3420'],
    ['phase1_golden_run.json', '0e98131c'],
    ['phase2_golden_run.json', '33cea759'],
  ])('checksums the upstream file %s as Python does', (name, sum) => {
    expect(computeJsonChecksum(loadGolden(name))).toBe(sum);
  });
});

describe('formatCheckpointJson', () => {
  it('writes the exact bytes of the §29.2 Phase I checkpoint example', () => {
    const text = formatCheckpointJson({
      schema_version: 1,
      started_at_unix_seconds: 1000,
      finished_at_unix_seconds: 2000,
      corpus_root_name: 'test',
      corpus_git: null,
      target_ids_file: null,
      target_ids_total: null,
      samples: 1,
      seed: 42,
      agent: 'test',
      aggregate: { errors: 0 },
      packages: [],
    });
    expect(text).toBe(
      '{\n  "_checksum": "94451887",\n  "agent": "test",\n  "aggregate": {\n    "errors": 0\n  },\n  "corpus_git": null,\n  "corpus_root_name": "test",\n  "finished_at_unix_seconds": 2000,\n  "packages": [],\n  "samples": 1,\n  "schema_version": 1,\n  "seed": 42,\n  "started_at_unix_seconds": 1000,\n  "target_ids_file": null,\n  "target_ids_total": null\n}\n',
    );
  });

  it('ignores a stale _checksum and the stored sum verifies', () => {
    const text = formatCheckpointJson({ a: 1, _checksum: 'badchecksum' });
    const parsed = parseJson(text, { lossless: true }) as Record<string, unknown>;
    const { _checksum, ...rest } = parsed;
    expect(_checksum).toBe(computeJsonChecksum(rest));
    expect(_checksum).toBe(computeJsonChecksum({ a: 1 }));
  });
});
