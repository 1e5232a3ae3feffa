// What the model's text must hold, by the shape a caller expects: pure, so workflows and tests can use it.
import { extractJsonValue, extractTypeList, JsonExtractError } from './json-extract.js';
import { sortedByCodePoint } from './py-string.js';
import { isPlainObject } from './py-value.js';

/**
 * `key_types`: a sorted list of type strings, from `[...]` or `{"key_types": [...]}` (Phase I);
 * `json_object`: any JSON object (Phase II plans and `need_more` requests, checked by the caller);
 * `text`: nothing parsed (null): the caller reads the stored answer by its hash and checks it itself (the
 * helper benchmark, whose answers are whole packages too large for workflow history).
 */
export type AnswerShape = 'key_types' | 'json_object' | 'text';

/** The answer in the expected shape; throws JsonExtractError when the text does not hold it. */
export function parseModelAnswer(shape: AnswerShape, content: string): unknown {
  if (shape === 'key_types') return sortedByCodePoint(extractTypeList(content));
  if (shape === 'text') return null;
  const value = extractJsonValue(content);
  if (!isPlainObject(value)) throw new JsonExtractError('expected a JSON object');
  return value;
}
