// A package of ../shared/mainnet as Sui stores it on chain: the BCS of its MovePackage (id, version, modules,
// type origin table, linkage table), built from the folder's bcs.json. The wheel's replay loads an upgraded
// package from this, since its modules live at the original id and only these tables say otherwise.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bcs } from '@mysten/sui/bcs';

interface StoredPackageJson {
  id: string;
  version: number;
  moduleMap: Record<string, string>;
  typeOriginTable: { module_name: string; datatype_name: string; package: string }[];
  linkageTable: Record<string, { upgraded_id: string; upgraded_version: number }>;
}

/** The base64 BCS of the MovePackage stored in `packageDir`'s bcs.json. */
export function storedMovePackageBase64(packageDir: string): string {
  const source = JSON.parse(readFileSync(join(packageDir, 'bcs.json'), 'utf8')) as StoredPackageJson;
  return bcs.MovePackage.serialize({
    id: source.id,
    version: BigInt(source.version),
    moduleMap: new Map(
      Object.entries(source.moduleMap).map(([name, b64]) => [name, Buffer.from(b64, 'base64')]),
    ),
    typeOriginTable: source.typeOriginTable.map((row) => ({
      moduleName: row.module_name,
      datatypeName: row.datatype_name,
      package: row.package,
    })),
    linkageTable: new Map(
      Object.entries(source.linkageTable).map(([original, info]) => [
        original,
        { upgradedId: info.upgraded_id, upgradedVersion: BigInt(info.upgraded_version) },
      ]),
    ),
  }).toBase64();
}
