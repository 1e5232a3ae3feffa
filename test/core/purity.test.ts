// src/core, workflow-kit and each benchmark's workflow/ folder are imported by Temporal workflow code: they
// must not use Node built-ins, I/O, clocks or ambient randomness. Their imports are checked by folder rules
// too (.dependency-cruiser.cjs); this test also catches clocks and randomness, which no import shows. Code
// that runs only inside a workflow (it imports `@temporalio/workflow` or workflow-kit) may read the clock:
// Temporal's sandbox replays it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SRC } from '../support/source-files.js';

const BENCHMARKS_DIR = join(SRC, 'benchmarks');
const WORKFLOW_ONLY = /from '(@temporalio\/workflow|(\.\.\/)+workflow-kit\/[^']+)'/;

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => relative(SRC, join(dir, f)).replaceAll('\\', '/'));
}

const workflowDirs = readdirSync(BENCHMARKS_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => join(BENCHMARKS_DIR, entry.name, 'workflow'))
  .filter((dir) => existsSync(dir));

describe('purity of the code workflows run', () => {
  const files = [join(SRC, 'core'), join(SRC, 'workflow-kit'), ...workflowDirs].flatMap(tsFiles);

  it('covers core and the workflow logic of Phase I, Phase II and the helper', () => {
    expect(files).toContain('core/judge.ts');
    for (const name of ['phase1', 'phase2', 'helper'])
      expect(files.some((file) => file.startsWith(`benchmarks/${name}/workflow/`))).toBe(true);
  });

  it.each(files)('%s uses no Node built-ins, clock or Math.random', (file) => {
    const text = readFileSync(join(SRC, file), 'utf8');
    expect(text).not.toMatch(/from ['"](node:|fs|path|crypto|os|child_process)/);
    expect(text).not.toMatch(/\b(Math\.random|process\.|performance\.now)/);
    if (!WORKFLOW_ONLY.test(text)) expect(text).not.toMatch(/\b(Date\.now|new Date\(\))/);
  });
});
