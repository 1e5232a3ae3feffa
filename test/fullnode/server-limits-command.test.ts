// `smi-bench fullnode` as a user runs it: its limits' defaults are the ones docs/chain.md states, a flood of
// idle connections past the cap (with fewer file descriptors than the flood) does not keep a normal client
// out, and 60 unfinished 14 MiB uploads do not grow the process.
import { readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { SuiGrpcClient } from '@mysten/sui/grpc';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smiBench } from '../support/cli.js';
import { fullnodeCommand } from '../support/local-fullnode.js';
import { PROJECT_ROOT } from '../support/paths.js';

const CAP = 100;
/** All unfinished bodies together: small, so that the bound shows well under the growth without one. */
const BUFFERED = 16 * 2 ** 20;
/** Fewer descriptors than the flood below: a node without a cap runs out of them. */
const OPEN_FILES = 200;
const FLOOD = 300;

let node: Awaited<ReturnType<typeof fullnodeCommand>>;
beforeAll(async () => {
  node = await fullnodeCommand(['--max-connections', String(CAP), '--max-buffered-bytes', String(BUFFERED)]);
  await execa('prlimit', ['--pid', String(node.pid), `--nofile=${OPEN_FILES}:${OPEN_FILES}`]);
});
afterAll(() => node.stop());

const port = () => Number(new URL(node.url).port);

async function served(): Promise<void> {
  const client = new SuiGrpcClient({ network: 'localnet', baseUrl: node.url });
  const { response } = await client.ledgerService.getServiceInfo({});
  expect(response.chain).toBe('localnet');
}

/** The node's resident memory, in bytes. */
function residentBytes(): number {
  const status = readFileSync(`/proc/${node.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
}

describe('smi-bench fullnode limits', () => {
  it('has the defaults docs/chain.md states, in its --help', async () => {
    const page = readFileSync(join(PROJECT_ROOT, 'docs', 'chain.md'), 'utf8');
    const help = String((await smiBench(['fullnode', '--help'])).stdout).replace(/\s+/g, ' ');
    const flags = [
      '--headers-timeout-seconds',
      '--request-timeout-seconds',
      '--idle-timeout-seconds',
      '--max-connections',
      '--max-request-bytes',
      '--max-buffered-bytes',
    ];
    for (const flag of flags) {
      const documented = new RegExp(`^\\| \`${flag} [A-Z]+\` +\\| (\\d+) +\\|`, 'm').exec(page)?.[1];
      expect(documented, `${flag} in docs/chain.md`).toBeDefined();
      expect(help, flag).toMatch(new RegExp(`${flag} <[a-z]+> [^(]*\\(default: ${documented}\\)`));
    }
  });

  it('serves a client while a flood of idle connections goes past the cap', async () => {
    const flood: Socket[] = [];
    let closedByNode = 0;
    await Promise.all(
      Array.from(
        { length: FLOOD },
        () =>
          new Promise<void>((resolve) => {
            const socket = connect(port(), '127.0.0.1');
            flood.push(socket);
            socket.on('error', () => {});
            socket.once('close', () => (closedByNode += 1));
            socket.once('connect', () => resolve());
            socket.once('close', () => resolve());
          }),
      ),
    );
    try {
      await served();
      // Settled: the node keeps at most its cap open.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(closedByNode).toBeGreaterThanOrEqual(FLOOD - CAP);
    } finally {
      for (const socket of flood) socket.destroy();
    }
  });

  it('takes 60 unfinished 14 MiB uploads without growing', async () => {
    const before = residentBytes();
    const body = Buffer.alloc(14 * 1024 * 1024);
    const sockets: Socket[] = [];
    const uploads = Array.from(
      { length: 60 },
      () =>
        new Promise<void>((resolve) => {
          const socket = connect(port(), '127.0.0.1');
          sockets.push(socket);
          socket.on('error', () => {});
          socket.once('close', () => resolve());
          socket.once('connect', () => {
            socket.write(
              'POST /sui.rpc.v2.LedgerService/GetServiceInfo HTTP/1.1\r\nHost: x\r\n' +
                'content-type: application/grpc-web+proto\r\ntransfer-encoding: chunked\r\n\r\n' +
                `${body.length.toString(16)}\r\n`,
            );
            // Written whole (the node read it all) or cut off (the node refused it): either way, done.
            socket.write(body, () => resolve());
          });
          setTimeout(resolve, 20_000);
        }),
    );
    await Promise.all(uploads);
    const grown = residentBytes() - before;
    for (const socket of sockets) socket.destroy();
    // What the node holds, and room for the chunks read and dropped that V8 has not collected yet: a
    // fifth of what the same uploads take from a node without caps (over 800 MiB).
    expect(grown, `grew by ${Math.round(grown / 2 ** 20)} MiB`).toBeLessThan(160 * 2 ** 20);
    await served();
  });
});
