import { describe, expect, it } from 'vitest';
import { selectPackages } from '../../src/core/selection.js';
import type { PackageRef } from '../../src/core/types.js';

const packages: PackageRef[] = Array.from({ length: 8 }, (_, i) => ({
  package_id: `0x${i + 1}`,
  package_dir: `/c/${i + 1}`,
}));
const ids = (ps: PackageRef[]): string[] => ps.map((p) => p.package_id);

describe('selectPackages (harness §3.3)', () => {
  it('samples without an ids file', () => {
    const s = selectPackages({ packages, samples: 3, seed: 42 });
    expect(ids(s.selected)).toEqual(['0x1', '0x3', '0x8']);
    expect(s).toMatchObject({ unknownIds: [], targetIdsTotal: null });
    expect(ids(selectPackages({ packages, samples: 0, seed: 42 }).selected)).toHaveLength(8);
  });

  it('keeps ids-file order, reports unknown ids and counts the found ones', () => {
    const s = selectPackages({ packages, idsFileIds: ['0x5', '0xnope', '0x2', '0x7'], samples: 0, seed: 0 });
    expect(ids(s.selected)).toEqual(['0x5', '0x2', '0x7']);
    expect(s.unknownIds).toEqual(['0xnope']);
    expect(s.targetIdsTotal).toBe(3);
  });

  it('takes the first `samples` ids of an ids file', () => {
    const s = selectPackages({ packages, idsFileIds: ['0x5', '0x2', '0x7', '0x1'], samples: 2, seed: 0 });
    expect(ids(s.selected)).toEqual(['0x5', '0x2']);
    expect(s.targetIdsTotal).toBe(4);
  });

  it('keeps repeated ids (Phase II files are not deduplicated)', () => {
    expect(
      ids(selectPackages({ packages, idsFileIds: ['0x1', '0x1'], samples: 0, seed: 0 }).selected),
    ).toEqual(['0x1', '0x1']);
  });

  it('matches ids as Sui spells them: 0x optional, any case, leading zeros optional', () => {
    const full = '0x' + 'dee9'.padStart(64, '0');
    const corpus: PackageRef[] = [{ package_id: full, package_dir: '/c/deepbook' }];
    const s = selectPackages({
      packages: corpus,
      idsFileIds: ['0xdee9', 'DEE9', '0x0dee9'],
      samples: 0,
      seed: 0,
    });
    expect(ids(s.selected)).toEqual([full, full, full]);
    expect(s.unknownIds).toEqual([]);
  });

  it('selects nothing when no id is known', () => {
    const s = selectPackages({ packages, idsFileIds: ['0xa'], samples: 1, seed: 0 });
    expect(s).toEqual({ selected: [], unknownIds: ['0xa'], targetIdsTotal: 0 });
  });
});
