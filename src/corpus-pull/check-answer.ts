// A node's answer checked before a byte of it is written: it must be the package asked for, and a package
// Sui could hold (module names, counts, versions, ids in its tables). Ids come out in Sui's full form.
import { isSuiAddress, normalizePackageId } from '../core/ids-file.js';
import { MAX_MODULES } from '../move/read-package.js';
import type { ChainPackage } from '../package-store/chain-package.js';
import { isSuiIdentifier, MAX_IDENTIFIER_LENGTH, MAX_VERSION, shownName } from './sui-limits.js';

/** An answer that is not the package asked for, or no package Sui could hold. */
export class RefusedAnswer extends Error {
  override name = 'RefusedAnswer';
}

/** A Sui transaction digest: 32 bytes in base58. */
const DIGEST = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

function address(value: string, what: string): string {
  if (!isSuiAddress(value)) throw new RefusedAnswer(`${what} ${shownName(value)} is not a Sui address`);
  return normalizePackageId(value)!;
}

function version(value: bigint, what: string): bigint {
  if (value > MAX_VERSION)
    throw new RefusedAnswer(`${what} ${value} is beyond Sui's largest object version, ${MAX_VERSION}`);
  return value;
}

function identifier(name: string, what: string): string {
  if (!isSuiIdentifier(name))
    throw new RefusedAnswer(
      `${what} ${shownName(name)} is not a Move identifier of at most ${MAX_IDENTIFIER_LENGTH} characters`,
    );
  return name;
}

/**
 * @param asked the id asked for, in full form
 * @throws RefusedAnswer naming the first problem found
 */
export function checkAnswer(asked: string, pkg: ChainPackage): ChainPackage {
  const id = address(pkg.id, 'the storage id');
  if (id !== asked) throw new RefusedAnswer(`asked for ${asked}, the node answered with package ${id}`);
  if (pkg.modules.length > MAX_MODULES)
    throw new RefusedAnswer(
      `the node listed ${pkg.modules.length} modules; a Sui package has at most ${MAX_MODULES}`,
    );
  const names = new Set<string>();
  for (const { name } of pkg.modules) {
    identifier(name, 'module name');
    if (names.has(name)) throw new RefusedAnswer(`the node listed module ${name} twice`);
    names.add(name);
  }
  const typeOrigins = pkg.typeOrigins.map((o) => ({
    module: identifier(o.module, 'type origin module'),
    name: identifier(o.name, 'type origin datatype'),
    package: address(o.package, `the package of type origin ${o.module}::${o.name}`),
  }));
  const linked = new Set<string>();
  const linkage = pkg.linkage.map((l) => {
    const originalId = address(l.originalId, 'linkage entry');
    if (linked.has(originalId)) throw new RefusedAnswer(`the linkage table names ${originalId} twice`);
    linked.add(originalId);
    return {
      originalId,
      upgradedId: address(l.upgradedId, `the linkage entry for ${originalId} upgrades to`),
      upgradedVersion: version(l.upgradedVersion, `the linkage entry for ${originalId} has version`),
    };
  });
  if (pkg.transactionDigest !== null && !DIGEST.test(pkg.transactionDigest))
    throw new RefusedAnswer(`the publishing transaction ${shownName(pkg.transactionDigest)} is not a digest`);
  return {
    ...pkg,
    id,
    originalId: address(pkg.originalId, 'the original id'),
    version: version(pkg.version, 'the version'),
    typeOrigins,
    linkage,
    sender: pkg.sender === null ? null : address(pkg.sender, 'the sender'),
  };
}
