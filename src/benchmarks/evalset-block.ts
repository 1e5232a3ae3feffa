// A benchmark's block in an evaluation set's config: `phase: <name>` and the options it takes, snake_case,
// each optional (an absent one takes the benchmark's default when the set runs, and stays out of the set's id).
import { z } from 'zod';
import { snakeCase, type AnyBenchmark, type BenchmarkDefinition, type OptionsSchema } from './definition.js';

/** The type a config gives for an option: the flag's own, without its default, unless a narrower one is set. */
function configType(definition: AnyBenchmark, key: string): z.ZodType {
  const narrower = definition.evalSet.narrower?.[key];
  if (narrower) return narrower;
  let type = definition.options.shape[key] as z.ZodType;
  while (type instanceof z.ZodDefault || type instanceof z.ZodOptional) type = type.unwrap() as z.ZodType;
  return type;
}

/** The strict zod object of the benchmark's block, its keys in the definition's order. */
export function evalSetBlock(definition: AnyBenchmark): z.ZodObject {
  const shape: Record<string, z.ZodType> = { phase: z.literal(definition.name) };
  for (const key of definition.evalSet.keys) shape[snakeCase(key)] = configType(definition, key).optional();
  return z.strictObject(shape);
}

/** The options a block gives, as the benchmark's option values (camelCase); absent ones left out. */
export function blockOptions<S extends OptionsSchema>(
  definition: BenchmarkDefinition<S>,
  block: Record<string, unknown>,
): Partial<z.input<S>> {
  const values: Record<string, unknown> = {};
  for (const key of definition.evalSet.keys) {
    const value = block[snakeCase(key)];
    if (value !== undefined) values[key] = value;
  }
  return values as Partial<z.input<S>>;
}
