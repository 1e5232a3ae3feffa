// The helper packages of test/sui-compiler/helpers: built by Sui's compiler, published at fresh
// addresses, and run in src/vm and in the real Sui VM (the sui-sandbox wheel, which verifies every
// module on load). View calls compare return values or abort locations; calls of functions that take
// a TxContext and return nothing also run as one-command PTBs on both sides, to compare their effects.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { toBase58 } from '@mysten/sui/utils';
import { fullPackageId } from '../../../src/package-store/layout.js';
import { writePackage } from '../../../src/package-store/write-package.js';
import { rewriteSelfAddress } from '../../../src/move/readdress.js';
import { MoveVm } from '../../../src/vm/index.js';
import { TransactionState } from '../../../src/vm/natives/transaction-state.js';
import { executePtb, type PtbEffects } from '../../../src/vm/ptb.js';
import type { Type } from '../../../src/vm/types.js';
import {
  fromOracle,
  outcomesAgree,
  runOurs,
  type DifferentialCase,
  type Outcome,
} from '../../../scripts/vm-differential.js';
import { parseOutcome, type Oracle, type ReplayOutcome } from '../../../scripts/vm-oracle.js';

export interface HelperCall {
  module: string;
  function: string;
  typeArgs: string[];
  /** BCS of each argument, as hex; a trailing TxContext is not listed. */
  args: string[];
}

export interface Helper {
  /** The directory name, `NN-slug`. */
  name: string;
  dir: string;
  calls: HelperCall[];
}

/** Every helper under `root`, in directory order. */
export function listHelpers(root: string): Helper[] {
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const dir = join(root, name);
      const calls = JSON.parse(readFileSync(join(dir, 'calls.json'), 'utf8')) as HelperCall[];
      return { name, dir, calls };
    });
}

/** A distinct, recognisable address per helper: `0xc0de…` and its index. */
export function helperAddress(index: number): string {
  return fullPackageId('0xc0de' + index.toString(16).padStart(8, '0'));
}

export interface PublishedPackage {
  packageId: string;
  packageDir: string;
  /** Module name → bytes, as the wheel's replay state wants them. */
  modulesBase64: Record<string, string>;
  /**
   * The package as Sui stores it (BCS of its MovePackage: version, type origin and linkage tables), for an
   * upgraded package, whose modules live at its original id; the wheel then loads it from this.
   */
  movePackageBcsBase64?: string;
}

/** Moves the built modules from 0x0 to `packageId` and writes the package under `root`. */
export async function publishPackage(
  root: string,
  packageId: string,
  modules: { name: string; bytes: Uint8Array }[],
): Promise<PublishedPackage> {
  const moved = modules.map((m) => ({ name: m.name, bytes: rewriteSelfAddress(m.bytes, packageId, m.name) }));
  const { package_dir: packageDir } = await writePackage(root, { packageId, modules: moved });
  const modulesBase64 = Object.fromEntries(
    moved.map((m) => [m.name, Buffer.from(m.bytes).toString('base64')]),
  );
  return { packageId: fullPackageId(packageId), packageDir, modulesBase64 };
}

/** A call's outcome in each VM, with a verdict. */
export interface CallComparison {
  call: HelperCall;
  kind: 'view' | 'ptb';
  ours: Outcome;
  sui: Outcome;
  agree: boolean;
}

export function describeComparison(helper: string, c: CallComparison): string {
  const show = (o: Outcome) =>
    o.success
      ? `ok [${o.returnValues.join(', ')}]`
      : `${o.status} code=${o.code ?? '-'} at ${o.module ?? '?'}#${o.functionIndex ?? '?'}@${o.offset ?? '?'} ${o.message?.slice(0, 200) ?? ''}`;
  return `${helper} ${c.kind} ${c.call.module}::${c.call.function}(${c.call.args.join(', ')}): ours ${show(c.ours)}; sui ${show(c.sui)}`;
}

function testCase(packageId: string, call: HelperCall): DifferentialCase {
  return {
    package: packageId,
    module: call.module,
    function: call.function,
    typeArgs: call.typeArgs,
    argsHex: call.args,
  };
}

/**
 * The context the wheel gives a view call's TxContext (sender 0x0, as read back from the real VM by
 * 62-tx-context): epoch 100, epoch start 2024-01-01T00:00:00Z (1_704_067_200_000 ms).
 */
const viewContext = () => new TransactionState({ epoch: 100n, epochTimestampMs: 1_704_067_200_000n });

/** Runs `call` as a view call in both VMs: return bytes, or status, code and location, must match. */
export async function compareView(
  vm: MoveVm,
  oracle: Oracle,
  packageId: string,
  call: HelperCall,
): Promise<CallComparison> {
  const request = testCase(packageId, call);
  const ours = runOurs(vm, request, viewContext());
  const sui = fromOracle(
    await oracle.call({
      package: packageId,
      module: call.module,
      function: call.function,
      type_args: call.typeArgs,
      args_hex: call.args,
    }),
  );
  return { call, kind: 'view', ours, sui, agree: outcomesAgree(ours, sui) };
}

