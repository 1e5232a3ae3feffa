// src/core is imported by Temporal workflow code: it must not use Node built-ins, I/O, clocks or
// ambient randomness. Its imports are checked by folder rules too (.dependency-cruiser.cjs); this test
// also catches clocks and randomness, which no import shows.
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../support/paths.js';

const CORE_DIR = resolve(PROJECT_ROOT, 'src', 'core');

describe('src/core purity', () => {
  const files = readdirSync(CORE_DIR, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => f.replaceAll('\\', '/'));

  it.each(files)('%s uses no Node built-ins, clock or Math.random', (file) => {
    const text = readFileSync(resolve(CORE_DIR, file), 'utf8');
    expect(text).not.toMatch(/from ['"](node:|fs|path|crypto|os|child_process)/);
    expect(text).not.toMatch(/\b(Date\.now|Math\.random|process\.|performance\.now|new Date\(\))/);
  });
});
