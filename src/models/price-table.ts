// The models of an endpoint as entries of an evaluation-set config (`models:`), with their prices per
// million tokens, so a set's costs come from the endpoint's own price list.
import yaml from 'js-yaml';
import { perMillionTokens, type ListedModel } from './model-list.js';
import { plural } from '../core/plural.js';

/** A set's model name: the id with what a run id cannot hold replaced (`openai/gpt-4o` → `openai-gpt-4o`). */
export function setModelName(id: string): string {
  const name = id.replace(/[^A-Za-z0-9_.-]+/g, '-').replace(/^[^A-Za-z0-9]+/, '');
  return name.slice(0, 60) || 'model';
}

export interface PriceTableSource {
  baseUrl: string;
  /** The variable the key was read from: the config names it, never the key. */
  apiKeyEnv: string;
}

export function priceTableYaml(models: ListedModel[], source: PriceTableSource): string {
  const taken = new Map<string, number>();
  // Two ids can give one name (`a/b` and `a-b`): later ones get a number, as names must be unique.
  const uniqueName = (id: string) => {
    const base = setModelName(id);
    const seen = (taken.get(base) ?? 0) + 1;
    taken.set(base, seen);
    return seen === 1 ? base : `${base.slice(0, 55)}-${seen}`;
  };
  const entries = models.map((m) => ({
    name: uniqueName(m.id),
    model: m.id,
    base_url: source.baseUrl,
    api_key_env: source.apiKeyEnv,
    ...(m.prompt_price !== null && m.completion_price !== null
      ? {
          price: {
            input_per_mtok: perMillionTokens(m.prompt_price),
            output_per_mtok: perMillionTokens(m.completion_price),
          },
        }
      : {}),
  }));
  const unpriced = models.filter((m) => m.prompt_price === null || m.completion_price === null).length;
  const header = [
    `# Models of ${source.baseUrl}, written by \`smi-bench models --price-table\`.`,
    '# Prices are US dollars per million input / output tokens. Copy the entries you want into the',
    '# `models:` list of an evaluation-set config.',
    ...(unpriced
      ? [`# ${plural(unpriced, 'model')} came without a price: add one, or cost_from_provider: true.`]
      : []),
  ];
  return `${header.join('\n')}\n${yaml.dump({ models: entries }, { lineWidth: -1 })}`;
}
