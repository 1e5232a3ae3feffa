// Where a model setting was found, among the process environment and a parsed dotenv file, in upstream's
// order and with the names other tools use as fallbacks (OPENAI_MODEL, OPENROUTER_BASE_URL, …). Messages
// name the variable to fix and where it came from.
import { isSet, type EnvSource } from './env-values.js';
import { metaOf, VARIABLE_NAMES, type VariableName } from './variables.js';

/** A setting's value and where it was found, so that messages can name the variable to fix. */
export interface LocatedValue {
  value: string;
  variable: string;
  from: 'environment' | 'dotenv' | 'config';
}

/** `SMI_API_BASE_URL from the environment`, `OPENAI_BASE_URL from the dotenv file`. */
export function describeLocation(located: LocatedValue): string {
  if (located.from === 'config') return `${located.variable} in the set's config`;
  return `${located.variable} from the ${located.from === 'dotenv' ? 'dotenv file' : 'environment'}`;
}

/** Whether the process environment beats the dotenv file for `variable` (the schema says; other tools' names: never). */
function environmentFirst(variable: string): boolean {
  return (
    (VARIABLE_NAMES as readonly string[]).includes(variable) &&
    metaOf(variable as VariableName).source === 'environment-first'
  );
}

/**
 * Walks `keys` in priority order and takes the first one set in either source.
 * For that key .env wins over the process environment, except for the operator-override keys.
 */
export function locateEnvValue(
  processEnv: EnvSource,
  dotenv: EnvSource,
  ...keys: string[]
): LocatedValue | null {
  for (const variable of keys) {
    const fromProcess = processEnv[variable];
    const fromDotenv = dotenv[variable];
    if (!isSet(fromProcess) && !isSet(fromDotenv)) continue;
    const useProcess = environmentFirst(variable) ? isSet(fromProcess) : !isSet(fromDotenv);
    return useProcess
      ? { value: fromProcess as string, variable, from: 'environment' }
      : { value: fromDotenv as string, variable, from: 'dotenv' };
  }
  return null;
}

export function resolveEnvValue(processEnv: EnvSource, dotenv: EnvSource, ...keys: string[]): string | null {
  return locateEnvValue(processEnv, dotenv, ...keys)?.value ?? null;
}

/** The variables that name the endpoint, in upstream's order. */
export const BASE_URL_VARIABLES = [
  'SMI_API_BASE_URL',
  'OPENROUTER_BASE_URL',
  'OPENAI_BASE_URL',
  'OPENAI_API_BASE',
];

/** The variables that name the model, in upstream's order. */
export const MODEL_NAME_VARIABLES = ['SMI_MODEL', 'OPENAI_MODEL'];

const API_KEY: VariableName = 'SMI_API_KEY';
const FALLBACK_KEY_NAMES = ['OPENAI_API_KEY', 'OPENROUTER_API_KEY', 'ZAI_API_KEY', 'ZHIPUAI_API_KEY'];

/** The API key in upstream order: process SMI_API_KEY, .env SMI_API_KEY, then each fallback (.env first). */
export function locateApiKey(processEnv: EnvSource, dotenv: EnvSource): LocatedValue | null {
  const candidates: [string | undefined, string, LocatedValue['from']][] = [
    [processEnv[API_KEY], API_KEY, 'environment'],
    [dotenv[API_KEY], API_KEY, 'dotenv'],
  ];
  for (const name of FALLBACK_KEY_NAMES)
    candidates.push([dotenv[name], name, 'dotenv'], [processEnv[name], name, 'environment']);
  const found = candidates.find(([value]) => isSet(value));
  return found ? { value: found[0] as string, variable: found[1], from: found[2] } : null;
}

export function findApiKey(processEnv: EnvSource, dotenv: EnvSource): string | null {
  return locateApiKey(processEnv, dotenv)?.value ?? null;
}
