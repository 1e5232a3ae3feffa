// A shared package's `key` structs, read from its golden interface file (the truth tests derive scores from).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from './paths.js';

interface GoldenInterface {
  modules: Record<string, { address: string; structs: Record<string, { abilities: string[] }> }>;
}

/** `<module address>::<module>::<struct>` of every struct with `key`, in the file's order. */
export function goldenKeyTypes(packageId: string): string[] {
  const file = join(PROJECT_ROOT, 'test', 'fixtures', 'interface', `${packageId}.json`);
  const iface = JSON.parse(readFileSync(file, 'utf8')) as GoldenInterface;
  return Object.entries(iface.modules).flatMap(([module, m]) =>
    Object.entries(m.structs)
      .filter(([, s]) => s.abilities.includes('key'))
      .map(([name]) => `${m.address}::${module}::${name}`),
  );
}
