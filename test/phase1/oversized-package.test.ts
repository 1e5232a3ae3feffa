// An untrusted package can hold a module of any size; the worker must not read it whole, and the run must
// record a clean package error for it and carry on with the others.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@temporalio/client';
import { extractPackageInterface, PackageReadError } from '../../src/move/index.js';
import { readdressPackage } from '../../src/package-store/readdress-package.js';
import type { RunningWorkers } from '../../src/worker.js';
import { TEST_NAMESPACES } from '../support/namespaces.js';
import { SHARED_PACKAGE_DIRS } from '../support/paths.js';
import { testRunInput } from '../support/run-input.js';
import { connectClient, startTestRun, startTestWorkers, uniqueRunId } from '../support/temporal.js';

const WRAPPER_COIN =
  SHARED_PACKAGE_DIRS['0x358e10b333ce6563f40fdf46f95d020aa6f8e221d4299a2d9b2592968a7da467']!;
const GOOD = `0x${'a1'.repeat(32)}`;
const HUGE_MODULE = `0x${'b2'.repeat(32)}`;
const HUGE_PACKAGE = `0x${'c3'.repeat(32)}`;
const MANY_MODULES = `0x${'d4'.repeat(32)}`;
// Sui's max_move_package_size (protocol 104): no module of a published package is larger.
const KiB = 1024;

let workers: RunningWorkers;
let client: Client;
let closeClient: () => Promise<void>;
const base = mkdtempSync(join(tmpdir(), 'smi-limits-'));
const corpusRoot = join(base, 'corpus');
const packageDirs: Record<string, string> = {};
let manyModulesDir: string;

beforeAll(async () => {
  for (const id of [GOOD, HUGE_MODULE, HUGE_PACKAGE]) {
    packageDirs[id] = (await readdressPackage(WRAPPER_COIN, corpusRoot, id)).package_dir;
  }
  // One module a byte over the 100 KiB limit; and eleven modules at it, 1.1 MB in all (limit 1 MiB).
  writeFileSync(join(packageDirs[HUGE_MODULE]!, 'bytecode_modules', 'huge.mv'), Buffer.alloc(100 * KiB + 1));
  for (let i = 0; i < 11; i++) {
    writeFileSync(
      join(packageDirs[HUGE_PACKAGE]!, 'bytecode_modules', `big${i}.mv`),
      Buffer.alloc(100 * KiB),
    );
  }
  // Outside the run's corpus: 129 modules, one more than any publish ever allowed.
  manyModulesDir = (await readdressPackage(WRAPPER_COIN, join(base, 'other'), MANY_MODULES)).package_dir;
  for (let i = 0; i < 127; i++) {
    writeFileSync(join(manyModulesDir, 'bytecode_modules', `m${i}.mv`), Buffer.alloc(1));
  }
  workers = await startTestWorkers(TEST_NAMESPACES.limits);
  ({ client, close: closeClient } = await connectClient(TEST_NAMESPACES.limits));
});
afterAll(async () => {
  await closeClient();
  await workers.shutdown();
});

describe('size limits on untrusted bytecode', () => {
  it('refuses a module over 100 KiB and a package over 1 MiB as invalid packages', async () => {
    const tooLarge = async (id: string): Promise<PackageReadError> =>
      (await extractPackageInterface(packageDirs[id]!).then(
        () => undefined,
        (e: unknown) => e,
      )) as PackageReadError;
    const module = await tooLarge(HUGE_MODULE);
    expect(module).toBeInstanceOf(PackageReadError);
    expect(module.code).toBe('too_large');
    expect(module.message).toMatch(/huge\.mv has 102401 bytes, more than the 102400 allowed for one module/);
    const pkg = await tooLarge(HUGE_PACKAGE);
    expect(pkg.code).toBe('too_large');
    expect(pkg.message).toMatch(/have 11\d{5} bytes, more than the 1048576 allowed/);
    const many = (await extractPackageInterface(manyModulesDir).catch((e: unknown) => e)) as PackageReadError;
    expect(many.code).toBe('too_large');
    expect(many.message).toBe(
      `${join(manyModulesDir, 'bytecode_modules')} holds 129 .mv files, more than the 128 a package may have`,
    );
  });

  it('records them as package errors in a run and scores the good package', async () => {
    const runId = uniqueRunId('limits');
    const outFile = join(base, `${runId}.json`);
    const input = testRunInput({ runId, logDir: join(base, 'logs'), corpusRoot, input: { outFile } });
    await (await startTestRun(client, input)).result();
    const result = JSON.parse(readFileSync(outFile, 'utf8')) as {
      packages: { package_id: string; error: string | null; score: { f1: number } }[];
    };
    const byId = new Map(result.packages.map((p) => [p.package_id, p]));
    expect([...byId.keys()]).toEqual([GOOD, HUGE_MODULE, HUGE_PACKAGE]);
    expect(byId.get(GOOD)!.error).toBeNull();
    expect(byId.get(GOOD)!.score.f1).toBe(1);
    expect(byId.get(HUGE_MODULE)!.error).toMatch(/more than the 102400 allowed for one module/);
    expect(byId.get(HUGE_PACKAGE)!.error).toMatch(/more than the 1048576 allowed/);
  }, 120_000);
});
