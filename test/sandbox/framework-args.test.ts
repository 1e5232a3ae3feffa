// Tier A over framework functions that take an `Option<u64>` or an `ID`: the argument must be a value of
// that type (`option::none<u64>()`, `object::id_from_address(@0x0)`), not the first public function that
// returns some `Option` (`ascii::try_string`: an `Option<String>`) or an `ID` built from no bytes
// (`object::id_from_bytes` of an empty vector, which always aborts). The transactions then run through the
// real Sui runtime (the sui-sandbox wheel's replay), which must agree.
import { beforeAll, describe, expect, it } from 'vitest';
import { ConstructorMap } from '../../src/sandbox/constructors.js';
import { loadSandboxPackage, type LoadedPackage } from '../../src/sandbox/load-package.js';
import { TierASynthesizer } from '../../src/sandbox/tier-a.js';
import { buildSandboxPtb, runSandboxPtb, type SandboxPtb } from '../../src/sandbox/tier-b.js';
import { SANDBOX_INSTRUCTION_LIMIT } from '../../src/sandbox/benchmark-local.js';
import { canonicalTypeName, type Type } from '../../src/vm/types.js';
import { Oracle } from '../../scripts/vm-oracle.js';
import { replayState } from '../../scripts/vm-replay-ptb.js';
import { useReplayOracle } from '../vm/support/replay-oracle.js';
import { CORPUS_DIR, SHARED_PACKAGE_DIRS } from '../support/paths.js';
import { skipUnlessCi } from '../support/required-in-ci.js';

const full = (digit: string) => `0x${digit.padStart(64, '0')}`;
let framework: LoadedPackage;
beforeAll(async () => {
  framework = await loadSandboxPackage(SHARED_PACKAGE_DIRS[full('2')]!, { corpusRoot: CORPUS_DIR });
});

/** The target's transaction as Tier A and B build it, with the calls it makes as `module::function<T>`. */
function sandboxPtb([address, module, name]: readonly string[]): { ptb: SandboxPtb; calls: string[] } {
  const fn = framework.vm.loader.module(address!.padStart(64, '0'), module!)!.function(name!)!;
  const tierA = new TierASynthesizer(framework.vm.loader, new ConstructorMap(framework.vm.loader)).run(fn);
  if (!tierA.ok) throw new Error(tierA.reason);
  const ptb = buildSandboxPtb(framework.vm, fn, tierA.typeArgs, tierA.args);
  const calls = ptb.commands.flatMap((c) =>
    c.kind === 'MoveCall' ? [`${c.module}::${c.function}<${c.typeArgs.map(typeName).join(', ')}>`] : [],
  );
  return { ptb, calls };
}
const typeName = (t: string | Type) => (typeof t === 'string' ? t : canonicalTypeName(t));

const TARGETS = [
  { target: ['1', 'option', 'destroy_none'], calls: ['option::none<u64>', 'option::destroy_none<u64>'] },
  { target: ['1', 'option', 'is_none'], calls: ['option::none<u64>', 'option::is_none<u64>'] },
  {
    target: ['2', 'object', 'id_to_address'],
    calls: ['object::id_from_address<>', 'object::id_to_address<>'],
  },
] as const;

describe('Tier A builds Option<u64> and ID as values of those types', () => {
  for (const { target, calls } of TARGETS) {
    it(`${target.join('::')}: ${calls[0]}, then the target, which succeeds`, () => {
      const built = sandboxPtb(target);
      expect(built.calls).toEqual(calls);
      const outcome = runSandboxPtb(framework.vm, built.ptb, SANDBOX_INSTRUCTION_LIMIT);
      expect(outcome.success ? null : outcome.error).toBeNull();
    });
  }
});

describe.skipIf(skipUnlessCi(Oracle.available()))('the same transactions in the real Sui runtime', () => {
  const oracle = useReplayOracle();
  const wheelType = (t: string | Type) => typeName(t).replace(/\b([0-9a-f]{64})::/g, '0x$1::');

  for (const { target } of TARGETS) {
    it(`${target.join('::')}: succeeds there too`, async () => {
      const { ptb } = sandboxPtb(target);
      const commands = ptb.commands.map((c) =>
        c.kind === 'MoveCall' ? { ...c, package: `0x${c.package}`, typeArgs: c.typeArgs.map(wheelType) } : c,
      );
      const theirs = await oracle().replay(replayState({ ...ptb, commands }));
      expect(theirs.error).toBeNull();
      expect(theirs.success, JSON.stringify(theirs)).toBe(true);
    });
  }
});
