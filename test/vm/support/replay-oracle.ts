// The real Sui runtime of the sui-sandbox wheel, for a describe block that compares PTBs through its
// `replay` (which needs no packages up front: each replay state carries its own).
import { afterAll, beforeAll } from 'vitest';
import { Oracle } from '../../../scripts/vm-oracle.js';

/** Starts the oracle before the block's tests and stops it after them; call the result inside a test. */
export function useReplayOracle(): () => Oracle {
  let oracle: Oracle | undefined;
  beforeAll(() => {
    oracle = Oracle.start([]);
  });
  afterAll(async () => {
    await oracle?.close();
  });
  return () => {
    if (!oracle) throw new Error('the replay oracle is only available inside a test');
    return oracle;
  };
}
