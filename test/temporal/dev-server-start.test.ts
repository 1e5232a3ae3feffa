import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findTemporalBinary, startDevServer } from '../../src/temporal/dev-server.js';
import { freePort } from '../../src/temporal/ports.js';

// The real CLI, behind a script that first fails the way a lost port race does (the dev server's own
// message), counting its starts: the start is tried again and the real server comes up.
function flakyBinary(dir: string, failures: number, message: string): { path: string; starts: () => number } {
  const counter = join(dir, 'starts');
  writeFileSync(counter, '');
  const path = join(dir, 'temporal');
  writeFileSync(
    path,
    [
      '#!/bin/sh',
      `echo x >> '${counter}'`,
      `if [ "$(wc -l < '${counter}')" -le ${failures} ]; then echo '${message}'; exit 1; fi`,
      `exec '${findTemporalBinary()}' "$@"`,
    ].join('\n'),
  );
  chmodSync(path, 0o755);
  return { path, starts: () => readFileSync(counter, 'utf8').trim().split('\n').length };
}

/** Starts a server through a binary that fails its first `failures` starts with `message`. */
async function startFlaky(failures: number, message: string) {
  const dir = mkdtempSync(join(tmpdir(), 'smi-devserver-'));
  const binary = flakyBinary(dir, failures, message);
  const start = startDevServer({
    binary: binary.path,
    port: await freePort(),
    uiPort: null,
    dbFile: join(dir, 'db.sqlite'),
    logFile: join(dir, 'server.log'),
  });
  // Observed by each test; the rejection is not left unhandled while the test waits for it.
  start.catch(() => undefined);
  return { start, starts: binary.starts };
}

/** The server came up after exactly two starts (one lost race). */
async function expectSecondStartServes(message: string): Promise<void> {
  const { start, starts } = await startFlaky(1, message);
  const server = await start;
  try {
    expect(starts()).toBe(2);
  } finally {
    await server.stop();
  }
}

describe('starting the Temporal dev server', () => {
  it('starts again when the server lost a race for one of its own random ports', async () => {
    await expectSecondStartServes(
      'Error: unable to start: listen tcp 127.0.0.1:41234: bind: address already in use',
    );
  });

  it('finds the lost bind deep inside the long error chain the real server writes', async () => {
    // The shape of a real failure: the dev server reports a taken HTTP API port inside a
    // dependency-injection chain, over 1,000 characters after the line starts.
    const chain = Array.from(
      { length: 12 },
      (_, i) => `could not build arguments for function "go.temporal.io/server/step${i}".Provider`,
    ).join(': ');
    const message = `Error: failed starting server: ${chain}: listening for HTTP API on 127.0.0.1:41915: listen tcp 127.0.0.1:41915: bind: address already in use`;
    expect(message.indexOf('address already in use')).toBeGreaterThan(1000);
    await expectSecondStartServes(message);
  });

  it('names the lost bind itself when the port stays taken', async () => {
    const long = `Error: failed starting server: ${'x'.repeat(900)}: listen tcp 127.0.0.1:41915: bind: address already in use`;
    const { start, starts } = await startFlaky(10, long);
    await expect(start).rejects.toThrow(
      /while starting: listen tcp 127\.0\.0\.1:41915: bind: address already in use \(see /,
    );
    expect(starts()).toBe(4);
  });

  it('reports any other early exit with the line the server wrote, and does not retry it', async () => {
    const { start, starts } = await startFlaky(5, 'Error: unable to open database file: permission denied');
    await expect(start).rejects.toThrow(
      /exited with code 1 while starting: Error: unable to open database file: permission denied \(see .*server\.log\)/,
    );
    expect(starts()).toBe(1);
  });
});
