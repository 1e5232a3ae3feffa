// Speed of the in-process Move VM (src/vm) against the real Sui VM through its Python binding
// (sui-sandbox wheel), on the same calls in the same run: a loop-heavy function (instructions per
// second), and a framework path that creates an object.
//
//   node dist/perf/vm-throughput.js [--corpus DIR] [--calls 200] [--warmup 50]
import { MoveVm, corpusPackageDir } from '../src/vm/index.js';
import { Oracle } from '../scripts/vm-oracle.js';
import { onCleanup, runScript } from './support/cleanup.js';
import { parseOptions } from './support/options.js';
import { resolveCorpus } from './support/project.js';
import { fmt, fmtRatio, median, printTable, startRecord, writeRecord } from './support/report.js';

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

async function main(): Promise<number> {
  const options = parseOptions(process.argv.slice(2), USAGE, { calls: 200, warmup: 50 });
  const corpus = resolveCorpus(options.corpus);
  const record = startRecord('vm-throughput', { corpus, calls: options.calls, warmup: options.warmup });
  const vm = await MoveVm.load({ corpusRoot: corpus });
  const oracle = Oracle.start(['0x1', '0x2', '0x3'].map((id) => corpusPackageDir(corpus, id)));
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
  printTable(
    'Move VM: src/vm vs the real Sui VM through its Python binding (median ms per call)',
    ['workload', 'instructions', 'src/vm ms', 'instr/s', 'oracle ms', 'oracle / src/vm'],
    rows,
  );
  const lines = results.map(
    (r) =>
      `${String(r.workload)}: ${fmt(r.ours_ms as number)} ms (${fmt(r.instructions_per_second as number)} instr/s) vs oracle ${fmt(r.oracle_ms as number)} ms`,
  );
  writeRecord(record, { results }, { lines, pass: null });
  return 0;
}

await runScript(main);
