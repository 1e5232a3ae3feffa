import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { atomicWriteFile } from '../../src/run-store/atomic-write.js';

describe('atomicWriteFile', () => {
  it('replaces a regular file whole and creates missing folders', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'smi-atomic-')), 'a', 'b.json');
    await atomicWriteFile(path, 'one');
    await atomicWriteFile(path, 'two');
    expect(readFileSync(path, 'utf8')).toBe('two');
  });

  it('writes into a device instead of replacing it (--out /dev/null)', async () => {
    await atomicWriteFile('/dev/null', 'discarded');
    expect(statSync('/dev/null').isCharacterDevice()).toBe(true);
  });
});
