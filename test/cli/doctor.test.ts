// `smi-bench doctor` on a checkout before and after setup, and with each problem it must name with its fix.
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/temporal/ports.js';
import { smiBench } from '../support/cli.js';
import { CORPUS_DIR, PROJECT_ROOT } from '../support/paths.js';
import { startOpenAiStub, type RunningOpenAiStub } from '../support/openai-stub.js';

const work = mkdtempSync(join(tmpdir(), 'smi-doctor-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A built checkout without the tools setup installs (.tools/), as on a fresh clone after `npm ci`. */
function freshCheckout(name: string): string {
  const dir = join(work, name);
  mkdirSync(dir);
  for (const part of ['package.json', 'bin', 'dist', 'scripts'])
    cpSync(join(PROJECT_ROOT, part), join(dir, part), { recursive: true });
  symlinkSync(join(PROJECT_ROOT, 'node_modules'), join(dir, 'node_modules'));
  return dir;
}

/** The environment of a shell with no tools on PATH, nothing about Temporal or a model set. */
async function bareEnv(): Promise<Record<string, string>> {
  return { PATH: '/usr/local/bin:/usr/bin:/bin', HOME: work, SMI_TEMPORAL_PORT: String(await freePort()) };
}

function doctorIn(checkout: string, args: string[], env: Record<string, string>) {
  return execa('node', [join(checkout, 'bin', 'smi-bench.js'), 'doctor', ...args], {
    cwd: work,
    env,
    extendEnv: false,
    reject: false,
    timeout: 240_000,
  });
}

describe('doctor on a fresh checkout', () => {
  it('names the missing Temporal CLI and oracle wheel with their install commands, then passes after setup', async () => {
    const checkout = freshCheckout('before');
    const env = await bareEnv();
    const before = await doctorIn(checkout, [], env);
    expect(before.exitCode).toBe(1);
    expect(before.stdout).toMatch(/FAIL\s+Temporal CLI\s+not installed/);
    expect(before.stdout).toContain('fix: bash scripts/install-temporal.sh');
    expect(before.stdout).toMatch(/warn\s+oracle wheel/);
    expect(before.stdout).toContain('fix: bash scripts/install-sui-sandbox.sh');
    expect(before.stderr).not.toMatch(/at .*\.js:\d+/);

    symlinkSync(join(PROJECT_ROOT, '.tools'), join(checkout, '.tools'));
    const after = await doctorIn(checkout, [], env);
    expect(after.stdout).toMatch(/ok\s+Temporal CLI/);
    expect(after.stdout).toMatch(/ok\s+oracle wheel/);
    expect(after.stdout).toContain('doctor: ready');
    expect(after.exitCode).toBe(0);
  });

  it('--fix runs the install script and checks again', async () => {
    const checkout = freshCheckout('fix');
    mkdirSync(join(checkout, '.tools'));
    symlinkSync(join(PROJECT_ROOT, '.tools', 'sui-venv'), join(checkout, '.tools', 'sui-venv'));
    const fixed = await doctorIn(checkout, ['--fix'], await bareEnv());
    expect(fixed.stderr).toContain('running: bash scripts/install-temporal.sh');
    expect(fixed.stdout).toMatch(/ok\s+Temporal CLI\s+.*\.tools\/bin\/temporal/);
    expect(fixed.exitCode).toBe(0);
    // The binary it installed is a working Temporal CLI.
    const version = await execa(join(checkout, '.tools', 'bin', 'temporal'), ['--version']);
    expect(version.stdout).toMatch(/temporal version/);
  }, 300_000);
});

describe('doctor names each problem', () => {
  let stub: RunningOpenAiStub;
  beforeAll(async () => {
    stub = await startOpenAiStub({ models: ['stub-good'], apiKey: 'sk-doctor-test-key' });
  });
  afterAll(() => stub.close());

  const modelEnv = (overrides: Record<string, string>) => ({
    SMI_TEMPORAL_PORT: '1',
    SMI_API_BASE_URL: stub.baseUrl,
    SMI_MODEL: 'stub-good',
    SMI_API_KEY: 'sk-doctor-test-key',
    ...overrides,
  });

  it('passes with a reachable endpoint that offers the model', async () => {
    const run = await smiBench(['doctor', '--full', '--dotenv', join(work, 'none.env')], modelEnv({}));
    expect(run.stdout).toMatch(/ok\s+model key\s+SMI_API_KEY from the environment/);
    expect(run.stdout).toMatch(/ok\s+model endpoint\s+.* offers stub-good/);
    expect(run.stdout).not.toContain('sk-doctor-test-key');
  });

  it('a missing key with --full', async () => {
    const env = modelEnv({});
    delete (env as Record<string, string | undefined>).SMI_API_KEY;
    const run = await smiBench(['doctor', '--full', '--dotenv', join(work, 'none.env')], env);
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toMatch(/FAIL\s+model key\s+no API key/);
    expect(run.stdout).toContain('fix: export SMI_API_KEY=');
  });

  it('a refused key, a model the endpoint lacks, and a dead endpoint', async () => {
    const refused = await smiBench(
      ['doctor', '--dotenv', join(work, 'none.env')],
      modelEnv({ SMI_API_KEY: 'sk-wrong' }),
    );
    expect(refused.exitCode).toBe(1);
    expect(refused.stdout).toMatch(/FAIL\s+model endpoint\s+GET .*\/models answered 401/);
    expect(refused.stdout).toContain('fix: the key was refused: set SMI_API_KEY');

    const otherModel = await smiBench(
      ['doctor', '--dotenv', join(work, 'none.env')],
      modelEnv({ SMI_MODEL: 'stub-other' }),
    );
    expect(otherModel.stdout).toMatch(/FAIL\s+model endpoint\s+.*do not include stub-other/);

    const deadPort = await freePort();
    const dead = await smiBench(
      ['doctor', '--dotenv', join(work, 'none.env')],
      modelEnv({ SMI_API_BASE_URL: `http://127.0.0.1:${deadPort}/v1` }),
    );
    expect(dead.exitCode).toBe(1);
    expect(dead.stdout).toMatch(
      new RegExp(`FAIL\\s+model endpoint\\s+cannot reach http://127.0.0.1:${deadPort}/v1 \\(ECONNREFUSED\\)`),
    );
    expect(dead.stdout).toContain('fix: set SMI_API_BASE_URL');
  });

  it('an unreachable Temporal server named by TEMPORAL_ADDRESS', async () => {
    const port = await freePort();
    const run = await smiBench(['doctor', '--dotenv', join(work, 'none.env')], {
      TEMPORAL_ADDRESS: `127.0.0.1:${port}`,
    });
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toMatch(
      new RegExp(`FAIL\\s+Temporal server\\s+TEMPORAL_ADDRESS=127.0.0.1:${port} does not answer`),
    );
    expect(run.stdout).toContain('unset TEMPORAL_ADDRESS');
  });

  it('a port held by something that is not Temporal', async () => {
    const squatter: Server = createServer((_req, res) => res.end('not temporal'));
    const port = await freePort();
    await new Promise<void>((done) => squatter.listen(port, '127.0.0.1', done));
    try {
      const run = await smiBench(['doctor', '--dotenv', join(work, 'none.env')], {
        SMI_TEMPORAL_PORT: String(port),
      });
      expect(run.exitCode).toBe(1);
      expect(run.stdout).toMatch(
        /FAIL\s+Temporal server\s+127\.0\.0\.1:\d+ is in use by something that is not a Temporal server/,
      );
      expect(run.stdout).toContain('fix: SMI_TEMPORAL_PORT=');
    } finally {
      squatter.close();
    }
  });

  it('a corpus in the wrong layout, and a manifest with ids the corpus lacks', async () => {
    const none = join(work, 'none.env');
    const packageDir = join(
      CORPUS_DIR,
      '0x00',
      '00000000000000000000000000000000000000000000000000000000000002',
    );
    const onePackage = await smiBench(['doctor', '--corpus-root', packageDir, '--dotenv', none], {
      SMI_TEMPORAL_PORT: '1',
    });
    expect(onePackage.exitCode).toBe(1);
    expect(onePackage.stdout).toMatch(/FAIL\s+corpus\s+.* is one package's folder, not a corpus root/);
    expect(onePackage.stdout).toContain(
      'fix: point --corpus-root at the folder that holds <prefix>/<rest>/bytecode_modules, two levels up: ' +
        `--corpus-root ${CORPUS_DIR}`,
    );

    // A prefix folder of sui-packages' layout: `0x00` and `00…02` spell the id 0x0…02 of its metadata.
    const prefixRun = await smiBench(
      ['doctor', '--corpus-root', join(CORPUS_DIR, '0x00'), '--dotenv', none],
      {
        SMI_TEMPORAL_PORT: '1',
      },
    );
    expect(prefixRun.exitCode).toBe(1);
    expect(prefixRun.stdout).toMatch(/FAIL\s+corpus\s+.*0x00 is a prefix folder of a corpus/);
    expect(prefixRun.stdout).toContain(
      'fix: point --corpus-root at the folder that holds <prefix>/<rest>/bytecode_modules, one level up: ' +
        `--corpus-root ${CORPUS_DIR}`,
    );
    expect(prefixRun.stdout).not.toContain('move each package folder');

    const flat = join(work, 'flat');
    mkdirSync(join(flat, 'pkg', 'bytecode_modules'), { recursive: true });
    const flatRun = await smiBench(['doctor', '--corpus-root', flat, '--dotenv', none], {
      SMI_TEMPORAL_PORT: '1',
    });
    expect(flatRun.stdout).toMatch(/FAIL\s+corpus\s+packages sit directly under/);
    expect(flatRun.stdout).toContain(
      `fix: move each package folder into a prefix folder (as sui-packages: ${flat}/0x12/<rest of the id>/), ` +
        'or point --corpus-root at the folder that holds <prefix>/<rest>/bytecode_modules',
    );

    // A prefix folder whose package's metadata.json is a FIFO: doctor must not wait for a writer that never comes.
    const fifoPackage = join(work, 'fifo', '0x00', '0'.repeat(63) + '2');
    mkdirSync(join(fifoPackage, 'bytecode_modules'), { recursive: true });
    await execa('mkfifo', [join(fifoPackage, 'metadata.json')]);
    const fifoRun = await smiBench(
      ['doctor', '--corpus-root', join(work, 'fifo', '0x00'), '--dotenv', none],
      { SMI_TEMPORAL_PORT: '1' },
    );
    expect(fifoRun.timedOut).toBe(false);
    expect(fifoRun.exitCode).toBe(1);
    expect(fifoRun.stdout).toMatch(/FAIL\s+corpus\s+packages sit directly under/);

    // A folder of loose .mv files (one package's modules, copied out of its folder).
    const loose = join(work, 'loose');
    mkdirSync(loose);
    const modules = join(packageDir, 'bytecode_modules');
    const names = readdirSync(modules).filter((f) => f.endsWith('.mv'));
    for (const name of names) cpSync(join(modules, name), join(loose, name));
    const looseRun = await smiBench(['doctor', '--corpus-root', loose, '--dotenv', none], {
      SMI_TEMPORAL_PORT: '1',
    });
    expect(looseRun.exitCode).toBe(1);
    expect(looseRun.stdout).toMatch(
      new RegExp(
        `FAIL\\s+corpus\\s+${loose} holds ${names.length} loose \\.mv files; each package needs its own folder`,
      ),
    );
    expect(looseRun.stdout).toContain(
      "fix: put each package's .mv files in <root>/<prefix>/<rest>/bytecode_modules/, with a metadata.json " +
        '{"id": "0x…"} beside bytecode_modules, then point --corpus-root at <root>',
    );

    // An empty folder, and one that is not there.
    const empty = join(work, 'empty');
    mkdirSync(empty);
    for (const root of [empty, join(work, 'not-there')]) {
      const run = await smiBench(['doctor', '--corpus-root', root, '--dotenv', none], {
        SMI_TEMPORAL_PORT: '1',
      });
      expect(run.exitCode).toBe(1);
      expect(run.stdout).toMatch(/FAIL\s+corpus\s+.*(no package under|is not a directory)/);
      expect(run.stdout).toContain(
        'fix: point --corpus-root at the folder that holds <prefix>/<rest>/bytecode_modules',
      );
    }

    const manifest = join(work, 'manifest.txt');
    const known = '0x0000000000000000000000000000000000000000000000000000000000000002';
    writeFileSync(manifest, `# ids\n${known}  # the framework\n0xdead\n`);
    const checked = await smiBench(
      ['doctor', '--corpus-root', CORPUS_DIR, '--manifest', manifest, '--dotenv', none],
      { SMI_TEMPORAL_PORT: '1' },
    );
    expect(checked.stdout).toMatch(/ok\s+corpus\s+4 packages/);
    expect(checked.stdout).toMatch(/FAIL\s+manifest\s+1 of 2 ids of .* are not in .*: 0xdead/);
    expect(checked.exitCode).toBe(1);
  });

  it('--manifest without --corpus-root is a usage error', async () => {
    const run = await smiBench(['doctor', '--manifest', 'x.txt'], {});
    expect(run.exitCode).toBe(2);
    expect(String(run.stderr).trim()).toBe(
      'error: --manifest needs --corpus-root (its ids are looked up there)',
    );
  });
});

describe('doctor --json', () => {
  it('lists every check with its status', async () => {
    const run = await smiBench(['doctor', '--json', '--dotenv', join(work, 'none.env')], {
      SMI_TEMPORAL_PORT: '1',
    });
    const parsed = JSON.parse(String(run.stdout)) as {
      ok: boolean;
      checks: { name: string; status: string; message: string }[];
    };
    expect(parsed.checks.map((c) => c.name)).toEqual([
      'Node.js',
      'Temporal CLI',
      'Temporal server',
      'Move compiler',
      'oracle wheel',
      'model',
      'local model',
    ]);
    // this Node is at least package.json's engines.node (20.19.0); below 22 it says why npm ci warned
    const node = parsed.checks.find((c) => c.name === 'Node.js')!;
    expect(node.status).toBe('ok');
    expect(node.message.startsWith(`v${process.versions.node}`)).toBe(true);
    expect(node.message.includes('EBADENGINE')).toBe(Number(process.versions.node.split('.')[0]) < 22);
    expect(parsed.checks.find((c) => c.name === 'Move compiler')).toMatchObject({
      status: 'ok',
      message: "Sui's compiler of mainnet-v1.71.1 (@zktx.io/sui-move-builder@0.5.1)",
    });
    expect(parsed.ok).toBe(run.exitCode === 0);
  });
});
