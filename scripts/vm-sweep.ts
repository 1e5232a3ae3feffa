// Differential sweep of src/vm against the real Sui Move VM (sui-sandbox wheel) over every public
// function of the framework packages whose parameters can be synthesised.
//
//   node dist/scripts/vm-sweep.js --corpus DIR [--packages 0x1,0x2] [--seed N] [--per-function N]
//                                 [--structs] [--replay] [--out FILE]
//
// --structs also synthesises structs, enums and objects field by field (see SynthesisOptions).
// --replay runs each case as a one-command PTB through the wheel's replay instead of a view call,
//          which adds functions taking a TxContext and compares created ids and event counts.
//
// Prints the agreement rate and every disagreement; --out writes them as JSON.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { packageDirFor } from '../src/package-store/layout.js';
import {
  compareCase,
  describeDisagreement,
  generateCases,
  verdict,
  type DifferentialCase,
} from './vm-differential.js';
import { compareCaseByReplay } from './vm-replay-differential.js';
import { Oracle } from './vm-oracle.js';
import { loadMoveVm } from '../src/package-store/package-vm.js';

const { values } = parseArgs({
  options: {
    corpus: { type: 'string' },
    packages: { type: 'string', default: '0x1,0x2' },
    seed: { type: 'string', default: '1' },
    'per-function': { type: 'string', default: '20' },
    out: { type: 'string' },
    structs: { type: 'boolean', default: false },
    replay: { type: 'boolean', default: false },
  },
});
if (!values.corpus) {
  console.error(
    'usage: vm-sweep --corpus DIR [--packages 0x1,0x2] [--seed N] [--per-function N] [--out FILE]',
  );
  process.exit(2);
}

const packages = values.packages.split(',');
const SENDER = '5e'.repeat(32);
/** A distinct, reproducible transaction digest per case. */
const caseDigest = (index: number) =>
  Uint8Array.from({ length: 32 }, (_, i) => (index * 131 + i * 7 + 1) & 0xff);
const vm = await loadMoveVm({ corpusRoot: values.corpus });
const frameworkDirs = ['0x1', '0x2', '0x3'].map((id) => packageDirFor(values.corpus!, id));
const oracle = Oracle.start(frameworkDirs);
try {
  const { cases, excluded } = generateCases(
    vm,
    packages,
    Number(values.seed),
    Number(values['per-function']),
    {
      structs: values.structs,
      txContext: values.replay,
    },
  );
  const started = performance.now();
  const comparisons = [];
  const compare = (testCase: DifferentialCase, index: number) =>
    values.replay
      ? compareCaseByReplay(vm, oracle, testCase, caseDigest(index), SENDER)
      : compareCase(vm, oracle, testCase);
  for (const [index, testCase] of cases.entries()) comparisons.push(await compare(testCase, index));
  const seconds = (performance.now() - started) / 1000;
  const verdicts = comparisons.map((c) => ({ ...c, ...verdict(c) }));
  const count = (v: string) => verdicts.filter((c) => c.verdict === v).length;
  const functions = new Set(cases.map((c) => `${c.package}::${c.module}::${c.function}`));
  const comparable = comparisons.length - count('oracle-deviation');
  console.log(
    `${functions.size} functions, ${cases.length} calls in ${seconds.toFixed(1)} s; ` +
      `${excluded.filter((e) => e.reason !== 'not public').length} public functions excluded (parameters not synthesisable)`,
  );
  console.log(
    `agree ${count('agree')} of ${comparable} comparable calls (${((100 * count('agree')) / Math.max(1, comparable)).toFixed(2)} %); ` +
      `unimplemented natives ${count('unimplemented')}; out of the wheel's budget ${count('budget')}; ` +
      `disagree ${count('disagree')}; ` +
      `oracle deviations from Sui ${count('oracle-deviation')} (not counted)`,
  );
  const reasons = new Map<string, number>();
  for (const v of verdicts) {
    if (v.verdict === 'agree') continue;
    if (v.verdict === 'disagree') console.log('  disagree: ' + describeDisagreement(v));
    else {
      const key = `${v.verdict}: ${v.testCase.module}::${v.testCase.function}: ${v.reason}`;
      reasons.set(key, (reasons.get(key) ?? 0) + 1);
    }
  }
  for (const [reason, n] of reasons) console.log(`  ${n} x ${reason}`);
  if (values.out) {
    const notAgreeing = verdicts.filter((v) => v.verdict !== 'agree');
    writeFileSync(values.out, JSON.stringify({ cases: cases.length, notAgreeing, excluded }, null, 2) + '\n');
  }
} finally {
  await oracle.close();
}
