// Differential sweep of src/vm against the real Sui Move VM (sui-sandbox wheel) over every public
// function of the framework packages whose parameters can be synthesised.
//
//   node dist/scripts/vm-sweep.js --corpus DIR [--packages 0x1,0x2] [--seed N] [--per-function N] [--out FILE]
//
// Prints the agreement rate and every disagreement; --out writes them as JSON.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { corpusPackageDir, MoveVm } from '../src/vm/index.js';
import { compareCase, describeDisagreement, generateCases } from './vm-differential.js';
import { Oracle } from './vm-oracle.js';

const { values } = parseArgs({
  options: {
    corpus: { type: 'string' },
    packages: { type: 'string', default: '0x1,0x2' },
    seed: { type: 'string', default: '1' },
    'per-function': { type: 'string', default: '20' },
    out: { type: 'string' },
  },
});
if (!values.corpus) {
  console.error(
    'usage: vm-sweep --corpus DIR [--packages 0x1,0x2] [--seed N] [--per-function N] [--out FILE]',
  );
  process.exit(2);
}

const packages = values.packages.split(',');
const vm = await MoveVm.load({ corpusRoot: values.corpus });
const frameworkDirs = ['0x1', '0x2', '0x3'].map((id) => corpusPackageDir(values.corpus!, id));
const oracle = Oracle.start(frameworkDirs);
try {
  const { cases, excluded } = generateCases(
    vm,
    packages,
    Number(values.seed),
    Number(values['per-function']),
  );
  const started = performance.now();
  const comparisons = [];
  for (const testCase of cases) comparisons.push(await compareCase(vm, oracle, testCase));
  const seconds = (performance.now() - started) / 1000;
  const disagreements = comparisons.filter((c) => !c.agree);
  const functions = new Set(cases.map((c) => `${c.package}::${c.module}::${c.function}`));
  console.log(
    `${functions.size} functions, ${cases.length} calls in ${seconds.toFixed(1)} s: ` +
      `${comparisons.length - disagreements.length} agree, ${disagreements.length} disagree ` +
      `(${((100 * (comparisons.length - disagreements.length)) / Math.max(1, comparisons.length)).toFixed(2)} %); ` +
      `${excluded.filter((e) => e.reason !== 'not public').length} public functions excluded`,
  );
  for (const d of disagreements) console.log('  ' + describeDisagreement(d));
  if (values.out) {
    writeFileSync(
      values.out,
      JSON.stringify({ cases: cases.length, disagreements, excluded }, (_k, v: unknown) => v, 2) + '\n',
    );
  }
} finally {
  await oracle.close();
}
