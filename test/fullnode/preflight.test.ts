// Pre-flight of the chain modes against `smi-bench fullnode`: the node, its chain and what the sender holds
// are said before a run; a dry-run from an address without SUI (0x0, as upstream's default sender) is warned
// about, since every plan would fall back to dev-inspect; a node serving another network is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Fullnode } from '../../src/fullnode/server.js';
import { preflightSimulation } from '../../src/sim/index.js';
import { mainnetFullnode } from '../support/local-fullnode.js';

let node: Fullnode;
beforeAll(async () => {
  node = await mainnetFullnode();
});
afterAll(() => node.close());

const FUNDED = `0x${'1234'.padStart(64, '0')}`;

describe('chain-mode pre-flight over gRPC', () => {
  it('names the node, its chain and the sender’s SUI (8 coins × 1 000 SUI on a local node)', async () => {
    const report = await preflightSimulation({ mode: 'dry-run', rpcUrl: node.url, sender: '0x1234' });
    expect(report.checked).toEqual([
      `the sender ${FUNDED} holds 8000 SUI`,
      expect.stringMatching(
        new RegExp(`^the Sui node at ${node.url} answers gRPC \\(localnet, chain id \\w+, epoch 0\\)$`),
      ),
    ]);
    expect(report.chainId).toMatch(/^\w+$/);
  });

  it('warns of a dry-run from a sender that holds no SUI; dev-inspect needs none', async () => {
    const dryRun = await preflightSimulation({ mode: 'dry-run', rpcUrl: node.url, sender: '0x0' });
    expect(dryRun.checked[0]).toMatch(
      /^warning: the sender 0x0{64} holds no SUI here, so no dry-run can pay for gas/,
    );
    const inspect = await preflightSimulation({ mode: 'dev-inspect', rpcUrl: node.url, sender: '0x0' });
    expect(inspect.checked[0]).toBe(`the sender 0x${'0'.repeat(64)} holds 0 SUI`);
  });

  it('refuses a node that serves another network', async () => {
    await expect(
      preflightSimulation({ mode: 'dry-run', rpcUrl: node.url, network: 'mainnet', sender: '0x1234' }),
    ).rejects.toThrow(/wrong network: the node at .* serves localnet/);
  });
});
