// The API key must never reach logs, errors or workflow history; these helpers are the only way it is shown.

/**
 * `len=<n> suffix=<last 6>`, or `<missing>`. Short keys show at most half their characters,
 * so a toy key is never printed in full.
 */
export function redactApiKey(apiKey: string | null | undefined): string {
  if (!apiKey) return '<missing>';
  const shown = Math.min(6, Math.floor(apiKey.length / 2));
  return `len=${apiKey.length} suffix=${shown > 0 ? apiKey.slice(-shown) : ''}`;
}

/** Replaces every occurrence of the key in `text` (servers sometimes echo it back in error bodies). */
export function scrubApiKey(text: string, apiKey: string | null | undefined): string {
  if (!apiKey || apiKey.length < 4) return text;
  return text.split(apiKey).join('<redacted>');
}
