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

describe('starting the Temporal dev server', () => {
  it('starts again when the server lost a race for one of its own random ports', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'smi-devserver-'));
    const binary = flakyBinary(
      dir,
      1,
      'Error: unable to start: listen tcp 127.0.0.1:41234: bind: address already in use',
    );
    const server = await startDevServer({
      binary: binary.path,
      port: await freePort(),
      uiPort: null,
      dbFile: join(dir, 'db.sqlite'),
      logFile: join(dir, 'server.log'),
    });
    try {
      expect(binary.starts()).toBe(2);
    } finally {
      await server.stop();
    }
  });

  it('reports any other early exit with the line the server wrote, and does not retry it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'smi-devserver-'));
    const binary = flakyBinary(dir, 5, 'Error: unable to open database file: permission denied');
    const start = startDevServer({
      binary: binary.path,
      port: await freePort(),
      uiPort: null,
      dbFile: join(dir, 'db.sqlite'),
      logFile: join(dir, 'server.log'),
    });
    await expect(start).rejects.toThrow(
      /exited with code 1 while starting: Error: unable to open database file: permission denied \(see .*server\.log\)/,
    );
    expect(binary.starts()).toBe(1);
  });
});
