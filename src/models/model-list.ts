// The models list of an OpenAI-compatible endpoint (`GET {base}/models`, OpenRouter's shape), read as
// upstream's smi-openrouter-models reads it (spec/harness.md §24.6).
import { compareCodePoints } from '../core/py-string.js';
import { isPlainObject } from '../core/py-value.js';

export interface ListedModel {
  id: string;
  name: string | null;
  context_length: number | null;
  /** US dollars per token, as the endpoint gives them; null when absent or not a number. */
  prompt_price: number | null;
  completion_price: number | null;
}

export class ModelListError extends Error {}

/** Upstream's `_extract_price`: numbers and numeric strings count; booleans and anything else do not. */
export function extractPrice(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  // Python's float() accepts what this matches (plus inf/nan, which are no price).
  if (!/^[+-]?(\d[\d_]*\.?[\d_]*|\.\d[\d_]*)([eE][+-]?\d+)?$/.test(text)) return null;
  const parsed = Number(text.replaceAll('_', ''));
  return Number.isFinite(parsed) ? parsed : null;
}

export function parseModelList(body: unknown): ListedModel[] {
  const data = isPlainObject(body) ? body['data'] : undefined;
  if (!Array.isArray(data)) throw new ModelListError('unexpected /models response: no "data" list');
  const models: ListedModel[] = [];
  for (const item of data) {
    if (!isPlainObject(item)) continue;
    const id = item['id'];
    if (typeof id !== 'string' || id === '') continue;
    const name = item['name'];
    const context = item['context_length'];
    const pricing = isPlainObject(item['pricing']) ? item['pricing'] : {};
    models.push({
      id,
      name: typeof name === 'string' ? name : null,
      context_length: Number.isInteger(context) ? (context as number) : null,
      prompt_price: extractPrice(pricing['prompt']),
      completion_price: extractPrice(pricing['completion']),
    });
  }
  return models;
}

export interface ModelFilter {
  /** Case-insensitive substring of the id. */
  contains?: string;
  /** Case-insensitive substring of the name (a model without a name never matches). */
  nameContains?: string;
}

export function filterModels(models: ListedModel[], filter: ModelFilter): ListedModel[] {
  const idPart = filter.contains?.toLowerCase();
  const namePart = filter.nameContains?.toLowerCase();
  return models.filter(
    (m) =>
      (idPart === undefined || m.id.toLowerCase().includes(idPart)) &&
      (namePart === undefined || (m.name ?? '').toLowerCase().includes(namePart)),
  );
}

/** Upstream's ids file: ids trimmed, empty ones dropped, deduplicated, sorted, one per line. */
export function modelIdsText(models: ListedModel[]): string {
  const ids = [...new Set(models.map((m) => m.id.trim()).filter((id) => id !== ''))];
  ids.sort(compareCodePoints);
  return ids.map((id) => `${id}\n`).join('');
}

/** A per-token price as dollars per million tokens, without float noise (0.0000025 → 2.5). */
export function perMillionTokens(perToken: number): number {
  return Number((perToken * 1_000_000).toPrecision(12));
}
