// Reads the SMI_* variables once, at an entry point (a CLI command, a worker), from the environment and
// the dotenv file it was given, each from where the schema says; the values are then passed down.
import { ConfigError } from './config-error.js';
import { isSet, type EnvSource } from './env-values.js';
import { configSchema, metaOf, VARIABLE_NAMES, type SmiConfig, type VariableName } from './variables.js';

/** The raw text of `name`, taken from the environment and the dotenv file in the order its source says. */
export function rawValue(name: VariableName, environment: EnvSource, dotenv: EnvSource): string | undefined {
  const fromEnvironment = environment[name];
  const fromDotenv = dotenv[name];
  switch (metaOf(name).source) {
    case 'environment':
      return fromEnvironment;
    case 'dotenv':
      return fromDotenv;
    case 'environment-first':
      return isSet(fromEnvironment) ? fromEnvironment : fromDotenv;
    case 'dotenv-first':
      return isSet(fromDotenv) ? fromDotenv : fromEnvironment;
  }
}

/**
 * The variables `names` (default: all), parsed. Every bad value is named in one error, with the form it
 * must take: `SMI_VM_THREADS must be a whole number from 1 to 256, got "abc"`.
 */
export function readConfig<N extends VariableName = VariableName>(
  environment: EnvSource,
  dotenv: EnvSource = {},
  names: readonly N[] = VARIABLE_NAMES as N[],
): Pick<SmiConfig, N> {
  const raw = Object.fromEntries(names.map((name) => [name, rawValue(name, environment, dotenv)]));
  const picked = configSchema.pick(Object.fromEntries(names.map((name) => [name, true])) as never);
  const parsed = picked.safeParse(raw);
  if (parsed.success) return parsed.data as unknown as Pick<SmiConfig, N>;
  const bad = new Set(parsed.error.issues.map((issue) => issue.path[0] as N));
  throw new ConfigError(
    [...bad]
      .map((name) => `${name} must be ${metaOf(name).accepts}, got ${JSON.stringify(raw[name])}`)
      .join('; '),
  );
}
