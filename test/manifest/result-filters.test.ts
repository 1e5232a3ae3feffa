// Picking package ids from Phase II rows: spec/harness.md §24.3 (int() on score.targets) and §24.4 step 4
// (created_hits an integer), and the top-N by hit rate.
import { describe, expect, it } from 'vitest';
import {
  idsWithMinHits,
  idsWithMinTargets,
  pyIntOf,
  topDatasetHeader,
  topIdsByHitRate,
} from '../../src/manifest/result-filters.js';

const row = (package_id: unknown, score: unknown) => ({ package_id, score });

describe('phase2-filter-manifest rows (§24.3)', () => {
  it('parses targets as Python int() does and keeps the order of the rows', () => {
    const rows = [
      row('0xc', { targets: 5 }),
      row('0xa', { targets: '3' }), // int("3") == 3
      row('0xn', { targets: null }), // int(None) raises: skipped
      row('0xs', { targets: 'not_an_int' }), // raises: skipped
      row('0xb', { targets: 2 }),
      row('0xone', { targets: 1 }),
      row('0xw', { targets: ' 4 ' }), // int() strips whitespace
      row('0xf', { targets: 2.9 }), // int(2.9) == 2
      row('0xu', { targets: '1_0' }), // int("1_0") == 10
      row('0xd', { targets: '2.0' }), // int("2.0") raises
    ];
    expect(idsWithMinTargets(rows, 2)).toEqual(['0xc', '0xa', '0xb', '0xw', '0xf', '0xu']);
    expect(idsWithMinTargets(rows, 3)).toEqual(['0xc', '0xa', '0xw', '0xu']);
  });

  it('skips rows that are not objects, have no string id or no object score', () => {
    const rows = [
      null,
      'row',
      row('', { targets: 9 }),
      row(7, { targets: 9 }),
      row('0xa', null),
      row('0xb', [9]),
      { package_id: '0xc' },
      row('0xd', { targets: 9 }),
    ];
    expect(idsWithMinTargets(rows, 2)).toEqual(['0xd']);
  });

  it('keeps repeated ids, as the rows have them', () => {
    expect(idsWithMinTargets([row('0xa', { targets: 2 }), row('0xa', { targets: 3 })], 2)).toEqual([
      '0xa',
      '0xa',
    ]);
  });

  it('pyIntOf follows int()', () => {
    expect([true, false, -3.7, '-12', '+5', 'x', null, [1], {}, ''].map(pyIntOf)).toEqual([
      1,
      0,
      -3,
      -12,
      5,
      null,
      null,
      null,
      null,
      null,
    ]);
  });
});

describe('phase2-filter-hit-rate rows (§24.4 step 4)', () => {
  it('keeps rows whose created_hits is an integer of at least H', () => {
    const rows = [
      row('0xa', { created_hits: 1, targets: 3 }),
      row('0xb', { created_hits: 0, targets: 3 }),
      row('0xc', { created_hits: '2', targets: 3 }), // a string is not an int: skipped
      row('0xd', { created_hits: 2, targets: 2 }),
      row('0xe', { targets: 2 }),
      row('0xf', { created_hits: 1.5, targets: 2 }),
    ];
    expect(idsWithMinHits(rows, 1)).toEqual(['0xa', '0xd']);
    expect(idsWithMinHits(rows, 2)).toEqual(['0xd']);
    expect(idsWithMinHits(rows, 0)).toEqual(['0xa', '0xb', '0xd']);
  });

  it('ranks by hit rate, equal rates by package id, each package once', () => {
    const rows = [
      row('0xb1', { created_hits: 1, targets: 2 }), // 0.5
      row('0xa9', { created_hits: 2, targets: 2 }), // 1.0
      row('0xa1', { created_hits: 1, targets: 2 }), // 0.5, before 0xb1 by id
      row('0xc0', { created_hits: 1, targets: 4 }), // 0.25
      row('0xa9', { created_hits: 0, targets: 2 }), // repeated: the first row counts
      row('0x00', { created_hits: 0, targets: 1 }), // 0 hits
    ];
    expect(topIdsByHitRate(rows, 10, 1)).toEqual(['0xa9', '0xa1', '0xb1', '0xc0']);
    expect(topIdsByHitRate(rows, 2, 1)).toEqual(['0xa9', '0xa1']);
    expect(topIdsByHitRate(rows, 10, 0)).toEqual(['0xa9', '0xa1', '0xb1', '0xc0', '0x00']);
  });

  it('writes the header of upstream’s top-N datasets: the count, then an ISO timestamp', () => {
    const header = topDatasetHeader(25, 'run.json', new Date(Date.UTC(2026, 0, 3, 15, 20, 9)));
    const lines = header.split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^# .*\b25\b/);
    expect(lines[1]).toBe('# Generated: 2026-01-03T15:20:09Z');
    expect(lines[2]).toBe('');
  });
});
