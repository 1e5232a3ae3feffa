// Configuration is read in one place: every SMI_* variable the code names is declared in the schema, the
// docs/configuration.md's table is the one made from it, and no file outside src/config reads an SMI_*
// value from an environment record; the rooms below the commands take the values as parameters.
import { describe, expect, it } from 'vitest';
import { configurationRows, TABLE_HEADER } from '../../src/config/table.js';
import { VARIABLE_NAMES } from '../../src/config/variables.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../src/project-root.js';
import { srcFiles } from '../support/source-files.js';

const FILES = srcFiles();
const outsideConfig = FILES.filter((file) => !file.name.startsWith('config/'));

/** `src/` files whose text matches `pattern`, with the first line that does. */
function offenders(files: typeof FILES, pattern: RegExp): string[] {
  return files.flatMap(({ name, text }) => {
    const line = text.split('\n').find((l) => pattern.test(l));
    return line === undefined ? [] : [`${name}: ${line.trim()}`];
  });
}

/** A value read from (or put into) an environment-like record by its SMI_ name. */
const ENV_RECORD_ACCESS = /\b\w*[eE]nv\w*\s*(\.\s*SMI_|\[\s*['"`]SMI_)/;
/** A lookup by an SMI_ name given as an argument: `get('SMI_MODEL')`, `int('SMI_X', 32)`. */
const LOOKUP_BY_NAME = /\(\s*['"]SMI_[A-Z0-9_]+['"]\s*[,)]/;
/** The process's configuration, asked for by its readers. */
const PROCESS_CONFIG_IMPORT = /from '[./]*(config\/)?process-config\.js'/;

/** Commands: the entry layer, which reads the process's configuration and passes it down. */
const ENTRY_LAYER = /^(client\.ts|cli\/|doctor\/|view\/)/;

describe('where configuration is read', () => {
  it('declares in the schema every SMI_* variable the code names', () => {
    const named = new Set(
      FILES.flatMap(({ text }) => text.match(/\bSMI_[A-Z0-9_]*[A-Z0-9](?![A-Z0-9_*])/g) ?? []),
    );
    const undeclared = [...named].filter((name) => !(VARIABLE_NAMES as string[]).includes(name));
    expect(undeclared).toEqual([]);
  });

  it('reads no SMI_* value from an environment record outside src/config', () => {
    expect(offenders(outsideConfig, ENV_RECORD_ACCESS)).toEqual([]);
  });

  it('never mentions process.env next to an SMI_ name outside src/config', () => {
    expect(offenders(outsideConfig, /process\.env\s*(\.|\[)\s*['"`]?SMI_/)).toEqual([]);
  });

  it('looks SMI_* variables up by name only in src/config and the commands', () => {
    const below = outsideConfig.filter((file) => !ENTRY_LAYER.test(file.name));
    expect(offenders(below, LOOKUP_BY_NAME)).toEqual([]);
  });

  it('leaves the process configuration to the commands: the rooms below take values', () => {
    const below = outsideConfig.filter((file) => !ENTRY_LAYER.test(file.name));
    expect(offenders(below, PROCESS_CONFIG_IMPORT)).toEqual([]);
  });
});

/** The Configuration reference page. */
function configurationReference(): { where: string; text: string } {
  return {
    where: 'docs/configuration.md',
    text: readFileSync(join(PROJECT_ROOT, 'docs', 'configuration.md'), 'utf8'),
  };
}

describe('the Configuration table of the docs', () => {
  const { where, text } = configurationReference();
  const cells = (line: string) =>
    line
      .trim()
      .replace(/^\||\|$/g, '')
      .split('|')
      .map((cell) => cell.trim());
  const lines = text.split('\n');
  const header = lines.findIndex(
    (line) => line.startsWith('|') && cells(line).join() === TABLE_HEADER.join(),
  );
  const end = lines.findIndex((line, i) => i > header && !line.startsWith('|'));
  const rows = header < 0 ? [] : lines.slice(header, end < 0 ? undefined : end).map(cells);

  it(`is the table made from the schema: every variable, its default, form and meaning (${where})`, () => {
    expect(header).toBeGreaterThanOrEqual(0);
    expect(rows.slice(2)).toEqual(configurationRows());
  });

  it('names no SMI_* variable the schema does not declare', () => {
    const named = new Set(text.match(/\bSMI_[A-Z0-9_]*[A-Z0-9](?![A-Z0-9_*])/g) ?? []);
    expect([...named].filter((name) => !(VARIABLE_NAMES as string[]).includes(name))).toEqual([]);
  });
});
