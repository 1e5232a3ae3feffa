// Package-id files (manifests / datasets): one id per line, `#` comment lines, blank lines ignored.
import { pySplitlines, pyStrip } from './py-string.js';

// A Sui address as people write it: `0x` and 1 to 64 hex digits, either case. Ids are kept as written
// (rows and notes show them so) but matched by `packageIdKey`: `0x2` and `0x00…02` name one package.
const SUI_ADDRESS = /^0x[0-9a-fA-F]{1,64}$/;
const HEX_ID = /^(?:0[xX])?([0-9a-fA-F]{1,64})$/;

/** Whether `id` can name a package of a corpus (directories with other names are skipped). */
export function isSuiAddress(id: string): boolean {
  return SUI_ADDRESS.test(id);
}

/** `id` as Sui spells it in full (`0x` and 64 lowercase digits; `0x` optional in `id`), or null if not hex. */
export function normalizePackageId(id: string): string | null {
  const digits = HEX_ID.exec(id)?.[1];
  return digits === undefined ? null : `0x${digits.toLowerCase().padStart(64, '0')}`;
}

/** What ids are compared by: the full form of an address, anything else as written. */
export function packageIdKey(id: string): string {
  return normalizePackageId(id) ?? id;
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
