// One package as a Sui node has it, read over gRPC: its object (modules, type origin and linkage tables,
// version, original id) and the transaction that published it (sender, checkpoint).
import type { SuiGrpcClient } from '@mysten/sui/grpc';
import { ChainError } from '../chain/grpc-client.js';

import type { ChainPackage } from '../package-store/chain-package.js';

const PACKAGE_FIELDS = [
  'object_id',
  'previous_transaction',
  'package.storage_id',
  'package.original_id',
  'package.version',
  'package.modules.name',
  'package.modules.contents',
  'package.type_origins',
  'package.linkage',
];

/** Runs one request; the caller decides what is tried again (each request on its own, not the package). */
export type Step = <T>(what: string, call: () => PromiseLike<T>) => Promise<T>;

/** @throws ChainError; `not_found` also for an object that is not a package */
export async function fetchPackage(
  client: SuiGrpcClient,
  id: string,
  step: Step,
  signal?: AbortSignal,
): Promise<ChainPackage> {
  const { response } = await step(`reading package ${id}`, () =>
    client.ledgerService.getObject({ objectId: id, readMask: { paths: PACKAGE_FIELDS } }, { abort: signal }),
  );
  const pkg = response.object?.package;
  if (!pkg || pkg.modules.length === 0)
    throw new ChainError(
      'not_found',
      `${id} is an object of type ${response.object?.objectType ?? '?'}, not a package`,
    );
  const digest = response.object?.previousTransaction ?? null;
  let sender: string | null = null;
  let checkpoint: bigint | null = null;
  if (digest) {
    try {
      const { response: tx } = await step(`reading transaction ${digest}`, () =>
        client.ledgerService.getTransaction(
          { digest, readMask: { paths: ['transaction.sender', 'checkpoint'] } },
          { abort: signal },
        ),
      );
      sender = tx.transaction?.transaction?.sender ?? null;
      checkpoint = tx.transaction?.checkpoint ?? null;
    } catch (error) {
      // Nodes prune old transactions: the package is whole without its publisher's sender and checkpoint.
      if (!(error instanceof ChainError) || error.kind !== 'not_found') throw error;
    }
  }
  // A package the node half describes is refused, never written with made-up fields.
  const stated = <T>(value: T | undefined, what: string): T => {
    if (value === undefined || value === '')
      throw new ChainError('rejected', `${id}: the node did not say the package's ${what}`);
    return value;
  };
  return {
    id: stated(pkg.storageId, 'storage id'),
    originalId: stated(pkg.originalId, 'original id'),
    version: stated(pkg.version, 'version'),
    modules: pkg.modules.map((m) => ({
      name: stated(m.name, 'module names'),
      bytes: stated(m.contents, `bytecode of module ${m.name ?? '?'}`),
    })),
    typeOrigins: pkg.typeOrigins.map((o) => ({
      module: stated(o.moduleName, 'type origins'),
      name: stated(o.datatypeName, 'type origins'),
      package: stated(o.packageId, 'type origins'),
    })),
    linkage: pkg.linkage.map((l) => ({
      originalId: stated(l.originalId, 'linkage table'),
      upgradedId: stated(l.upgradedId, 'linkage table'),
      upgradedVersion: stated(l.upgradedVersion, 'linkage table'),
    })),
    transactionDigest: digest,
    sender,
    checkpoint,
  };
}
