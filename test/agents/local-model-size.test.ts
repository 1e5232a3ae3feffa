// The default local model's size is said one way everywhere: the install script pins it in bytes
// (MODEL_BYTES, which it checks the installed file against), smi-bench's messages format the same number,
// and the README and the models page give the same megabytes. 98,362,432 bytes is 98 MB (10^6 bytes) rounded.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCAL_MODEL_BYTES, megabytes } from '../../src/agents/local-model.js';
import { PROJECT_ROOT } from '../support/paths.js';

const script = readFileSync(join(PROJECT_ROOT, 'scripts', 'install-model.sh'), 'utf8');
const readme = readFileSync(join(PROJECT_ROOT, 'README.md'), 'utf8');
const modelsPage = readFileSync(join(PROJECT_ROOT, 'docs', 'models.md'), 'utf8');

describe('the local model’s size', () => {
  it('is the install script’s pinned byte count, shown as 98 MB', () => {
    expect(/^MODEL_BYTES=(\d+)$/m.exec(script)?.[1]).toBe(String(DEFAULT_LOCAL_MODEL_BYTES));
    expect(megabytes(DEFAULT_LOCAL_MODEL_BYTES)).toBe('98 MB');
  });

  it('is given as 98 MB by the script, the README and docs/models.md, and as nothing else', () => {
    expect([...script.matchAll(/(\d+) MB/g)].map((m) => m[1])).toEqual(['98']);
    const said = [...`${readme}\n${modelsPage}`.matchAll(/(\d+) MB model is installed|Q4_1, (\d+) MB/g)].map(
      (m) => m[1] ?? m[2],
    );
    expect(said).toEqual(['98', '98']);
  });
});
