// The commands smi-bench suggests are pasted into a shell: each path must come back from a real sh as
// the one word it was.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { shellWord } from '../../src/cli/shell-word.js';

const throughSh = (word: string) => execFileSync('sh', ['-c', `printf %s ${word}`], { encoding: 'utf8' });

describe('shellWord', () => {
  it('leaves plain paths as they are', () => {
    expect(shellWord('runs/phase2-x.json')).toBe('runs/phase2-x.json');
  });

  it('quotes spaces, quotes and shell characters so that sh reads one word back', () => {
    for (const text of ["my corpus/it's", 'a;b $HOME `x` *', "''", 'tab\there']) {
      expect(shellWord(text)).not.toBe(text);
      expect(throughSh(shellWord(text))).toBe(text);
    }
  });
});
