// `smi-bench corpus synth` as a user runs it: the copies form a corpus that discovery and `extract` accept,
// with the documented deterministic ids, and each copy is its source moved to its new address.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { discoverPackages } from '../../src/package-store/discover.js';
import { extractKeyTypes } from '../../src/core/truth.js';
import { extractPackageInterface } from '../../src/move/index.js';
import { smiBench } from '../support/cli.js';
import { CORPUS_DIR } from '../support/paths.js';

// The corpus's packages sorted by id: 0x1, 0x2, 0x3, then wrapper_coin (0x35…); copies cycle through them.
const idOf = (i: number) =>
  '0x' + createHash('sha256').update(`smi-bench synthetic package ${i}`).digest('hex');

describe('smi-bench corpus synth', () => {
  it('writes a corpus of re-addressed copies that the benchmark reads', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'smi-synth-')), 'corpus');
    const res = await smiBench(['corpus', 'synth', '--from', CORPUS_DIR, '--count', '6', '--out', out]);
    expect(res.exitCode, String(res.stderr)).toBe(0);
    expect(res.stdout).toContain(`wrote 6 packages to ${out}`);

    const { packages, skipped } = await discoverPackages(out);
    expect(skipped).toEqual([]);
    expect(packages.map((p) => p.package_id).sort()).toEqual([0, 1, 2, 3, 4, 5].map(idOf).sort());

    // Copy 1 is the Sui framework (0x2) at a new address: the same key structs, under that address.
    const source = await extractPackageInterface(join(CORPUS_DIR, '0x00', '0'.repeat(61) + '2'));
    const copy = packages.find((p) => p.package_id === idOf(1))!;
    const iface = await extractPackageInterface(copy.package_dir);
    expect(iface.package_id).toBe(idOf(1));
    const strip = (types: Set<string>) => [...types].map((t) => t.slice(t.indexOf('::'))).sort();
    expect([...extractKeyTypes(iface)].every((t) => t.startsWith(`${idOf(1)}::`))).toBe(true);
    expect(strip(extractKeyTypes(iface))).toEqual(strip(extractKeyTypes(source)));
    expect(JSON.parse(readFileSync(join(copy.package_dir, 'metadata.json'), 'utf8'))).toMatchObject({
      id: idOf(1),
    });
  });

  it('explains bad arguments', async () => {
    const missing = await smiBench([
      'corpus',
      'synth',
      '--from',
      '/no/such/dir',
      '--count',
      '2',
      '--out',
      '/tmp/x',
    ]);
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toContain('--from: no such folder: /no/such/dir');
    const inside = await smiBench([
      'corpus',
      'synth',
      '--from',
      CORPUS_DIR,
      '--count',
      '2',
      '--out',
      join(CORPUS_DIR, 'x'),
    ]);
    expect(inside.exitCode).toBe(2);
    expect(inside.stderr).toContain('--out must be a folder outside --from');
    const zero = await smiBench(['corpus', 'synth', '--from', CORPUS_DIR, '--count', '0', '--out', '/tmp/x']);
    expect(zero.exitCode).not.toBe(0);
  });
});
