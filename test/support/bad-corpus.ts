// A corpus with one good package and every kind of broken one, plus an ids file naming an unknown id.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readdressPackage } from '../../src/package-store/readdress-package.js';
import { SHARED_PACKAGE_DIRS } from './paths.js';

const WRAPPER_COIN =
  SHARED_PACKAGE_DIRS['0x358e10b333ce6563f40fdf46f95d020aa6f8e221d4299a2d9b2592968a7da467']!;
const id = (byte: string) => `0x${byte.repeat(32)}`;

export const BAD_CORPUS_IDS = {
  good: id('aa'),
  corruptModule: id('bb'),
  emptyModules: id('cc'),
  unknown: id('dd'),
};

export interface BadCorpus {
  root: string;
  idsFile: string;
}

export async function makeBadCorpus(): Promise<BadCorpus> {
  const base = mkdtempSync(join(tmpdir(), 'smi-bad-'));
  const root = join(base, 'corpus');
  await readdressPackage(WRAPPER_COIN, root, BAD_CORPUS_IDS.good);

  // a real package whose second module is garbage
  const corrupt = await readdressPackage(WRAPPER_COIN, root, BAD_CORPUS_IDS.corruptModule);
  const modules = join(corrupt.package_dir, 'bytecode_modules');
  writeFileSync(join(modules, readdirSync(modules).sort()[1]!), Buffer.from('this is not Move bytecode'));

  // metadata but no modules
  const empty = join(root, '0xcc', 'c'.repeat(62));
  mkdirSync(join(empty, 'bytecode_modules'), { recursive: true });
  writeFileSync(join(empty, 'metadata.json'), JSON.stringify({ id: BAD_CORPUS_IDS.emptyModules }));

  // directories that are not packages at all
  const noMetadata = await readdressPackage(WRAPPER_COIN, root, id('ee'));
  rmSync(join(noMetadata.package_dir, 'metadata.json'));
  const badJson = await readdressPackage(WRAPPER_COIN, root, id('ef'));
  writeFileSync(join(badJson.package_dir, 'metadata.json'), '{"id": "0xef');
  const noId = await readdressPackage(WRAPPER_COIN, root, id('f0'));
  writeFileSync(join(noId.package_dir, 'metadata.json'), JSON.stringify({ name: 'no id here' }));

  const idsFile = join(base, 'ids.txt');
  writeFileSync(
    idsFile,
    ['# a manifest with one id the corpus does not have', ...Object.values(BAD_CORPUS_IDS), ''].join('\n'),
  );
  return { root, idsFile };
}
