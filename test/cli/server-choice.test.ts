// Which Temporal server a command uses when TEMPORAL_ADDRESS is not set, on a machine where the port of
// smi-bench's own server is already taken: by a program that is not Temporal, or by a Temporal server that
// was not started for smi-bench. Neither may be used silently (issue 5).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { freePort, isPortOpen } from '../../src/temporal/ports.js';
import { SEARCH_ATTRIBUTES, TASK_QUEUES } from '../../src/temporal/names.js';
import { ownServerPorts, smiBench } from '../support/cli.js';
import { startForeignTemporal, type ForeignTemporal } from './foreign-temporal.js';
import type { Fullnode } from '../../src/fullnode/server.js';
import { mainnetFullnode } from '../support/local-fullnode.js';
import { temporalAddress } from '../support/temporal.js';

const home = mkdtempSync(join(tmpdir(), 'smi-server-choice-'));

describe('the port of smi-bench’s own server is held by a program that is not Temporal', () => {
  let listener: Server;
  const sockets: Socket[] = [];
  let ports: Awaited<ReturnType<typeof ownServerPorts>>;

  beforeAll(async () => {
    ports = await ownServerPorts();
    // Accepts connections and never answers: the worst case for a client that waits for a handshake.
    listener = createServer((socket) => sockets.push(socket));
    await new Promise<void>((res) => listener.listen(Number(ports.SMI_TEMPORAL_PORT), '127.0.0.1', res));
  });
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await new Promise((res) => listener.close(res));
  });

  it('refuses to run, names the port and says how to choose another', async () => {
    const res = await smiBench(
      ['demo', '--no-progress', '--no-local-llm'],
      { ...ports, SMI_HOME: join(home, 'tcp') },
      home,
    );
    expect(res.exitCode, String(res.stderr)).toBe(2);
    const port = ports.SMI_TEMPORAL_PORT;
    expect(res.stderr).toContain(`127.0.0.1:${port} is in use by something that is not a Temporal server`);
    expect(res.stderr).toContain('SMI_TEMPORAL_PORT');
    expect(res.stdout).not.toContain('Phase I finished');
    // No server of ours came up beside it.
    expect(await isPortOpen('127.0.0.1', Number(ports.SMI_TEMPORAL_UI_PORT))).toBe(false);
  });
});

describe('the port of smi-bench’s own server is held by a gRPC server that is not Temporal', () => {
  let node: Fullnode;
  let port: string;

  beforeAll(async () => {
    // A Sui full node answers gRPC (HTTP/2) on its port, and UNIMPLEMENTED to Temporal's methods.
    node = await mainnetFullnode();
    port = new URL(node.url).port;
  });
  afterAll(async () => {
    await node.close();
  });

  it('says that what answers is not Temporal, not that it is a Temporal server smi-bench did not start', async () => {
    const res = await smiBench(['worker'], { SMI_TEMPORAL_PORT: port, SMI_HOME: join(home, 'grpc') }, home);
    expect(res.exitCode, String(res.stderr)).toBe(2);
    expect(res.stderr).toContain(
      `127.0.0.1:${port} answers gRPC but is not a Temporal server (its answer to Temporal's GetSystemInfo is UNIMPLEMENTED)`,
    );
    expect(res.stderr).toContain('SMI_TEMPORAL_PORT=7243');
    expect(res.stderr).not.toContain('not started by smi-bench');
  });
});

describe('smi-bench’s own port holds a Temporal server without the namespace asked for', () => {
  it('names the namespace as what is wrong', async () => {
    const address = temporalAddress();
    const env = {
      SMI_TEMPORAL_PORT: address.split(':')[1]!,
      TEMPORAL_NAMESPACE: 'no-such-namespace',
      SMI_HOME: join(home, 'namespace'),
    };
    const res = await smiBench(['worker'], env, home);
    expect(res.exitCode, String(res.stderr)).toBe(2);
    expect(res.stderr).toContain(`the Temporal server at ${address} has no namespace "no-such-namespace"`);
    expect(res.stderr).not.toContain('not started by smi-bench');
  });
});

