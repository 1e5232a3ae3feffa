// The TypeScript sources of the project's `src/`, by path relative to it, for tests that check what the code
// spells or reads.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { PROJECT_ROOT } from '../../src/project-root.js';

export const SRC = join(PROJECT_ROOT, 'src');

export interface SourceFile {
  /** Relative to `src/`, with `/`: `config/read.ts`. */
  name: string;
  text: string;
}

export function srcFiles(): SourceFile[] {
  return readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => ({
      name: relative(SRC, join(SRC, name)).split('\\').join('/'),
      text: readFileSync(join(SRC, name), 'utf8'),
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
