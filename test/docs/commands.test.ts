// Every command the README and docs/ show works as written: a `smi-bench` line of a code block (or a
// `npx smi-bench …` code span) names commands that exist, with options they take and values they accept
// (placeholders such as RUN_ID aside); a `smi-bench …` code span of the prose names a command and flags
// it has; an `npm run X` names a script of package.json; a script run by path exists.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../support/paths.js';
import { fragmentRefusal, refusal } from './cli-check.js';
import { docCommands, type DocCommand, type Found } from './doc-commands.js';
import { docFiles, readDoc } from './markdown.js';

const scripts = (JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { scripts: object })
  .scripts;

/** A built file (`dist/perf/x.js`) exists once its source (`perf/x.ts`) does. */
function sourceOf(path: string): string {
  return path.startsWith('dist/') ? path.slice('dist/'.length).replace(/\.js$/, '.ts') : path;
}

function problem(command: DocCommand): string | undefined {
  switch (command.kind) {
    case 'smi-bench':
      return refusal(command.args);
    case 'smi-bench-fragment':
      return fragmentRefusal(command.args);
    case 'npm-run':
      return Object.hasOwn(scripts, command.script)
        ? undefined
        : `package.json has no script "${command.script}"`;
    case 'file':
      return existsSync(join(PROJECT_ROOT, sourceOf(command.path)))
        ? undefined
        : `${command.path} does not exist`;
  }
}

const found: Found[] = docFiles().flatMap((file) => docCommands(file, readDoc(file)));

describe('commands in the documentation', () => {
  it('are found in the README and across the docs pages', () => {
    const readme = found.filter((f) => f.where.startsWith('README.md:'));
    expect(readme.map((f) => f.command)).toContainEqual({ kind: 'npm-run', script: 'demo' });
    expect(readme.map((f) => f.command)).toContainEqual({ kind: 'npm-run', script: 'test' });
    expect(found.filter((f) => f.command.kind === 'smi-bench').length).toBeGreaterThan(50);
    expect(new Set(found.map((f) => f.where.split(':')[0])).size).toBeGreaterThanOrEqual(10);
  });

  it('run as written', () => {
    const wrong = found.flatMap(({ where, text, command }) => {
      const why = problem(command);
      return why === undefined ? [] : [`${where}: ${text}\n  ${why}`];
    });
    expect(wrong).toEqual([]);
  });
});
