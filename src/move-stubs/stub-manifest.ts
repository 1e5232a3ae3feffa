// The Move.toml of a stub package, in the legacy form Sui's package system still reads: the package's
// named address is its original id (where its modules live) and `published-at` its storage id (what a
// package built against it links to).
import { addressLiteral } from './type-text.js';
import { addressDigits } from '../move/address.js';

export interface StubManifest {
  packageName: string;
  namedAddress: string;
  originalId: string;
  publishedAt: string;
  /** Alias → inline TOML table. */
  dependencies: Record<string, string>;
}

export function stubManifest(manifest: StubManifest): string {
  const dependencies = Object.entries(manifest.dependencies).map(([alias, table]) => `${alias} = ${table}\n`);
  return (
    `[package]\nname = "${manifest.packageName}"\nedition = "2024"\n` +
    `published-at = "${literal(manifest.publishedAt)}"\n\n` +
    (dependencies.length > 0 ? `[dependencies]\n${dependencies.join('')}\n` : '') +
    `[addresses]\n${manifest.namedAddress} = "${literal(manifest.originalId)}"\n`
  );
}

const literal = (id: string) => addressLiteral(addressDigits(id));
