// Phase II's sender when none is given. Upstream falls back to 0x0 and then leaves out the `addr_sender`
// variant (spec §8.3, §29.5); offline smi-bench falls back to a non-zero address, so the variant is tried.
import { describe, expect, it } from 'vitest';
import {
  defaultSender,
  NO_SENDER,
  OFFLINE_SENDER,
  resolveSender,
} from '../../../src/benchmarks/phase2/workflow/sender.js';
import { ptbVariants } from '../../../src/benchmarks/phase2/workflow/variants.js';
import { SIMULATION_MODES } from '../../../src/contracts/simulation.js';
import { PHASE2_DEFAULT_OPTIONS } from '../../../src/benchmarks/phase2/index.js';

// a plan with an address argument and an integer one, e.g. a baseline candidate `mint(amount, recipient)`
const plan = {
  calls: [
    {
      target: '0x2::m::mint',
      type_args: [],
      args: [{ u64: 1 }, { address: '0x0000000000000000000000000000000000000000000000000000000000001111' }],
    },
  ],
};
const names = (sender: string) => ptbVariants(plan, sender, 4).map((v) => v.name);

describe('the default sender', () => {
  it('is a full non-zero address offline and upstream’s 0x0 on a chain', () => {
    expect(OFFLINE_SENDER).toMatch(/^0x[0-9a-f]{64}$/);
    expect(BigInt(OFFLINE_SENDER)).not.toBe(0n);
    expect(Object.fromEntries(SIMULATION_MODES.map((m) => [m, defaultSender(m)]))).toEqual({
      'build-only': OFFLINE_SENDER,
      local: OFFLINE_SENDER,
      'dry-run': NO_SENDER,
      'dev-inspect': NO_SENDER,
      external: NO_SENDER,
    });
    expect(PHASE2_DEFAULT_OPTIONS.sender).toBe(defaultSender(PHASE2_DEFAULT_OPTIONS.simulationMode));
  });

  it('comes after the flag and SMI_SENDER of the dotenv file, as upstream’s 0x0 did', () => {
    expect(resolveSender('0xabc', '0xdef', 'local')).toBe('0xabc');
    expect(resolveSender(undefined, '0xdef', 'local')).toBe('0xdef');
    expect(resolveSender(undefined, undefined, 'local')).toBe(OFFLINE_SENDER);
    expect(resolveSender(undefined, undefined, 'dry-run')).toBe('0x0');
    // a sender given as 0x0 is kept: that is asking for upstream's behaviour
    expect(resolveSender('0x0', undefined, 'local')).toBe('0x0');
  });

  it('gives the plan its addr_sender variant, which upstream’s 0x0 leaves out', () => {
    expect(names(defaultSender('build-only'))).toEqual(['base', 'addr_sender', 'ints_0', 'ints_2']);
    expect(names(defaultSender('local'))).toEqual(['base', 'addr_sender', 'ints_0', 'ints_2']);
    expect(names(NO_SENDER)).toEqual(['base', 'ints_0', 'ints_2', 'ints_10']);
    const rewritten = ptbVariants(plan, OFFLINE_SENDER, 4)[1]!.spec as typeof plan;
    expect(rewritten.calls[0]!.args).toEqual([{ u64: 1 }, { address: OFFLINE_SENDER }]);
  });
});
