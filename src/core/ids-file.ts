// Package-id files (manifests / datasets): one id per line, `#` comment lines, blank lines ignored.
import { pySplitlines, pyStrip } from './py-string.js';

export interface ParseIdsOptions {
  /** Phase I drops repeated ids (first occurrence kept); Phase II keeps them and processes them twice. */
  dedupe: boolean;
}

/**
 * Ids in file order. Lines are stripped; there are no inline comments (`0xabc # x` is one id, as upstream).
 * A leading byte-order mark is ignored (upstream would glue it to the first id, which then never matches).
 */
export function parseIdsFile(text: string, { dedupe }: ParseIdsOptions): string[] {
  const body = text.startsWith('\ufeff') ? text.slice(1) : text;
  const ids: string[] = [];
  const seen = new Set<string>();
  for (const line of pySplitlines(body)) {
    const id = pyStrip(line);
    if (id === '' || id.startsWith('#')) continue;
    if (dedupe) {
      if (seen.has(id)) continue;
      seen.add(id);
    }
    ids.push(id);
  }
  return ids;
}
