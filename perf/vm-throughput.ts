// Speed of the in-process Move VM (src/vm) against the real Sui VM through its Python binding
// (sui-sandbox wheel), on the same calls in the same run: a loop-heavy function (instructions per
// second), a framework path that creates an object, and a 3-command PTB (create a coin, split it,
// transfer both) through src/vm/ptb.ts and through the wheel's `replay`.
//
//   node dist/perf/vm-throughput.js [--corpus DIR] [--calls 200] [--warmup 50]
import { MoveVm } from '../src/vm/index.js';
import { packageDirFor } from '../src/package-store/layout.js';
import { Oracle } from '../scripts/vm-oracle.js';
import { replayState } from '../scripts/vm-replay-ptb.js';
import { executePtb, type PtbCommand } from '../src/vm/ptb.js';
import { onCleanup, runScript } from './support/cleanup.js';
import { parseOptions } from './support/options.js';
import { resolveCorpus } from './support/project.js';
import { fmt, fmtRatio, median, printTable, startRecord, writeRecord } from './support/report.js';
import { loadMoveVm } from '../src/package-store/package-vm.js';

const USAGE = `usage: node dist/perf/vm-throughput.js [--corpus DIR] [--calls N] [--warmup N]
  --calls    measured calls per workload and VM (default 200)
  --warmup   unmeasured calls first, so V8 optimises the interpreter (default 50)`;

interface Workload {
  label: string;
  package: string;
  module: string;
  function: string;
  typeArgs: string[];
  args: Uint8Array[];
}

function u64(value: bigint): Uint8Array {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigUint64(0, value, true);
  return out;
}

/** BCS `vector<u64>` 0..n-1 (n < 2^14, so the length is two ULEB bytes at most). */
function u64Vector(n: number): Uint8Array {
  const length = n < 128 ? [n] : [(n & 0x7f) | 0x80, n >> 7];
  const items = Array.from({ length: n }, (_, i) => [...u64(BigInt(i))]).flat();
  return Uint8Array.from([...length, ...items]);
}

const WORKLOADS: Workload[] = [
  {
    label: 'vector::reverse<u64>, 2000 elements (loop)',
    package: '0x1',
    module: 'vector',
    function: 'reverse',
    typeArgs: ['u64'],
    args: [u64Vector(2000)],
  },
  {
    label: 'u64::to_string(u64::MAX) (loop)',
    package: '0x1',
    module: 'u64',
    function: 'to_string',
    typeArgs: [],
    args: [u64(2n ** 64n - 1n)],
  },
  {
    label: 'coin::zero<SUI> (creates an object)',
    package: '0x2',
    module: 'coin',
    function: 'zero',
    typeArgs: ['0x2::sui::SUI'],
    args: [],
  },
];

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

const SENDER = 'ab'.repeat(32);
/** Create, use, transfer: coin::zero<SUI>, SplitCoins of 0 from it, both coins to the sender. */
const PTB_COMMANDS: PtbCommand[] = [
  {
    kind: 'MoveCall',
    package: '0x2',
    module: 'coin',
    function: 'zero',
    typeArgs: ['0x2::sui::SUI'],
    args: [],
  },
  { kind: 'SplitCoins', coin: { kind: 'Result', index: 0 }, amounts: [{ kind: 'Input', index: 1 }] },
  {
    kind: 'TransferObjects',
    objects: [
      { kind: 'Result', index: 0 },
      { kind: 'NestedResult', index: 1, resultIndex: 0 },
    ],
    address: { kind: 'Input', index: 0 },
  },
];

