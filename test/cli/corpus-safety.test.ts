// A corpus is untrusted input. A FIFO where a `.mv` or a metadata.json should be must not block a worker (a
// FIFO with no writer blocks whoever opens it): the run finishes, the package is recorded as failed with the
// reason, the others score, and the worker still answers SIGTERM. A package filed under another id than its
// metadata.json's is scored under metadata.json's id, and both the run and `doctor` say so.
import { execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdressPackage } from '../../src/package-store/readdress-package.js';
import { packageDirFor } from '../../src/package-store/layout.js';
import { BIN, smiBench, spawnWorker, stopProcess } from '../support/cli.js';
import { TEST_NAMESPACES } from '../support/namespaces.js';
import { SHARED_PACKAGE_DIRS } from '../support/paths.js';
import { temporalAddress } from '../support/temporal.js';

const WRAPPER_COIN =
  SHARED_PACKAGE_DIRS['0x358e10b333ce6563f40fdf46f95d020aa6f8e221d4299a2d9b2592968a7da467']!;
const id = (byte: string) => `0x${byte.repeat(32)}`;
const GOOD = id('a1');
const FIFO_MODULE = id('b2');
const FIFO_METADATA = id('c3');
/** Filed in MISFILED_FOLDER's folder, its metadata.json says MISFILED. */
const MISFILED = id('d4');
const MISFILED_FOLDER = id('e5');

const work = mkdtempSync(join(tmpdir(), 'smi-corpus-safety-'));
const root = join(work, 'corpus');
const env = { TEMPORAL_ADDRESS: temporalAddress(), TEMPORAL_NAMESPACE: TEST_NAMESPACES.corpusSafety };
let worker: ChildProcess;
let fifoModule: string;
let fifoMetadataDir: string;
let misfiledDir: string;

function replaceWithFifo(path: string): void {
  rmSync(path);
  execFileSync('mkfifo', [path]);
}

beforeAll(async () => {
  await readdressPackage(WRAPPER_COIN, root, GOOD);
  const withFifoModule = await readdressPackage(WRAPPER_COIN, root, FIFO_MODULE);
  const modules = join(withFifoModule.package_dir, 'bytecode_modules');
  fifoModule = join(modules, readdirSync(modules).sort()[0]!);
  replaceWithFifo(fifoModule);
  fifoMetadataDir = (await readdressPackage(WRAPPER_COIN, root, FIFO_METADATA)).package_dir;
  replaceWithFifo(join(fifoMetadataDir, 'metadata.json'));
  const misfiled = await readdressPackage(WRAPPER_COIN, root, MISFILED);
  misfiledDir = packageDirFor(root, MISFILED_FOLDER);
  execFileSync('mkdir', ['-p', dirname(misfiledDir)]);
  renameSync(misfiled.package_dir, misfiledDir);
  worker = spawnWorker(env);
});
afterAll(async () => {
  await stopProcess(worker);
  rmSync(work, { recursive: true, force: true });
});

interface Row {
  package_id: string;
  error: string | null;
  score: { f1: number };
}

describe('reading an untrusted corpus', () => {
  it('fails a package whose module is a FIFO with the reason, scores the others, and the worker answers SIGTERM', async () => {
    const out = join(work, 'result.json');
    const logDir = join(work, 'logs');
    const run = await execa(
      'node',
      [
        BIN,
        'phase1',
        ...['--corpus-root', root, '--samples', '0', '--agent', 'mock-perfect'],
        ...['--run-id', 'fifo', '--log-dir', logDir, '--out', out, '--no-progress'],
      ],
      { env: { ...env, FORCE_COLOR: '0' }, reject: false, timeout: 90_000 },
    );
    expect(run.timedOut).toBe(false);
    expect(run.exitCode).toBe(0);
    const result = JSON.parse(readFileSync(out, 'utf8')) as { packages: Row[] };
    const byId = new Map(result.packages.map((p) => [p.package_id, p]));
    expect([...byId.keys()].sort()).toEqual([GOOD, FIFO_MODULE, MISFILED]);
    expect(byId.get(GOOD)!.error).toBeNull();
    expect(byId.get(GOOD)!.score.f1).toBe(1);
    expect(byId.get(FIFO_MODULE)!.error).toBe(
      `interface extraction failed: ${fifoModule} is a FIFO, not a regular file`,
    );
    // Scored under metadata.json's id, and the run says which id it used.
    expect(byId.get(MISFILED)!.error).toBeNull();
    expect(byId.get(MISFILED)!.score.f1).toBe(1);
    expect(run.stderr).toContain(
      `${misfiledDir}: the folder is named for ${MISFILED_FOLDER}, metadata.json says ${MISFILED}; ` +
        `the package is ${MISFILED} (metadata.json's id is used)`,
    );
    const selection = JSON.parse(readFileSync(join(logDir, 'fifo', 'selection.json'), 'utf8')) as {
      skipped: { dir: string; reason: string }[];
      id_mismatches: unknown[];
    };
    expect(selection.id_mismatches).toEqual([
      { dir: misfiledDir, folder_id: MISFILED_FOLDER, metadata_id: MISFILED },
    ]);
    // A metadata.json that is a FIFO makes its folder no package, with the reason.
    expect(selection.skipped).toEqual([
      {
        dir: fifoMetadataDir,
        reason: `unreadable metadata.json (${join(fifoMetadataDir, 'metadata.json')} is a FIFO, not a regular file)`,
      },
    ]);

    const exited = new Promise<NodeJS.Signals | number | null>((res) =>
      worker.once('exit', (code, signal) => res(signal ?? code)),
    );
    worker.kill('SIGTERM');
    const waited = await Promise.race([
      exited,
      new Promise((res) => setTimeout(() => res('still running'), 20_000)),
    ]);
    expect(waited).toBe(0);
  }, 150_000);

  it('doctor reports the package filed under another id, and the FIFO metadata.json', async () => {
    const doctor = await smiBench(['doctor', '--corpus-root', root, '--dotenv', join(work, 'none.env')], {
      SMI_TEMPORAL_PORT: '1',
    });
    expect(doctor.stdout).toMatch(/warn\s+corpus\s+3 packages in /);
    expect(doctor.stdout).toContain('1 folders skipped');
    expect(doctor.stdout).toContain(
      `1 package folder named for another id than metadata.json's (first: ${misfiledDir}: the folder is ` +
        `named for ${MISFILED_FOLDER}, metadata.json says ${MISFILED}; the package is ${MISFILED} ` +
        "(metadata.json's id is used))",
    );
    expect(doctor.stdout).toContain(
      `fix: file each package under its metadata.json id: move ${misfiledDir} to ${packageDirFor(root, MISFILED)}`,
    );
  }, 120_000);
});
