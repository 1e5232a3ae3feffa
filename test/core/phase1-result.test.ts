import { describe, expect, it } from 'vitest';
import { computeJsonChecksum } from '../../src/run-store/checksum.js';
import { parseJson } from '../../src/core/json-parse.js';
import { scoreKeyTypes } from '../../src/core/judge.js';
import { formatPhase1ResultJson } from '../../src/benchmarks/phase1/result-json.js';
import {
  aggregatePhase1,
  formatJsonlLine,
  formatPhase1PackageLine,
  type Phase1RunResult,
} from '../../src/core/phase1-result.js';
import { pyFloat } from '../../src/core/pyjson.js';
import type { Phase1PackageRow } from '../../src/core/types.js';

function row(
  id: string,
  truth: string[],
  predicted: string[],
  extra: Partial<Phase1PackageRow> = {},
): Phase1PackageRow {
  return {
    package_id: id,
    truth_key_types: truth.length,
    predicted_key_types: predicted.length,
    score: scoreKeyTypes(truth, predicted),
    error: null,
    elapsed_seconds: 0.5,
    attempts: 0,
    max_structs_used: null,
    timed_out: false,
    ...extra,
  };
}

describe('aggregatePhase1', () => {
  it('gives plain means, the error count and summed usage', () => {
    const rows = [
      row('0x1', ['a'], ['a'], { usage: { prompt_tokens: 10, completion_tokens: 2, total_tokens: 12 } }),
      row('0x2', ['a', 'b'], ['a']),
      row('0x3', ['a'], [], { usage: { prompt_tokens: 5, completion_tokens: 1, total_tokens: 6 } }),
    ];
    expect(aggregatePhase1(rows, 1)).toEqual({
      avg_precision: (1 + 1 + 0) / 3,
      avg_recall: (1 + 0.5 + 0) / 3,
      avg_f1: (1 + 2 / 3 + 0) / 3,
      errors: 1,
      usage: { prompt_tokens: 15, completion_tokens: 3, total_tokens: 18 },
    });
  });

  it('gives 0.0 means without rows', () => {
    expect(aggregatePhase1([], 0)).toEqual({
      avg_precision: 0,
      avg_recall: 0,
      avg_f1: 0,
      errors: 0,
      usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
    });
  });
});

describe('formatPhase1ResultJson', () => {
  const rows = [
    row('0x1', ['a'], ['a'], { truth_key_types_list: ['a'], predicted_key_types_list: ['a'] }),
    { ...row('0x2', ['a', 'b'], ['a']), elapsed_seconds: null, attempts: null, timed_out: null },
  ];
  const result: Phase1RunResult = {
    schema_version: 1,
    started_at_unix_seconds: 1000,
    finished_at_unix_seconds: 2000,
    corpus_root_name: 'corpus',
    corpus_git: null,
    target_ids_file: null,
    target_ids_total: null,
    samples: 2,
    seed: 0,
    agent: 'mock-perfect',
    aggregate: aggregatePhase1(rows, 0),
    packages: rows,
  };
  const text = formatPhase1ResultJson(result);

  it('prints floats as Python floats and ints as ints', () => {
    expect(text).toContain('"precision": 1.0,');
    expect(text).toContain('"f1": 0.6666666666666666,');
    expect(text).toContain('"avg_precision": 1.0,');
    expect(text).toContain('"avg_recall": 0.75,');
    expect(text).toContain('"elapsed_seconds": 0.5,');
    expect(text).toContain('"elapsed_seconds": null,');
    expect(text).toContain('"tp": 1\n');
    expect(text).toContain('"errors": 0,');
  });

  it('sorts keys, indents by 2, ends with a newline and carries a valid checksum', () => {
    expect(text.startsWith('{\n  "_checksum": "')).toBe(true);
    expect(text.endsWith('}\n')).toBe(true);
    const { _checksum, ...rest } = parseJson(text, { lossless: true }) as Record<string, unknown>;
    expect(_checksum).toBe(computeJsonChecksum(rest));
    const keys = Object.keys(rest);
    expect(keys).toEqual([...keys].sort());
  });

  it('writes type lists as null when the row has none, as upstream does', () => {
    expect(text.match(/"truth_key_types_list": \[/g)).toHaveLength(1);
    expect(text.match(/"truth_key_types_list": null/g)).toHaveLength(1);
    expect(text.match(/"predicted_key_types_list": null/g)).toHaveLength(1);
  });
});

describe('JSONL lines', () => {
  it('uses sorted keys, default separators and ASCII escapes', () => {
    expect(
      formatJsonlLine({
        t: 5,
        event: 'run_finished',
        avg_f1: pyFloat(1),
        note: 'é',
        nested: { b: [1], a: null },
      }),
    ).toBe(
      '{"avg_f1": 1.0, "event": "run_finished", "nested": {"a": null, "b": [1]}, "note": "\\u00e9", "t": 5}\n',
    );
  });

  it('writes the packages.jsonl row without type lists', () => {
    const line = formatPhase1PackageLine(row('0x1', ['a'], ['a'], { truth_key_types_list: ['a'] }));
    expect(line).toBe(
      '{"attempts": 0, "elapsed_seconds": 0.5, "error": null, "max_structs_used": null, "package_id": "0x1", ' +
        '"predicted_key_types": 1, "score": {"extra_sample": [], "f1": 1.0, "fn": 0, "fp": 0, "missing_sample": [], ' +
        '"precision": 1.0, "recall": 1.0, "tp": 1}, "timed_out": false, "truth_key_types": 1}\n',
    );
  });
});
