// Package ids named on the command line, checked against the corpus before a server or workflow starts:
// a run of ids the corpus lacks would only fail later, inside the engine.
import { packageIdKey } from '../core/ids-file.js';
import { discoverPackages } from '../package-store/discover.js';

/** The ids of `ids` (as written) that name no package of the corpus; `0x2` names `0x00…02`. */
export async function idsNotInCorpus(corpusRoot: string, ids: readonly string[]): Promise<string[]> {
  const { packages } = await discoverPackages(corpusRoot);
  const known = new Set(packages.map((p) => packageIdKey(p.package_id)));
  return ids.filter((id) => !known.has(packageIdKey(id)));
}
