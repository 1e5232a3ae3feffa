// The stored interface a worker keeps per package for the runs of a set: the same text as a fresh
// extraction, reused only while the package id and the module files are unchanged.
import { createHash } from 'node:crypto';
import { readdir, readFile, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { storedInterface } from '../../src/activity-support/stored-interfaces.js';
import { extractKeyTypes } from '../../src/core/truth.js';
import { extractPackageInterface, formatInterfaceJson } from '../../src/move/index.js';
import { readdressPackage } from '../../src/package-store/readdress-package.js';
import { SHARED_PACKAGE_DIRS } from '../support/paths.js';
import { useTempDirs } from './support/temp-dirs.js';

const tempDir = useTempDirs();
const WRAPPER_ID = '0x358e10b333ce6563f40fdf46f95d020aa6f8e221d4299a2d9b2592968a7da467';
const OTHER_ID = '0x00000000000000000000000000000000000000000000000000000000c0ffee02';

describe('storedInterface', () => {
  it('is the extracted interface as canonical text, then reused until the package changes', async () => {
    const root = await tempDir();
    const pkg = await readdressPackage(SHARED_PACKAGE_DIRS[WRAPPER_ID]!, root, '0xc0ffee01');
    const fresh = await extractPackageInterface(pkg.package_dir);

    const first = await storedInterface(pkg.package_dir);
    expect(first.parsed).toBeDefined();
    // The interface JSON the extractor writes: keys in UTF-8 order, two spaces, a final newline.
    expect(first.text).toBe(formatInterfaceJson(fresh));
    expect(first.sha).toBe(createHash('sha256').update(first.text).digest('hex'));
    expect(first.truth).toEqual([...extractKeyTypes(fresh)].sort());

    const again = await storedInterface(pkg.package_dir);
    expect(again.parsed).toBeUndefined();
    expect(again.text).toBe(first.text);

    // A module file rewritten (a later modification time) is extracted again.
    const modulesDir = join(pkg.package_dir, 'bytecode_modules');
    const module = join(modulesDir, (await readdir(modulesDir))[0]!);
    const later = new Date(Date.now() + 60_000);
    await utimes(module, later, later);
    expect((await storedInterface(pkg.package_dir)).parsed).toBeDefined();

    // So is a package whose metadata.json now names another id.
    const metadata = join(pkg.package_dir, 'metadata.json');
    await writeFile(
      metadata,
      JSON.stringify({ ...JSON.parse(await readFile(metadata, 'utf8')), id: OTHER_ID }),
    );
    const renamed = await storedInterface(pkg.package_dir);
    expect(renamed.parsed).toBeDefined();
    expect(renamed.text).toContain(`"package_id": "${OTHER_ID}"`);
  });
});
