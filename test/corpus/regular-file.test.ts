// The one reader of corpus files: regular files only (links followed to one), within a size limit, and never
// an open of a FIFO, socket or device, which could block the thread or never end.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CorpusFileError, readRegularFile, regularFileStats } from '../../src/files/regular-file.js';
import { readdressPackage } from '../../src/package-store/readdress-package.js';
import { packageLinkage } from '../../src/package-store/corpus-index.js';
import { VmLoadError } from '../../src/vm/errors.js';
import { readPackageDir } from '../../src/package-store/package-dir.js';
import { SHARED_PACKAGE_DIRS } from '../support/paths.js';

const WRAPPER_COIN =
  SHARED_PACKAGE_DIRS['0x358e10b333ce6563f40fdf46f95d020aa6f8e221d4299a2d9b2592968a7da467']!;

const dir = mkdtempSync(join(tmpdir(), 'smi-regular-file-'));
const LIMIT = { maxBytes: 8, what: 'for one test file' };
let server: Server;

beforeAll(async () => {
  writeFileSync(join(dir, 'plain'), 'abc');
  writeFileSync(join(dir, 'big'), '123456789');
  symlinkSync(join(dir, 'plain'), join(dir, 'link-to-plain'));
  execFileSync('mkfifo', [join(dir, 'fifo')]);
  symlinkSync(join(dir, 'fifo'), join(dir, 'link-to-fifo'));
  symlinkSync(join(dir, 'nowhere'), join(dir, 'dangling'));
  mkdirSync(join(dir, 'folder'));
  server = createServer();
  await new Promise<void>((res) => server.listen(join(dir, 'socket'), res));
});
afterAll(async () => {
  await new Promise((res) => server.close(res));
  rmSync(dir, { recursive: true, force: true });
});

function refusal(path: string): CorpusFileError {
  let thrown: unknown;
  try {
    readRegularFile(path, LIMIT);
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(CorpusFileError);
  return thrown as CorpusFileError;
}

describe('readRegularFile', () => {
  it('reads a regular file, and one through a symbolic link', () => {
    expect(readRegularFile(join(dir, 'plain'), LIMIT).toString()).toBe('abc');
    expect(readRegularFile(join(dir, 'link-to-plain'), LIMIT).toString()).toBe('abc');
    expect(regularFileStats(join(dir, 'link-to-plain'), LIMIT).size).toBe(3);
  });

  it('refuses what is not a regular file without opening it, saying what it is', () => {
    const cases: [string, string][] = [
      ['fifo', 'a FIFO'],
      ['link-to-fifo', 'a FIFO'],
      ['socket', 'a socket'],
      ['folder', 'a directory'],
    ];
    for (const [name, kind] of cases) {
      const error = refusal(join(dir, name));
      expect(error.problem).toBe('not_a_file');
      expect(error.message).toBe(`${join(dir, name)} is ${kind}, not a regular file`);
    }
    const device = refusal('/dev/zero');
    expect(device.message).toBe('/dev/zero is a character device, not a regular file');
  });

  it('refuses a file over the limit, naming the limit', () => {
    const error = refusal(join(dir, 'big'));
    expect(error.problem).toBe('too_large');
    expect(error.message).toBe(`${join(dir, 'big')} has 9 bytes, more than the 8 allowed for one test file`);
  });

  it('says a missing file (or a link to none) is missing', () => {
    for (const name of ['absent', 'dangling']) {
      const error = refusal(join(dir, name));
      expect(error.problem).toBe('missing');
      expect(error.message).toBe(`${join(dir, name)} does not exist`);
    }
  });
});

describe('the package readers go through it', () => {
  it('refuses a bcs.json that is a FIFO when the VM reads the package or links it, naming the file', async () => {
    const corpus = join(dir, 'corpus');
    const pkg = await readdressPackage(WRAPPER_COIN, corpus, `0x${'a7'.repeat(32)}`);
    const bcs = join(pkg.package_dir, 'bcs.json');
    execFileSync('mkfifo', [bcs]);
    const message = `${bcs} is a FIFO, not a regular file`;
    await expect(readPackageDir(pkg.package_dir)).rejects.toThrow(
      `cannot read package ${pkg.package_dir}: ${message}`,
    );
    expect(() => packageLinkage(pkg.package_dir)).toThrow(new VmLoadError(message));
  });
});