const isTxContext = (type: Type | undefined): boolean =>
  type?.kind === 'ref' &&
  type.to.kind === 'datatype' &&
  type.to.module === 'tx_context' &&
  type.to.name === 'TxContext';

/** Whether a call can run as a PTB whose effects say something: it takes a TxContext and returns nothing. */
export function runsAsPtb(vm: MoveVm, packageId: string, call: HelperCall): boolean {
  const fn = vm.function(packageId, call.module, call.function);
  return fn.returns.length === 0 && isTxContext(fn.params.at(-1));
}

/** Object ids as the wheel prints them: `0x` and no leading zeros. */
const shortId = (digits: string) => '0x' + (digits.replace(/^0+/, '') || '0');

/**
 * The effects both runtimes report alike, as sorted lines in `returnValues`: objects created from the
 * transaction's fresh ids, objects deleted that existed before, and the event count. Two things the
 * wheel reports differently from Sui are left out: it lists no dynamic-field objects (their ids are
 * hashed, not fresh), and its `transferred` list stays empty for transfers made by Move code.
 */
function effectLines(created: string[], deleted: string[], events: number): string[] {
  const tagged = (tag: string, ids: string[]) => [...ids].sort().map((id) => `${tag} ${id}`);
  return [...tagged('created', created), ...tagged('deleted', deleted), `events ${events}`];
}

function ourPtbOutcome(effects: PtbEffects): Outcome {
  if (effects.error) {
    const { status, code, location, message } = effects.error;
    return {
      success: false,
      returnValues: [],
      status,
      message,
      ...(code === undefined ? {} : { code: code.toString() }),
      ...(location
        ? { module: location.module, functionIndex: location.functionIndex, offset: location.offset }
        : {}),
    };
  }
  const fresh = new Set(effects.tx.createdIds);
  const created = effects.created.filter((c) => fresh.has(c.id)).map((c) => shortId(c.id));
  const deleted = effects.deleted.filter((id) => !fresh.has(id)).map(shortId);
  return { success: true, returnValues: effectLines(created, deleted, effects.events.length) };
}

function suiPtbOutcome(replay: ReplayOutcome): Outcome {
  if (replay.success && replay.effects) {
    const { created, deleted, events_count } = replay.effects;
    return { success: true, returnValues: effectLines(created, deleted, events_count) };
  }
  return fromOracle(
    parseOutcome({ success: false, return_values: [], error: replay.error ?? 'no error text' }),
  );
}

/**
 * Failures agree as view calls do. Successes agree when the wheel's lines are all among ours: src/vm's
 * PTB executor still counts a fresh object wrapped into another one as created (the accounting
 * scripts/vm-replay-differential.ts describes), so ours may list more.
 */
function effectsAgree(ours: Outcome, sui: Outcome): boolean {
  if (!ours.success || !sui.success) return outcomesAgree(ours, sui);
  const mine = new Set(ours.returnValues);
  return sui.returnValues.every((line) => mine.has(line));
}

export interface PtbSetting {
  sender: string;
  digest: Uint8Array;
  /** Every non-framework package the call may reach, for the wheel's replay state. */
  packages: PublishedPackage[];
}

/** Runs `call` as a one-command PTB in both runtimes with the same sender and digest. */
export async function comparePtb(
  vm: MoveVm,
  oracle: Oracle,
  packageId: string,
  call: HelperCall,
  setting: PtbSetting,
): Promise<CallComparison> {
  const inputs = call.args.map((h) => ({
    kind: 'Pure' as const,
    bytes: Uint8Array.from(Buffer.from(h, 'hex')),
  }));
  const args = inputs.map((_, index) => ({ kind: 'Input' as const, index }));
  const ours = ourPtbOutcome(
    executePtb(vm, {
      sender: setting.sender,
      digest: setting.digest,
      inputs,
      commands: [
        {
          kind: 'MoveCall',
          package: packageId,
          module: call.module,
          function: call.function,
          typeArgs: call.typeArgs,
          args,
        },
      ],
    }),
  );
  const replay = await oracle.replay({
    transaction: {
      digest: toBase58(setting.digest),
      sender: '0x' + setting.sender,
      gas_budget: 50_000_000_000,
      gas_price: 1000,
      commands: [
        {
          type: 'MoveCall',
          package: packageId,
          module: call.module,
          function: call.function,
          type_arguments: call.typeArgs,
          arguments: args.map((a) => ({ type: 'Input', index: a.index })),
        },
      ],
      inputs: call.args.map((h) => ({ type: 'Pure', bytes: Buffer.from(h, 'hex').toString('base64') })),
      effects: null,
    },
    objects: {},
    packages: Object.fromEntries(
      setting.packages.map((p) => [
        p.packageId,
        p.movePackageBcsBase64
          ? { package_id: p.packageId, bcs_base64: p.movePackageBcsBase64 }
          : { package_id: p.packageId, modules: p.modulesBase64 },
      ]),
    ),
  });
  const sui = suiPtbOutcome(replay);
  return { call, kind: 'ptb', ours, sui, agree: effectsAgree(ours, sui) };
}
