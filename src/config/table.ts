// docs/configuration.md's table of SMI_* variables, made from the schema (a test keeps that page's copy equal to it;
// `node dist/scripts/configuration-table.js` prints it).
import { metaOf, VARIABLE_NAMES, type Source } from './variables.js';

const WHERE: Record<Source, string> = {
  environment: 'environment',
  'dotenv-first': 'dotenv file, then environment',
  'environment-first': 'environment, then dotenv file',
  dotenv: 'dotenv file',
};

export const TABLE_HEADER = ['variable', 'read from', 'default', 'accepts', 'meaning'];

/** One row of cells per variable, in the schema's order. */
export function configurationRows(): string[][] {
  return VARIABLE_NAMES.map((name) => {
    const meta = metaOf(name);
    return [`\`${name}\``, WHERE[meta.source], meta.defaultText ?? '—', meta.accepts, meta.description];
  });
}

/** The table as Markdown (unpadded: prettier pads the page's copy). */
export function configurationTable(): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(TABLE_HEADER), line(TABLE_HEADER.map(() => '---')), ...configurationRows().map(line)].join(
    '\n',
  );
}
