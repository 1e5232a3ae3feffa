// Python type checks used when reading loosely shaped JSON (the truth rule, prompts, resume).

/** A JSON object (Python dict): not null, not an array. */
export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Python truthiness of a JSON value. */
export function pyTruthy(v: unknown): boolean {
  if (v === null || v === undefined || v === false || v === 0 || v === 0n || v === '') return false;
  if (typeof v === 'number' && Number.isNaN(v)) return true; // float('nan') is truthy in Python
  if (Array.isArray(v)) return v.length > 0;
  if (isPlainObject(v)) return Object.keys(v).length > 0;
  return true;
}
