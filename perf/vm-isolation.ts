// What running a VM execution in a VM thread (src/vm-pool/) costs over running it in the calling thread: the
// same executions, warm, both ways in the same run: a Phase II `local` plan (kiosk::default) and a helper's
// entry function (the good shop's open_kiosk, built by Sui's compiler). The difference is the hand-off:
// posting the request, structured-cloning both ways, and the thread's answer.
//
//   node dist/perf/vm-isolation.js [--corpus DIR] [--calls 200] [--warmup 30]
import { buildHelper } from '../src/helper/build.js';
import { HELPER_ENTRYPOINT, runHelperEntrypoint, type HelperRunRequest } from '../src/helper/execute.js';
import { LOCAL_SIMULATION, simulateLocal } from '../src/sim/local.js';
import type { SimulationRequest } from '../src/sim/types.js';
import { packageDirFor } from '../src/package-store/layout.js';
import { VmPool } from '../src/vm-pool/pool.js';
import { onCleanup, runScript } from './support/cleanup.js';
import { GOOD_SHOP, MOVE_TOML } from './support/helper-answers.js';
import { parseOptions } from './support/options.js';
import { assertBuilt, resolveCorpus } from './support/project.js';
import { fmt, fmtRatio, median, printTable, startRecord, writeRecord } from './support/report.js';

const USAGE = `usage: node dist/perf/vm-isolation.js [--corpus DIR] [--calls N] [--warmup N]
  --calls    measured executions per workload and way (default 200)
  --warmup   unmeasured executions first: VMs loaded, V8 warm (default 30)`;

/** Median ms of `run`, after `warmup` unmeasured runs. */
async function timed(run: () => Promise<unknown>, calls: number, warmup: number): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < warmup + calls; i++) {
    const start = performance.now();
    await run();
    if (i >= warmup) times.push(performance.now() - start);
  }
  return median(times);
}

async function helperRequest(corpus: string): Promise<HelperRunRequest> {
  const sui = '0x2';
  const answer = JSON.stringify({ move_toml: MOVE_TOML, files: { 'sources/shop.move': GOOD_SHOP } });
  const build = await buildHelper(answer, { corpusRoot: corpus, frameworkDir: null, packageId: sui });
  if (build.stage !== 'built') throw new Error(`the good shop did not build: ${build.stage}`);
  const packageDir = packageDirFor(corpus, sui);
  return {
    packageDir,
    packageId: sui,
    corpusRoot: corpus,
    frameworkDir: null,
    modules: build.modules,
    entrypoints: [],
  };
}

async function main(): Promise<number> {
  const options = parseOptions(process.argv.slice(2), USAGE, { calls: 200, warmup: 30 });
  assertBuilt();
  const corpus = resolveCorpus(options.corpus);
  const record = startRecord('vm-isolation', { corpus, calls: options.calls, warmup: options.warmup });
  const pool = new VmPool({ size: 1 });
  onCleanup('VM pool', () => pool.close());

  const plan: SimulationRequest = {
    mode: 'local',
    spec: { calls: [{ target: '0x2::kiosk::default', type_args: [], args: [] }] },
    sender: '0x' + 'ab'.repeat(32),
    gasBudget: 10_000_000,
    gasCoin: null,
    rpcUrl: null,
    packageDir: packageDirFor(corpus, '0x2'),
    corpusRoot: corpus,
    requireDryRun: false,
  };
  const helper = await helperRequest(corpus);
  const workloads = [
    {
      label: 'Phase II local plan: kiosk::default',
      inThread: () => simulateLocal(plan),
      inPool: () => pool.run(LOCAL_SIMULATION, plan),
    },
    {
      label: "helper entry function: the good shop's open_kiosk",
      inThread: () => runHelperEntrypoint(helper, 0),
      inPool: () => pool.run(HELPER_ENTRYPOINT, { helper, index: 0 }),
    },
  ];
  const rows: (string | number)[][] = [];
  const results: Record<string, unknown>[] = [];
  for (const w of workloads) {
    const directMs = await timed(w.inThread, options.calls, options.warmup);
    const pooledMs = await timed(w.inPool, options.calls, options.warmup);
    rows.push([w.label, directMs, pooledMs, pooledMs - directMs, fmtRatio(pooledMs / directMs)]);
    results.push({
      workload: w.label,
      direct_ms: directMs,
      pooled_ms: pooledMs,
      handoff_ms: pooledMs - directMs,
    });
  }
  printTable(
    'VM executions in the calling thread vs in a VM thread (median ms per execution, warm)',
    ['workload', 'in-thread ms', 'VM thread ms', 'hand-off ms', 'VM thread / in-thread'],
    rows,
  );
  const lines = results.map(
    (r) =>
      `${String(r.workload)}: ${fmt(r.direct_ms as number)} ms in-thread, ${fmt(r.pooled_ms as number)} ms in a VM thread`,
  );
  writeRecord(record, { results }, { lines, pass: null });
  return 0;
}

await runScript(main);
