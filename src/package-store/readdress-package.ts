// Copies a package under a new id, to grow synthetic corpora (hundreds of packages) from a few
// real ones. By default the package's own modules move to the new address, as if published there;
// `keepModuleAddress` instead keeps the bytes, like an upgraded package whose modules still carry
// the original id.
import { basename } from 'node:path';
import type { PackageRef } from '../core/types.js';
import { rewriteSelfAddress } from '../move/readdress.js';
import { listModuleFiles, readMetadataId, readModuleFiles } from '../move/read-package.js';
import { fullPackageId } from './layout.js';
import { writePackage } from './write-package.js';

export interface ReaddressOptions {
  /** Copy module bytes unchanged: the metadata id changes, module self addresses do not. */
  keepModuleAddress?: boolean;
}

/** Writes the copy to `destCorpusRoot/0xNN/…` and returns it. Overwrites an earlier copy. */
export async function readdressPackage(
  srcPackageDir: string,
  destCorpusRoot: string,
  newPackageId: string,
  options: ReaddressOptions = {},
): Promise<PackageRef> {
  const packageId = fullPackageId(newPackageId);
  const originalId = await readMetadataId(srcPackageDir).catch(() => null);
  const files = await readModuleFiles(await listModuleFiles(srcPackageDir));
  const modules = files.map((file) => ({
    name: basename(file.path, '.mv'),
    bytes: options.keepModuleAddress ? file.bytes : rewriteSelfAddress(file.bytes, packageId, file.path),
  }));
  return writePackage(destCorpusRoot, { packageId, modules, metadata: { readdressed_from: originalId } });
}
