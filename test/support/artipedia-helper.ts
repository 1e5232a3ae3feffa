// The upgraded artipedia of ../shared/mainnet (version 6 of 0xb7c36a…, stored as 0x13fe3a…) and the helper
// the tests write for it: one entry function calling `register_points`, which creates a `UserNumber` (a
// type first defined in version 6, so tagged 0x13fe3a…).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const ARTIPEDIA = '0x13fe3a7422946badff042be0e6dbbb0686fbff3fabc0c86cedc2d7a029486ece';
export const ARTIPEDIA_ORIGINAL = '0xb7c36a747d6fdd6b59ab0354cea52a31df078c242242465a867481b6f4509498';

const MOVE_TOML = '[package]\nname = "helper"\nedition = "2024"\n\n[addresses]\nhelper = "0x0"\n';
const POINTS = [
  'module helper::points;',
  '',
  'use target_pkg::artipedia;',
  '',
  'entry fun register(ctx: &mut TxContext) {',
  '    artipedia::register_points(42, ctx);',
  '}',
  '',
].join('\n');

/** The helper as a model's helper_pkg_v1 answer. */
export const ARTIPEDIA_HELPER_ANSWER = JSON.stringify({
  move_toml: MOVE_TOML,
  files: { 'sources/points.move': POINTS },
});

/** The helper as a package folder (for `--agent helper-file`). */
export function writeArtipediaHelper(dir: string): void {
  mkdirSync(join(dir, 'sources'), { recursive: true });
  writeFileSync(join(dir, 'Move.toml'), MOVE_TOML);
  writeFileSync(join(dir, 'sources', 'points.move'), POINTS);
}
