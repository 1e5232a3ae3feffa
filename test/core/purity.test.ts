// src/core is imported by Temporal workflow code: it must not use Node built-ins, I/O, clocks or
// ambient randomness. The two checksum modules are the documented exception (never used by workflows).
import { readdirSync, readFileSync } from 'node:fs';
import { posix, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../support/paths.js';

const CORE_DIR = resolve(PROJECT_ROOT, 'src', 'core');
const ALLOWED_IMPURE = new Set(['checksum.ts', 'phase1-result-json.ts', 'phase2/result-json.ts']);

describe('src/core purity', () => {
  const files = readdirSync(CORE_DIR, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => f.replaceAll('\\', '/'));

  it.each(files.filter((f) => !ALLOWED_IMPURE.has(f)))(
    '%s uses no Node built-ins, clock or Math.random',
    (file) => {
      const text = readFileSync(resolve(CORE_DIR, file), 'utf8');
      expect(text).not.toMatch(/from ['"](node:|fs|path|crypto|os|child_process)/);
      expect(text).not.toMatch(/\b(Date\.now|Math\.random|process\.|performance\.now|new Date\(\))/);
      const dir = file.includes('/') ? file.slice(0, file.lastIndexOf('/') + 1) : '';
      for (const m of text.matchAll(/from '((?:\.\.?\/)+[\w/-]+)\.js'/g)) {
        const target = posix.normalize(dir + m[1] + '.ts');
        expect(ALLOWED_IMPURE.has(target), `${file} imports ${target}`).toBe(false);
      }
    },
  );
});
