import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileSha256 } from '../../src/agents/local-model-file.js';

// The digest is kept per process while the file is unchanged; these check it is still the file's digest
// (as coreutils' sha256sum computes it) after the file changes, even to content of the same size.
function sha256sum(path: string): string {
  return execFileSync('sha256sum', [path], { encoding: 'utf8' }).split(' ')[0]!;
}

describe('a local model file digest', () => {
  it('is the file SHA-256, and follows a change of the file, also one that keeps its size', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'smi-digest-')), 'model.gguf');
    writeFileSync(path, 'first content of a model');
    expect(await fileSha256(path)).toBe(sha256sum(path));
    expect(await fileSha256(path)).toBe(sha256sum(path));
    writeFileSync(path, 'other content of a model');
    expect(await fileSha256(path)).toBe(sha256sum(path));
    writeFileSync(path, 'a longer, third content of the model file');
    expect(await fileSha256(path)).toBe(sha256sum(path));
  });

  it('fails for a file that is not there', async () => {
    await expect(fileSha256(join(tmpdir(), 'smi-no-such-model.gguf'))).rejects.toThrow(/ENOENT/);
  });
});