describe('the port of smi-bench’s own server is held by a Temporal server not started for smi-bench', () => {
  let foreign: ForeignTemporal;
  let ports: Awaited<ReturnType<typeof ownServerPorts>>;

  beforeAll(async () => {
    ports = await ownServerPorts();
    foreign = await startForeignTemporal(Number(ports.SMI_TEMPORAL_PORT));
  });
  afterAll(async () => {
    await foreign.stop();
  });

  it('refuses to take it over, leaves it untouched, and says how to use it deliberately', async () => {
    const res = await smiBench(
      ['demo', '--no-progress', '--no-local-llm'],
      { ...ports, SMI_HOME: join(home, 'foreign') },
      home,
    );
    expect(res.exitCode, String(res.stderr)).toBe(2);
    expect(res.stderr).toContain(`Temporal server at ${foreign.address} was not started by smi-bench`);
    expect(res.stderr).toContain(`TEMPORAL_ADDRESS=${foreign.address}`);
    expect(res.stderr).toContain('SMI_TEMPORAL_PORT');

    // A worker started without TEMPORAL_ADDRESS refuses it too, instead of polling its queues.
    const worker = await smiBench(['worker'], { ...ports, SMI_HOME: join(home, 'foreign') }, home);
    expect(worker.exitCode, String(worker.stderr)).toBe(2);
    expect(worker.stderr).toContain(`Temporal server at ${foreign.address} was not started by smi-bench`);

    const connection = await Connection.connect({ address: foreign.address });
    try {
      const client = new Client({ connection, namespace: 'default' });
      // no run was started there ...
      const ids: string[] = [];
      for await (const wf of client.workflow.list()) ids.push(wf.workflowId);
      expect(ids).toEqual([]);
      // ... no worker of ours polled its task queues (the server remembers pollers for minutes) ...
      for (const queue of Object.values(TASK_QUEUES)) {
        for (const taskQueueType of [1, 2]) {
          // TASK_QUEUE_TYPE_WORKFLOW, TASK_QUEUE_TYPE_ACTIVITY
          const described = await connection.workflowService.describeTaskQueue({
            namespace: 'default',
            taskQueue: { name: queue },
            taskQueueType,
          });
          expect(described.pollers ?? [], `${queue} (type ${taskQueueType})`).toEqual([]);
        }
      }
      // ... and its search attributes were not changed.
      const attrs = await connection.operatorService.listSearchAttributes({ namespace: 'default' });
      for (const key of Object.values(SEARCH_ATTRIBUTES)) {
        expect(Object.keys(attrs.customAttributes ?? {})).not.toContain(key.name);
      }
    } finally {
      await connection.close();
    }

    // Asked for by name, it is used, and the command says so.
    const deliberate = await smiBench(['status', 'no-such-run', '--log-dir', join(home, 'logs')], {
      TEMPORAL_ADDRESS: foreign.address,
    });
    expect(deliberate.exitCode, String(deliberate.stderr)).toBe(2);
    expect(deliberate.stderr).toContain(
      `Temporal: ${foreign.address} from TEMPORAL_ADDRESS, namespace "default"`,
    );
    expect(deliberate.stderr).toMatch(/no run with id "no-such-run"/);
  });
});

describe('the ports of smi-bench’s own server', () => {
  it('must be valid port numbers', async () => {
    const res = await smiBench(['status', 'some-run', '--log-dir', join(home, 'logs')], {
      SMI_TEMPORAL_PORT: '70000',
      SMI_TEMPORAL_UI_PORT: String(await freePort()),
    });
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toMatch(
      /^error: SMI_TEMPORAL_PORT must be a port number \(1 to 65535\), got "70000"/m,
    );
  });
});
