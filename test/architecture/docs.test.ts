// docs/architecture.md cannot drift from src/: its table names every room (each folder under src/ and each
// file directly in it) at the layer .dependency-cruiser.cjs gives it.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../support/paths.js';

interface Rule {
  name: string;
  from: { path?: string };
  to: { path?: string };
}

const config = createRequire(import.meta.url)(resolve(PROJECT_ROOT, '.dependency-cruiser.cjs')) as {
  forbidden: Rule[];
};

/** The rooms named by a rule's path: `^src/(a|b)(/|\.ts$)`. */
const roomsOf = (path: string | undefined): string[] =>
  /^\^src\/\(([^)]*)\)/
    .exec(path ?? '')?.[1]
    ?.split('|')
    .filter(Boolean) ?? [];

/**
 * Each room's layer, 1 at the top, read back from the room-order rules: a room may not import the rooms of
 * its own layer and those above, so the more rooms it may not import, the lower its layer.
 */
function configLayers(): Map<string, number> {
  const forbiddenCount = new Map<string, number>();
  for (const rule of config.forbidden.filter((r) => r.name === 'room-order')) {
    const [room] = roomsOf(rule.from.path);
    forbiddenCount.set(room!, roomsOf(rule.to.path).length);
  }
  const sizes = [...new Set(forbiddenCount.values())].sort((a, b) => a - b);
  return new Map([...forbiddenCount].map(([room, count]) => [room, sizes.indexOf(count) + 1]));
}

const srcRooms = readdirSync(resolve(PROJECT_ROOT, 'src'), { withFileTypes: true })
  .filter((e) => e.isDirectory() || e.name.endsWith('.ts'))
  .map((e) => e.name.replace(/\.ts$/, ''))
  .sort();

const doc = readFileSync(resolve(PROJECT_ROOT, 'docs', 'architecture.md'), 'utf8');
const docLayers = new Map(
  [...doc.matchAll(/^\|\s*(\d+)\s*\|\s*`([\w-]+)`\s*\|/gm)].map((m) => [m[2]!, Number(m[1])]),
);

describe('docs/architecture.md', () => {
  it('has a row for every room of src/, and none for a room that is gone', () => {
    expect([...docLayers.keys()].sort()).toEqual(srcRooms);
  });

  it('gives each room the layer .dependency-cruiser.cjs gives it', () => {
    const layers = configLayers();
    expect([...layers.keys()].sort()).toEqual(srcRooms);
    for (const room of srcRooms) expect(docLayers.get(room), room).toBe(layers.get(room));
  });
});
