// Locations the tests use. `../shared` sits beside the project in CI and on developer machines.
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';

export const PROJECT_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..');
export const SHARED_DIR = resolve(PROJECT_ROOT, '..', 'shared');
export const CORPUS_DIR = resolve(SHARED_DIR, 'corpus');
export const UPSTREAM_DATA_DIR = resolve(SHARED_DIR, 'upstream-data');

/** The four packages of the shared corpus, by metadata id. */
export const SHARED_PACKAGE_DIRS: Record<string, string> = {
  '0x0000000000000000000000000000000000000000000000000000000000000001': resolve(
    CORPUS_DIR,
    '0x00/00000000000000000000000000000000000000000000000000000000000001',
  ),
  '0x0000000000000000000000000000000000000000000000000000000000000002': resolve(
    CORPUS_DIR,
    '0x00/00000000000000000000000000000000000000000000000000000000000002',
  ),
  '0x0000000000000000000000000000000000000000000000000000000000000003': resolve(
    CORPUS_DIR,
    '0x00/00000000000000000000000000000000000000000000000000000000000003',
  ),
  '0x358e10b333ce6563f40fdf46f95d020aa6f8e221d4299a2d9b2592968a7da467': resolve(
    CORPUS_DIR,
    '0x35/8e10b333ce6563f40fdf46f95d020aa6f8e221d4299a2d9b2592968a7da467',
  ),
};
