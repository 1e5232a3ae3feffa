// Command-line options shared by the perf scripts. Every script takes --corpus and --keep-temp;
// sizes are script-specific integers with defaults that fit a 2-core machine.
import { parseArgs } from 'node:util';

export interface CommonOptions {
  corpus: string | undefined;
  keepTemp: boolean;
}

/**
 * Parses `argv` with `ints` as integer options (name → default, all ≥ 1), `strings` as optional text
 * options, plus the common ones. --help prints `usage` and exits.
 */
export function parseOptions<K extends string, S extends string = never>(
  argv: string[],
  usage: string,
  ints: Record<K, number>,
  strings: readonly S[] = [],
): CommonOptions & Record<K, number> & Partial<Record<S, string>> {
  const intOptions = Object.fromEntries(
    [...Object.keys(ints), ...strings].map((k) => [k, { type: 'string' as const }]),
  );
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        corpus: { type: 'string' },
        'keep-temp': { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
        ...intOptions,
      },
    }));
  } catch (err) {
    throw new Error(`${(err as Error).message}\n${usage}`);
  }
  if (values.help) {
    process.stdout.write(usage + '\n');
    process.exit(0);
  }
  const result: Record<string, unknown> = {
    corpus: values.corpus,
    keepTemp: values['keep-temp'] === true,
  };
  for (const [name, fallback] of Object.entries(ints) as [K, number][]) {
    const raw = values[name];
    const n = raw === undefined ? fallback : Number(raw);
    if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive integer (got ${raw})`);
    result[name] = n;
  }
  for (const name of strings) if (typeof values[name] === 'string') result[name] = values[name];
  return result as CommonOptions & Record<K, number> & Partial<Record<S, string>>;
}
