import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { atomicWriteFile } from '../../src/run-store/atomic-write.js';
import { PROJECT_ROOT } from '../support/paths.js';
import { skipUnlessCi } from '../support/required-in-ci.js';

const hasStrace = (await execa('strace', ['-V'], { reject: false }).catch(() => null))?.exitCode === 0;

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

  // strace shows the system calls of the built code: the file is flushed before the rename, the folder after.
  it.skipIf(skipUnlessCi(hasStrace))(
    'flushes the file before the rename and the folder after it',
    async () => {
      const path = join(mkdtempSync(join(tmpdir(), 'smi-atomic-')), 'c.json');
      const module = join(PROJECT_ROOT, 'dist', 'src', 'run-store', 'atomic-write.js');
      const script = `import { atomicWriteFile } from ${JSON.stringify(module)};
      await atomicWriteFile(${JSON.stringify(path)}, 'durable');`;
      const trace = await execa('strace', [
        '-f',
        '-qq',
        '-e',
        'trace=fsync,rename',
        'node',
        '--input-type=module',
        '-e',
        script,
      ]);
      const calls = trace.stderr
        .split('\n')
        .map((l) => /(fsync|rename)\(/.exec(l)?.[1])
        .filter((c) => c !== undefined);
      expect(calls).toEqual(['fsync', 'rename', 'fsync']);
      expect(readFileSync(path, 'utf8')).toBe('durable');
    },
  );
});
