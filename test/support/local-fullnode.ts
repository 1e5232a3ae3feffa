// A local full node (`src/fullnode`) over ../shared/mainnet with the framework of ../shared/corpus, on a
// free port of 127.0.0.1, for tests of every path that talks to a Sui node.
import { join } from 'node:path';
import type { RequestIntake } from '../../src/fullnode/grpc-web.js';
import { RequestBodies } from '../../src/fullnode/request-bodies.js';
import { startFullnode, type Fullnode, type FullnodeOptions } from '../../src/fullnode/server.js';
import { freePort } from '../../src/temporal/ports.js';
import { spawnSmiBench } from './cli.js';
import { MAINNET_DIR } from './mainnet-roots.js';
import { CORPUS_DIR } from './paths.js';

export const FRAMEWORK_DIR = join(CORPUS_DIR, '0x00');

export function mainnetFullnode(options: Partial<FullnodeOptions> = {}): Promise<Fullnode> {
  return startFullnode({
    corpusRoot: MAINNET_DIR,
    frameworkDir: FRAMEWORK_DIR,
    chain: 'localnet',
    host: '127.0.0.1',
    port: 0,
    maxRequestsPerSecond: null,
    ...options,
  });
}

/** `smi-bench fullnode` as a user runs it, over the same folders, on a free port; `stop` is Ctrl-C. */
export async function fullnodeCommand(
  extraArgs: string[] = [],
  env: Record<string, string> = {},
): Promise<{ url: string; pid: number; stop(): Promise<number | null> }> {
  const port = await freePort();
  const command = spawnSmiBench(
    [
      'fullnode',
      '--corpus-root',
      MAINNET_DIR,
      '--framework-dir',
      FRAMEWORK_DIR,
      '--port',
      String(port),
      ...extraArgs,
    ],
    env,
  );
  await command.waitForStderr('Ctrl-C stops it');
  return {
    url: `http://127.0.0.1:${port}`,
    pid: command.child.pid!,
    stop: () => {
      command.child.kill('SIGINT');
      return command.exited;
    },
  };
}

/** What a stub server built on `answerGrpcWeb` lends its requests: a body of up to 1 MiB, no connection cap. */
export function stubIntake(): RequestIntake {
  const bodies = new RequestBodies(1 << 20, 1 << 20);
  return { readBody: (source, declared) => bodies.read(source, declared), working: (work) => work() };
}
