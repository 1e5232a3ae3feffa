// The sandbox's Tier B outcome per package, framework packages included: `smi-bench sandbox` skips 0x1, 0x2
// and 0x3 (upstream's target rule), so this runs the sandbox's own per-function benchmark (Tier A, then the
// Tier B transaction in the local VM) over every public or entry function of each package given, and counts
// where each ended, with the natives that stopped Tier B. In process, no Temporal.
//
//   node dist/perf/sandbox-tier-b.js [--corpus DIR] PACKAGE_ID...
import { resolve } from 'node:path';
import { packageBenchmark } from '../src/sandbox/benchmark-local.js';
import { loadSandboxPackage } from '../src/sandbox/load-package.js';
import { outcomeOf } from '../src/sandbox/row.js';
import { packageDirFor } from '../src/package-store/layout.js';

const args = process.argv.slice(2);
const corpusAt = args.indexOf('--corpus');
const corpusRoot = resolve(corpusAt >= 0 ? args[corpusAt + 1]! : '../shared/corpus');
const ids = corpusAt >= 0 ? [...args.slice(0, corpusAt), ...args.slice(corpusAt + 2)] : args;
if (ids.length === 0) throw new Error('usage: node dist/perf/sandbox-tier-b.js [--corpus DIR] PACKAGE_ID...');

for (const id of ids) {
  const loaded = await loadSandboxPackage(packageDirFor(corpusRoot, id), { corpusRoot });
  const bench = packageBenchmark(loaded.vm, loaded.modules);
  const functions = loaded.modules.flatMap((m) =>
    m.json.function_defs.map((_, i) => m.functionAt(i)).filter((f) => f.visibility === 'Public' || f.isEntry),
  );
  const outcomes = new Map<string, number>();
  const natives = new Map<string, number>();
  for (const fn of functions) {
    const row = bench.run(fn);
    const outcome = outcomeOf(row);
    outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
    const native = /UNIMPLEMENTED_NATIVE.*?(0x\w+::\w+::\w+)/.exec(row.tier_b_details?.error ?? '')?.[1];
    if (native) natives.set(native, (natives.get(native) ?? 0) + 1);
  }
  const hits = outcomes.get('tier_b_hit') ?? 0;
  console.log(
    `${id}: ${functions.length} functions, tier_b_hit ${hits} (${((100 * hits) / functions.length).toFixed(1)} %); ` +
      [...outcomes]
        .sort()
        .map(([o, n]) => `${o} ${n}`)
        .join(', '),
  );
  if (natives.size > 0)
    console.log(
      `  unimplemented natives: ${[...natives]
        .sort((a, b) => b[1] - a[1])
        .map(([n, c]) => `${n} ${c}`)
        .join(', ')}`,
    );
}
