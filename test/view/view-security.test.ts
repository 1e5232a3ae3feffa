// What `smi-bench view` refuses: paths that lead out of the log dir (sent raw, as an attacker would, not
// normalized by a client), names that are not run ids or whose run directory is a link elsewhere, requests
// addressed to another host name (DNS rebinding), other loopback addresses unless asked to listen there,
// and bad flags. A real Phase I run gives the log dir one run to serve, so a refusal is not just a server
// that serves nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { freePort } from '../../src/temporal/ports.js';
import { smiBench, spawnWorker, stopProcess } from '../support/cli.js';
import { TEST_NAMESPACES } from '../support/namespaces.js';
import { CORPUS_DIR } from '../support/paths.js';
import { temporalAddress } from '../support/temporal.js';
import { rawGet, startViewProcess, type RunningViewProcess } from './view-process.js';

const work = mkdtempSync(join(tmpdir(), 'smi-view-security-'));
const logDir = join(work, 'logs');
/** Beside the log dir: what a path escaping it would reach. */
const SECRET = 'secret-beside-the-log-dir-7f3a';
/** The view never talks to Temporal here: its local port is one nothing listens on. */
let viewEnv: Record<string, string>;
let worker: ChildProcess;
let view: RunningViewProcess;

beforeAll(async () => {
  const env = { TEMPORAL_ADDRESS: temporalAddress(), TEMPORAL_NAMESPACE: TEST_NAMESPACES.viewSecurity };
  worker = spawnWorker(env);
  const run = await smiBench(
    [
      'phase1',
      ...['--corpus-root', CORPUS_DIR, '--samples', '0', '--agent', 'mock-perfect'],
      ...['--run-id', 'p1', '--log-dir', logDir, '--no-progress'],
    ],
    env,
  );
  expect(run.exitCode, String(run.stderr)).toBe(0);
  writeFileSync(join(work, 'secret.txt'), SECRET);
  // A real run directory outside the log dir, linked into it under a run id.
  mkdirSync(join(work, 'elsewhere'));
  cpSync(join(logDir, 'p1'), join(work, 'elsewhere', 'p1-copy'), { recursive: true });
  symlinkSync(join(work, 'elsewhere', 'p1-copy'), join(logDir, 'linked-run'));
  viewEnv = { SMI_TEMPORAL_PORT: String(await freePort()), SMI_HOME: join(work, 'home') };
  view = await startViewProcess(['--log-dir', logDir], viewEnv);
});
afterAll(async () => {
  await view?.stop();
  await stopProcess(worker);
});

const get = (path: string, hostHeader?: string | null) => rawGet('127.0.0.1', view.port, path, hostHeader);

describe('smi-bench view refuses what is not its own', () => {
  it('serves the run of its log dir', async () => {
    expect(view.url.hostname).toBe('127.0.0.1');
    const res = await get('/runs/p1');
    expect(res.status).toBe(200);
    expect((await get('/')).body).toContain('href="/runs/p1"');
  });

  it.each([
    '/runs/../../etc/passwd',
    '/runs/../secret.txt',
    '/runs/..%2f..%2fetc%2fpasswd',
    '/runs/..%2Fsecret.txt',
    '/runs/%2e%2e/%2e%2e/etc/passwd',
    '/runs/%2e%2e%2fsecret.txt',
    '/runs/%2E%2E',
    '/runs/.%2e/secret.txt',
    '/runs/%252e%252e%252fsecret.txt',
    '/runs/%25252e%25252e%25252fsecret.txt',
    '/runs/..\\..\\etc\\passwd',
    '/runs/..%5csecret.txt',
    '/runs/..%255csecret.txt',
    '/sets/..%2f..%2fetc%2fpasswd',
    '/runs/p1/packages/..%2f..%2f..%2fsecret.txt',
    '/../../etc/passwd',
    // a file of the view's working directory (the project root), which compare would take as a result
    '/runs/package.json',
    '/runs/linked-run',
    '/runs/.hidden',
  ])('GET %s is refused and reads nothing outside', async (path) => {
    const res = await get(path);
    expect([400, 404]).toContain(res.status);
    expect(res.body).not.toContain(SECRET);
    expect(res.body).not.toContain('root:');
    expect(res.body).not.toContain('"name": "smi-bench"');
  });

  it('refuses requests addressed to another host name (DNS rebinding)', async () => {
    for (const host of ['evil.example', 'evil.example:80', `127.0.0.1.evil.example:${view.port}`]) {
      const res = await get('/', host);
      expect(res.status, host).toBe(403);
      expect(res.body).not.toContain('/runs/p1');
    }
    // No Host header at all: refused before any route (HTTP/1.1 requires one).
    const bare = await get('/', null);
    expect(bare.status).toBe(400);
    expect(bare.body).not.toContain('/runs/p1');
    for (const host of [`localhost:${view.port}`, `127.0.0.1:${view.port}`, '[::1]', 'LOCALHOST'])
      expect((await get('/', host)).status, host).toBe(200);
  });

  it('sends its pages with a policy that allows no script', async () => {
    const csp = String((await get('/')).headers['content-security-policy']);
    expect(csp).toContain("script-src 'none'");
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('unsafe-inline');
  });

  it('does not answer on another loopback address by default; does with --host 0.0.0.0', async () => {
    await expect(rawGet('127.0.0.2', view.port, '/')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    const open = await startViewProcess(['--log-dir', logDir, '--host', '0.0.0.0'], viewEnv);
    try {
      expect(open.stderr()).toContain('not only on loopback');
      const res = await rawGet('127.0.0.2', open.port, '/');
      expect(res.status).toBe(200);
      expect(res.body).toContain('href="/runs/p1"');
    } finally {
      await open.stop();
    }
  });
});

describe('smi-bench view: bad flags', () => {
  const view = (...args: string[]) => smiBench(['view', ...args], viewEnv);

  it.each([
    [['--port', 'abc'], '--port must be a port number from 0 (any free port) to 65535, got "abc"'],
    [['--port', '65536'], '--port must be a port number from 0 (any free port) to 65535, got "65536"'],
    [['--port', '-1'], '--port must be a port number'],
    [['--log-dir', join(work, 'missing')], `no log directory ${join(work, 'missing')}`],
  ])('%j: one line, exit 2', async (args, message) => {
    const res = await view(...args);
    expect(res.exitCode).toBe(2);
    expect(String(res.stderr)).toContain(`error: ${message}`);
    expect(String(res.stderr).trim().split('\n')).toHaveLength(1);
  });

  it('a port in use: one line, exit 2', async () => {
    const taken: Server = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as { port: number }).port;
    try {
      const res = await view('--log-dir', logDir, '--port', String(port));
      expect(res.exitCode).toBe(2);
      expect(String(res.stderr).trim()).toBe(
        `error: port ${port} on 127.0.0.1 is in use; choose another with --port (0: any free port)`,
      );
    } finally {
      taken.close();
    }
  });
});
