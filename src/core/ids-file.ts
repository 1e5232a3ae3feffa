// Package-id files (manifests / datasets): one id per line, `#` comment lines, blank lines ignored.
import { pySplitlines, pyStrip } from './py-string.js';

// A Sui address as people write it: `0x` and 1 to 64 hex digits, either case. Ids are kept as written,
// because ids files and sampling match them by exact string equality (upstream does the same).
const SUI_ADDRESS = /^0x[0-9a-fA-F]{1,64}$/;

/** Whether `id` can name a package of a corpus (directories with other names are skipped). */
export function isSuiAddress(id: string): boolean {
  return SUI_ADDRESS.test(id);
}

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
