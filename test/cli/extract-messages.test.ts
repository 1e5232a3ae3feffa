import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runExtract } from '../../src/cli/extract-command.js';
import { UsageError } from '../../src/usage-error.js';
import { readMetadataId } from '../../src/move/read-package.js';
import { SHARED_PACKAGE_DIRS } from '../support/paths.js';

const PKG = SHARED_PACKAGE_DIRS['0x0000000000000000000000000000000000000000000000000000000000000002']!;
const scratch = mkdtempSync(join(tmpdir(), 'extract-messages-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const io = { log: () => undefined, error: () => undefined };
const extract = (dir: string) =>
  runExtract({ bytecodePackageDir: dir, includeEnums: true, out: '-' }, io as never);

describe('extract names a wrong path as such', () => {
  it('says a missing folder does not exist', async () => {
    const missing = join(scratch, 'nope');
    await expect(extract(missing)).rejects.toThrow(
      new UsageError(`package folder ${missing} does not exist`),
    );
  });

  it('says a file is not the package folder, without a doubled metadata.json path', async () => {
    const file = join(PKG, 'metadata.json');
    const error = (await extract(file).catch((e: unknown) => e)) as Error;
    expect(error).toBeInstanceOf(UsageError);
    expect(error.message).toMatch(/is not a folder: --bytecode-package-dir takes the package folder/);
    expect(error.message).not.toContain('metadata.json/metadata.json');
  });

  it('readMetadataId tells a missing folder from a folder without metadata.json', async () => {
    await expect(readMetadataId(join(scratch, 'nope'))).rejects.toThrow(/\(the folder does not exist\)$/);
    await expect(readMetadataId(scratch)).rejects.toThrow(`metadata.json is missing in ${scratch}`);
    await expect(readMetadataId(join(PKG, 'metadata.json'))).rejects.toThrow(
      /metadata\.json is not a package folder$/,
    );
  });
});
