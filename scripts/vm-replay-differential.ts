// Differential testing through PTBs: each case runs as a one-command PTB in the real Sui runtime
// (the wheel's `replay`, on a hand-written state with a digest we choose) and as a call in src/vm
// with the same digest and sender. Replay reports effects rather than return values, so success,
// failures by status, code and location, the event count and fresh object ids are compared. This
// reaches functions taking a TxContext, whose object ids depend on the digest.
//
// Which fresh ids end up as `created` objects depends on where the values go at the end of the PTB
// (a bare UID or a wrapped object is not an object of its own), which is the PTB executor's
// accounting, not built yet; and the wheel also lists objects that arrived as pure bytes. So the
// check here is that every id the wheel created from the digest is one our `fresh_id` derived.
import { toBase58 } from '@mysten/sui/utils';
import { TransactionState, type MoveVm } from '../src/vm/index.js';
import { deriveObjectId } from '../src/vm/natives/sui-ids.js';
import {
  fromOracle,
  outcomesAgree,
  runOurs,
  type CaseComparison,
  type DifferentialCase,
  type Outcome,
} from './vm-differential.js';
import { parseOutcome, type Oracle } from './vm-oracle.js';

/** Object ids as the wheel prints them: `0x` and no leading zeros. */
const shortId = (digits: string) => '0x' + (digits.replace(/^0+/, '') || '0');

/** Fresh ids (sorted) and the event count, in the `returnValues` slot so reports can show them. */
function effectsSummary(freshIds: string[], events: number): string[] {
  return [...[...freshIds].sort(), `events:${events}`];
}

/** Ids the first `count` objects of a transaction with this digest get. */
function digestIds(digest: Uint8Array, count: number): string[] {
  return Array.from({ length: count }, (_, i) => shortId(deriveObjectId(digest, BigInt(i))));
}

/** More objects than any single framework call creates. */
const MAX_FRESH_IDS = 256;

function runOursAsPtb(vm: MoveVm, testCase: DifferentialCase, digest: Uint8Array, sender: string): Outcome {
  const tx = new TransactionState({ digest, sender });
  return runOurs(vm, testCase, tx, () => {
    // Like transaction effects: an object created and deleted in the same transaction is neither.
    const deleted = new Set(tx.deletedIds);
    const kept = digestIds(digest, Number(tx.idsCreated)).filter(
      (id) => !deleted.has(id.slice(2).padStart(64, '0')),
    );
    return effectsSummary(kept, tx.events.length);
  });
}

/** The wheel's outcome; on success, the ids in its `created` list that derive from the digest. */
async function runOracleAsPtb(
  oracle: Oracle,
  testCase: DifferentialCase,
  digest: Uint8Array,
  sender: string,
  packages: Record<string, unknown>,
): Promise<Outcome> {
  const replay = await oracle.replay({
    transaction: {
      digest: toBase58(digest),
      sender: '0x' + sender,
      gas_budget: 50_000_000_000,
      gas_price: 1000,
      commands: [
        {
          type: 'MoveCall',
          package: testCase.package,
          module: testCase.module,
          function: testCase.function,
          type_arguments: testCase.typeArgs,
          arguments: testCase.argsHex.map((_, index) => ({ type: 'Input', index })),
        },
      ],
      inputs: testCase.argsHex.map((h) => ({
        type: 'Pure',
        bytes: Buffer.from(h, 'hex').toString('base64'),
      })),
      effects: null,
    },
    objects: {},
    packages,
  });
  if (replay.success && replay.effects) {
    const created = new Set(replay.effects.created);
    const fresh = digestIds(digest, MAX_FRESH_IDS).filter((id) => created.has(id));
    return { success: true, returnValues: effectsSummary(fresh, replay.effects.events_count) };
  }
  return fromOracle(
    parseOutcome({ success: false, return_values: [], error: replay.error ?? 'no error text' }),
  );
}

/**
 * Runs one case as a PTB on both sides; `digest` and `sender` (64 hex digits) are shared. `packages`
 * are the replay state's non-framework packages (`{ [id]: { package_id, modules } }`).
 */
export async function compareCaseByReplay(
  vm: MoveVm,
  oracle: Oracle,
  testCase: DifferentialCase,
  digest: Uint8Array,
  sender: string,
  packages: Record<string, unknown> = {},
): Promise<CaseComparison> {
  const ours = runOursAsPtb(vm, testCase, digest, sender);
  const theirs = await runOracleAsPtb(oracle, testCase, digest, sender, packages);
  return { testCase, ours, oracle: theirs, agree: effectsAgree(ours, theirs) };
}

/**
 * Failures compare as in view calls. Successes agree when the event counts match and every id the
 * wheel created from the digest is one of ours (ours may hold more: see the file comment).
 */
function effectsAgree(ours: Outcome, theirs: Outcome): boolean {
  if (!ours.success || !theirs.success) return outcomesAgree(ours, theirs);
  const events = (o: Outcome) => o.returnValues[o.returnValues.length - 1];
  const ourIds = new Set(ours.returnValues);
  return (
    events(ours) === events(theirs) &&
    theirs.returnValues.filter((v) => v.startsWith('0x')).every((id) => ourIds.has(id))
  );
}
