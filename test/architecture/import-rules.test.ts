// The import rules of .dependency-cruiser.cjs (run by `npm run lint`): the real src/ keeps them, and a small
// tree that breaks each of them on purpose is refused, rule by rule, so the check cannot pass by accident.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { execa } from 'execa';
import { afterAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../support/paths.js';

const DEPCRUISE = resolve(PROJECT_ROOT, 'node_modules', '.bin', 'depcruise');
const CONFIG = resolve(PROJECT_ROOT, '.dependency-cruiser.cjs');

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
}

/** The violations found, and the exit status of the check as `npm run lint` runs it (the `err` output). */
async function cruise(cwd: string): Promise<{ exitCode: number; violations: Violation[] }> {
  const args = ['src', '--config', CONFIG, '--output-type'];
  const json = await execa(DEPCRUISE, [...args, 'json'], { cwd, reject: false });
  const report = JSON.parse(json.stdout) as { summary: { violations: Violation[] } };
  const lint = await execa(DEPCRUISE, [...args, 'err'], { cwd, reject: false });
  return { exitCode: lint.exitCode ?? -1, violations: report.summary.violations };
}

const tree = mkdtempSync(join(tmpdir(), 'import-rules-'));
afterAll(() => rmSync(tree, { recursive: true, force: true }));

function plant(files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(tree, path)), { recursive: true });
    writeFileSync(join(tree, path), text);
  }
}

describe('import rules', () => {
  it('hold for the real src/', async () => {
    const { exitCode, violations } = await cruise(PROJECT_ROOT);
    expect(violations).toEqual([]);
    expect(exitCode).toBe(0);
  }, 120_000);

  it('refuse room cycles (type-only imports too), impure workflows, undeclared rooms, one benchmark importing another, and module cycles', async () => {
    plant({
      'tsconfig.json': JSON.stringify({
        compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, types: [] },
        include: ['src'],
      }),
      // cli above view: allowed one way; view naming a cli type closes a room cycle.
      'src/cli/command.ts': "import { page } from '../view/page.js';\nexport const command = () => page;\n",
      'src/view/page.ts':
        "import type { command } from '../cli/command.js';\nexport const page: typeof command | null = null;\n",
      // A workflow may name an activity's type, but not read a file or call the run store.
      'src/activities/io.ts': 'export const readRows = async (): Promise<string[]> => [];\n',
      'src/run-store/paths.ts': "export const runPaths = (dir: string) => ({ rows: dir + '/rows' });\n",
      'src/workflows/run.ts': [
        "import { readFileSync } from 'node:fs';",
        "import type { readRows } from '../activities/io.js';",
        "import { runPaths } from '../run-store/paths.js';",
        'export const run = (f: typeof readRows) => [f, runPaths, readFileSync];',
        '',
      ].join('\n'),
      // A room that is in no layer.
      'src/newroom/thing.ts':
        "import { runPaths } from '../run-store/paths.js';\nexport const thing = runPaths;\n",
      // Two modules of one room naming each other's types: a cycle inside a room.
      'src/core/left.ts':
        "import type { Right } from './right.js';\nexport interface Left { right?: Right }\n",
      'src/core/right.ts': "import type { Left } from './left.js';\nexport interface Right { left?: Left }\n",
      // vm/ still allows type-only cycles, but not a cycle of value imports.
      'src/vm/a.ts': "import { b } from './b.js';\nexport const a = () => b;\n",
      'src/vm/b.ts': "import { a } from './a.js';\nexport const b = () => a;\n",
      // …nor be imported by a declared one.
      'src/run-store/uses-new.ts':
        "import { thing } from '../newroom/thing.js';\nexport const usesNew = thing;\n",
      // A benchmark's folder never imports another's.
      'src/benchmarks/alpha/index.ts':
        "import { beta } from '../beta/index.js';\nexport const alpha = beta;\n",
      'src/benchmarks/beta/index.ts': 'export const beta = 2;\n',
      // A benchmark's workflow/ folder is workflow code: types of lower rooms only, no Node built-ins;
      // workflows may import it as code.
      'src/sim/backend.ts': 'export interface Backend { name: string }\n',
      'src/benchmarks/alpha/workflow/package.ts': [
        "import { createHash } from 'node:crypto';",
        "import type { Backend } from '../../../sim/backend.js';",
        "import { runPaths } from '../../../run-store/paths.js';",
        'export const alphaPackage = (b: Backend) => [b, runPaths, createHash];',
        '',
      ].join('\n'),
      'src/workflows/child.ts':
        "import { alphaPackage } from '../benchmarks/alpha/workflow/package.js';\nexport const child = alphaPackage;\n",
      // contracts import nothing.
      'src/contracts/shape.ts': "import type { Left } from '../core/left.js';\nexport type Shape = Left;\n",
    });

    const { exitCode, violations } = await cruise(tree);
    const found = violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`);
    expect(found).toEqual(
      expect.arrayContaining([
        'room-order: src/view/page.ts -> src/cli/command.ts',
        'no-circular: src/cli/command.ts -> src/view/page.ts',
        'workflow-no-node: src/workflows/run.ts -> fs',
        'workflow-pure-rooms: src/workflows/run.ts -> src/run-store/paths.ts',
        'room-undeclared: src/newroom/thing.ts -> src/run-store/paths.ts',
        'no-circular: src/core/left.ts -> src/core/right.ts',
        'no-circular: src/vm/a.ts -> src/vm/b.ts',
        'contracts-alone: src/contracts/shape.ts -> src/core/left.ts',
        'room-undeclared: src/run-store/uses-new.ts -> src/newroom/thing.ts',
        'benchmark-alone: src/benchmarks/alpha/index.ts -> src/benchmarks/beta/index.ts',
        'workflow-no-node: src/benchmarks/alpha/workflow/package.ts -> crypto',
        'workflow-pure-rooms: src/benchmarks/alpha/workflow/package.ts -> src/run-store/paths.ts',
      ]),
    );
    // What is allowed stays allowed: a room importing a lower one, a workflow naming an activity's type.
    expect(found.filter((f) => f.startsWith('room-order: src/cli/command.ts'))).toEqual([]);
    expect(found.filter((f) => f.includes('src/workflows/run.ts -> src/activities/io.ts'))).toEqual([]);
    expect(found.filter((f) => f.includes('-> src/sim/backend.ts'))).toEqual([]);
    expect(found.filter((f) => f.startsWith('workflow-pure-rooms: src/workflows/child.ts'))).toEqual([]);
    expect(exitCode).not.toBe(0);
  }, 120_000);
});
