// A benchmark's options as commander flags: the name from the key (`gasBudget` → `--gas-budget`),
// the help from `.describe()`, the default from `.default()`, and the parser and choices from the zod type.
import { InvalidArgumentError, Option, type Command } from 'commander';
import { z } from 'zod';
import {
  flagHints,
  kebabCase,
  type BenchmarkDefinition,
  type OptionsSchema,
  type Preset,
} from './definition.js';

/** The type under `.default()` / `.optional()`, whether it may be absent, and its default. */
function unwrap(schema: z.ZodType): { inner: z.ZodType; optional: boolean; defaultValue?: unknown } {
  if (schema instanceof z.ZodDefault)
    return { ...unwrap(schema.unwrap() as z.ZodType), defaultValue: schema.def.defaultValue };
  if (schema instanceof z.ZodOptional) return { ...unwrap(schema.unwrap() as z.ZodType), optional: true };
  return { inner: schema, optional: false };
}

/** What a number flag takes, in the words of the CLI's other number flags. */
function numberWanted(n: z.ZodNumber): string {
  if (n.isInt) return `an integer from ${n.minValue} to ${n.maxValue}`;
  if (n.minValue === 0 && !n.safeParse(0).success) return 'a positive number';
  return 'a number';
}

/** A parser that reads the raw text as the zod type wants it and refuses, in one line, what it does not accept. */
function valueParser(type: z.ZodType): ((raw: string) => unknown) | undefined {
  if (!(type instanceof z.ZodNumber)) return undefined;
  return (raw: string) => {
    const n = Number(raw);
    if (!type.safeParse(n).success)
      throw new InvalidArgumentError(`expected ${numberWanted(type)}, got "${raw}"`);
    return n;
  };
}

const placeholder = (type: z.ZodType, hint: string | undefined) =>
  hint ?? (type instanceof z.ZodNumber ? 'n' : 'value');

/** One option of a benchmark as a commander option. */
export function flagFor(key: string, schema: z.ZodType): Option {
  const { inner, optional, defaultValue } = unwrap(schema);
  const hint = flagHints.get(schema) ?? flagHints.get(inner) ?? {};
  const help = schema.description ?? inner.description ?? '';
  const name = kebabCase(key);
  let option: Option;
  if (inner instanceof z.ZodBoolean) {
    // A flag that is on unless told otherwise is written as its `--no-` form.
    if (defaultValue === true) return new Option(`--no-${name}`, help);
    option = new Option(`--${name}`, help);
  } else if (inner instanceof z.ZodArray && !hint.parse) {
    const element = inner.element as z.ZodType;
    const one = valueParser(element) ?? ((raw: string) => raw);
    option = new Option(`--${name} <${placeholder(element, hint.arg)}>`, help).argParser(
      (raw: string, previous: unknown[] | undefined) => [...(previous ?? []), one(raw)],
    );
  } else {
    option = new Option(`--${name} <${placeholder(inner, hint.arg)}>`, help);
    const parse = hint.parse ?? valueParser(inner);
    if (parse) option.argParser(parse);
    if (inner instanceof z.ZodEnum) option.choices(inner.options.map(String));
  }
  if (defaultValue !== undefined) option.default(defaultValue);
  if (!optional && defaultValue === undefined) option.makeOptionMandatory();
  return option;
}

/** Adds every option of a benchmark to its command, in the schema's order. */
export function addBenchmarkFlags<S extends OptionsSchema>(
  cmd: Command,
  definition: BenchmarkDefinition<S>,
): Command {
  for (const [key, schema] of Object.entries(definition.options.shape)) cmd.addOption(flagFor(key, schema));
  return cmd;
}

/**
 * The flags of some of a benchmark's options, with other defaults and help (a pipeline's run of it):
 * the same names, parsers and choices as the benchmark's own.
 */
export function presetFlags<S extends OptionsSchema>(
  definition: BenchmarkDefinition<S>,
  preset: Preset<S>,
): Option[] {
  return Object.entries(preset).map(([key, p]) => {
    const { default: value, help } = p as { default: unknown; help: string };
    const option = flagFor(key, definition.options.shape[key] as z.ZodType);
    option.description = help;
    return option.default(value);
  });
}