/** Median ms of the 3-command PTB here and in the wheel's replay, each run with its own digest. */
async function measurePtb(vm: MoveVm, oracle: Oracle, calls: number, warmup: number) {
  const ptb = (i: number) => ({
    sender: SENDER,
    digest: Uint8Array.from({ length: 32 }, (_, k) => (i * 31 + k) & 0xff),
    inputs: [
      { kind: 'Pure' as const, bytes: Uint8Array.from(Buffer.from(SENDER, 'hex')) },
      { kind: 'Pure' as const, bytes: u64(0n) },
    ],
    commands: PTB_COMMANDS,
  });
  const ours: number[] = [];
  for (let i = 0; i < warmup + calls; i++) {
    const request = ptb(i);
    const start = performance.now();
    const effects = executePtb(vm, request);
    const ms = performance.now() - start;
    if (!effects.success) throw new Error(`the PTB failed in src/vm: ${effects.error?.message}`);
    if (i >= warmup) ours.push(ms);
  }
  const theirs: number[] = [];
  for (let i = 0; i < Math.max(5, Math.floor(calls / 4)); i++) {
    const state = replayState(ptb(i));
    const start = performance.now();
    const outcome = await oracle.replay(state);
    theirs.push(performance.now() - start);
    if (!outcome.success) throw new Error(`the PTB failed in the wheel's replay: ${outcome.error}`);
  }
  return { oursMs: median(ours), theirsMs: median(theirs) };
}

async function main(): Promise<number> {
  const options = parseOptions(process.argv.slice(2), USAGE, { calls: 200, warmup: 50 });
  const corpus = resolveCorpus(options.corpus);
  const record = startRecord('vm-throughput', { corpus, calls: options.calls, warmup: options.warmup });
  const vm = await loadMoveVm({ corpusRoot: corpus });
  const oracle = Oracle.start(['0x1', '0x2', '0x3'].map((id) => packageDirFor(corpus, id)));
  onCleanup('oracle', () => oracle.close());

  const rows: (string | number)[][] = [];
  const results: Record<string, unknown>[] = [];
  for (const w of WORKLOADS) {
    const request = {
      package: w.package,
      module: w.module,
      function: w.function,
      typeArgs: w.typeArgs,
      args: w.args,
    };
    const oracleRequest = {
      package: w.package,
      module: w.module,
      function: w.function,
      type_args: w.typeArgs,
      args_hex: w.args.map(hex),
    };
    let instructions = 0;
    const ours: number[] = [];
    const theirs: number[] = [];
    for (let i = 0; i < options.warmup + options.calls; i++) {
      const start = performance.now();
      const result = vm.callFunction(request);
      const ms = performance.now() - start;
      if (!result.success) throw new Error(`${w.label} failed in src/vm: ${result.error.message}`);
      instructions = result.instructions;
      if (i >= options.warmup) ours.push(ms);
    }
    for (let i = 0; i < Math.max(5, Math.floor(options.calls / 4)); i++) {
      const start = performance.now();
      const outcome = await oracle.call(oracleRequest);
      theirs.push(performance.now() - start);
      if (!outcome.success) throw new Error(`${w.label} failed in the oracle: ${outcome.error}`);
    }
    const oursMs = median(ours);
    const theirsMs = median(theirs);
    const instructionsPerSecond = oursMs > 0 ? instructions / (oursMs / 1000) : Infinity;
    rows.push([w.label, instructions, oursMs, instructionsPerSecond, theirsMs, fmtRatio(theirsMs / oursMs)]);
    results.push({
      workload: w.label,
      instructions,
      ours_ms: oursMs,
      oracle_ms: theirsMs,
      instructions_per_second: instructionsPerSecond,
    });
  }
  const ptb = await measurePtb(vm, oracle, options.calls, options.warmup);
  const ptbLabel = '3-command PTB: coin::zero, SplitCoins, TransferObjects';
  rows.push([ptbLabel, '', ptb.oursMs, '', ptb.theirsMs, fmtRatio(ptb.theirsMs / ptb.oursMs)]);
  results.push({ workload: ptbLabel, ours_ms: ptb.oursMs, oracle_ms: ptb.theirsMs, target_ms: 2 });
  printTable(
    'Move VM: src/vm vs the real Sui VM through its Python binding (median ms per call)',
    ['workload', 'instructions', 'src/vm ms', 'instr/s', 'oracle ms', 'oracle / src/vm'],
    rows,
  );
  const lines = results.map(
    (r) =>
      `${String(r.workload)}: ${fmt(r.ours_ms as number)} ms` +
      (r.instructions_per_second === undefined
        ? ''
        : ` (${fmt(r.instructions_per_second as number)} instr/s)`) +
      ` vs oracle ${fmt(r.oracle_ms as number)} ms`,
  );
  writeRecord(record, { results }, { lines, pass: ptb.oursMs < 2 });
  return 0;
}

await runScript(main);
