// A provider's API key, from SMI_RPC_API_KEY, goes out as `Authorization: Bearer <key>`: a node that asks for
// one (`smi-bench fullnode --require-api-key`) serves the command that has it, and refuses, with a hint, the
// command that does not.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smiBench } from '../support/cli.js';
import { fullnodeCommand } from '../support/local-fullnode.js';
import { mainnetPackages } from '../support/mainnet-roots.js';

const work = mkdtempSync(join(tmpdir(), 'smi-api-key-'));
const KEY = 'test-key-7f3a';
let node: Awaited<ReturnType<typeof fullnodeCommand>>;
beforeAll(async () => {
  node = await fullnodeCommand(['--require-api-key'], { SMI_RPC_API_KEY: KEY });
});
afterAll(() => node.stop());

describe('SMI_RPC_API_KEY', () => {
  it('is sent as a bearer token; without it the node’s refusal says what to set', async () => {
    const id = mainnetPackages()[1]!.id;
    const pull = (env: Record<string, string>, out: string) =>
      smiBench(
        [
          'corpus',
          'pull',
          '--package-id',
          id,
          '--out',
          join(work, out),
          '--rpc-url',
          node.url,
          '--no-progress',
        ],
        env,
      );
    const refused = await pull({}, 'refused');
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toMatch(
      /refused the request \(UNAUTHENTICATED: missing or wrong API key.*set SMI_RPC_API_KEY/,
    );
    const wrong = await pull({ SMI_RPC_API_KEY: 'not-the-key' }, 'wrong');
    expect(wrong.exitCode).toBe(2);
    const served = await pull({ SMI_RPC_API_KEY: KEY }, 'served');
    expect(served.exitCode, String(served.stderr)).toBe(0);
    expect(served.stdout).toMatch(/^corpus pull: 3 packages pulled/);
  });
});
