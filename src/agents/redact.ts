// The API key must never reach logs, errors or workflow history; this scrubs it from text a server echoes back.

/** Replaces every occurrence of the key in `text` (servers sometimes echo it back in error bodies). */
export function scrubApiKey(text: string, apiKey: string | null | undefined): string {
  if (!apiKey || apiKey.length < 4) return text;
  return text.split(apiKey).join('<redacted>');
}
