// Stubs and stub selection against Sui's real framework: every program is built twice by the same Sui
// compiler, once as the product builds it (buildWithSui: stubs generated from ../shared/corpus's bytecode,
// cut down to the modules its sources reach) and once against the Move sources of exactly that bytecode
// (../shared/sui-framework-src). Verdicts must be equal, and so must every error's code, file and line
// (warnings too when both build). The programs: every helper fixture of the project, the mistake and
// rejection programs, and generated probes (method-probes.ts) that call each framework method on a value
// whose defining module they never name. The stub side runs the generator and the selection of this
// checkout, so a change to either that changes a verdict fails here.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildWithSui } from '../../src/sui-compiler/build.js';
import { buildDependencies } from '../../src/sui-compiler/dependencies.js';
import { readMovePackage } from '../../src/sui-compiler/package-dir.js';
import type { DependencySource } from '../../src/contracts/sui-build.js';
import { readFrameworkOnce } from '../../src/package-store/package-dir.js';
import { CORPUS_DIR, PROJECT_ROOT } from '../support/paths.js';
import { withRealFramework } from '../support/real-framework.js';
import { methodProbes, type ProbeProgram } from './method-probes.js';
import { OracleBatches, verdictOf, type Comparison, type Program, type Verdict } from './oracle-builds.js';

/** Every program gets the target the helper fixtures are written for, wrapper_coin, with its stubs. */
const SOURCE: DependencySource = {
  corpusRoot: CORPUS_DIR,
  targetId: '0x358e10b333ce6563f40fdf46f95d020aa6f8e221d4299a2d9b2592968a7da467',
};
const SINGLE_FILE_TOML = '[package]\nname = "helper"\nedition = "2024"\n\n[addresses]\nhelper = "0x0"\n';
const PROBES_TOML = '[package]\nname = "probes"\nedition = "2024"\n\n[addresses]\nprobes = "0x0"\n';
const TEST_DIR = join(PROJECT_ROOT, 'test');

const packageDirs = (root: string) =>
  readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => join(root, entry.name))
    .sort();

async function packageProgram(dir: string): Promise<Program> {
  const pkg = await readMovePackage(dir);
  return { id: dir.slice(TEST_DIR.length + 1), moveToml: pkg.moveToml, files: pkg.files };
}

/** The project's Move programs under test/: helper packages, mistake packages, one-file rejections. */
async function fixturePrograms(): Promise<Program[]> {
  const dirs = [
    ...packageDirs(join(TEST_DIR, 'sui-compiler', 'helpers')),
    ...packageDirs(join(TEST_DIR, 'sui-compiler', 'fixtures', 'mistakes')),
    ...packageDirs(join(TEST_DIR, 'helper', 'fixtures')),
  ];
  const rejections = join(TEST_DIR, 'sui-compiler', 'rejections');
  const oneFile = readdirSync(rejections)
    .filter((name) => name.endsWith('.move'))
    .sort()
    .map((name) => ({
      id: `sui-compiler/rejections/${name}`,
      moveToml: SINGLE_FILE_TOML,
      files: [{ path: `sources/${name}`, text: readFileSync(join(rejections, name), 'utf8') }],
    }));
  return [...(await Promise.all(dirs.map(packageProgram))), ...oneFile];
}

const probeProgram = (probe: ProbeProgram): Program => ({
  id: `${probe.path} (methods of ${probe.definingModule})`,
  moveToml: PROBES_TOML,
  files: [{ path: probe.path, text: probe.text }],
});

async function productVerdict(program: Program): Promise<Verdict> {
  const result = await buildWithSui({
    moveToml: program.moveToml,
    files: program.files,
    dependencies: SOURCE,
  });
  return verdictOf(result, new Set(program.files.map((f) => f.path)));
}

const percent = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)}%`;

describe('builds against the stubs the product serves and against Sui’s real framework sources', () => {
  it('agree on every program: verdict, and code, file and line of every error', async () => {
    const started = performance.now();
    const fixtures = await fixturePrograms();
    const probeSet = methodProbes(await readFrameworkOnce(SOURCE));
    const probes = probeSet.programs;
    for (const probe of probes) {
      // A probe never names the module whose methods it calls (std is served whole, and `vector` is a type).
      const name = probe.definingModule.split('::')[1]!;
      if (!probe.definingModule.startsWith('0x1::'))
        expect(probe.text, probe.definingModule).not.toMatch(new RegExp(`\\b${name}\\b`));
    }
    const allProbes = [...probes, ...probeSet.named];
    const programs = [...fixtures, ...allProbes.map(probeProgram)];
    const products = await Promise.all(programs.map(productVerdict));
    const productSeconds = (performance.now() - started) / 1000;

    const batches = new OracleBatches(withRealFramework(await buildDependencies(SOURCE)));
    const groups = new Map<string, { program: Program; product: Verdict }[]>();
    programs.forEach((program, i) => {
      const product = products[i]!;
      // A rejected program is settled only in a batch where no other program has errors (oracle-builds.ts).
      const key = product.ok ? 'built' : program.id;
      groups.set(key, [...(groups.get(key) ?? []), { program, product }]);
    });
    const comparisons: Comparison[] = [];
    for (const group of groups.values()) comparisons.push(...(await batches.compare(group)));

    const rejected = comparisons.filter((c) => !c.oracle.ok);
    const sameFirst = rejected.filter((c) => c.product.errors[0] === c.oracle.errors[0]);
    const sameVerdict = comparisons.filter((c) => c.product.ok === c.oracle.ok);
    const calls = (list: ProbeProgram[]) => list.reduce((n, p) => n + p.probes.length, 0);
    const probeIds = new Set(allProbes.map((p) => probeProgram(p).id));
    const probesRejected = comparisons.filter((c) => probeIds.has(c.program.id) && !c.oracle.ok);
    console.log(
      [
        `real-source differential: ${comparisons.length} programs (${fixtures.length} fixtures, ` +
          `${probes.length} probe programs with ${calls(probes)} method calls on values of modules they never name, ` +
          `${probeSet.named.length} with the ${calls(probeSet.named)} methods whose values only their own module gives out, called on values typed by name)`,
        `  verdicts equal: ${sameVerdict.length}/${comparisons.length} (${percent(sameVerdict.length, comparisons.length)}); ` +
          `all diagnostics equal: ${comparisons.filter((c) => c.agree).length}/${comparisons.length}; ` +
          `first error equal on ${sameFirst.length}/${rejected.length} rejections`,
        `  Sui accepts ${comparisons.length - rejected.length}, rejects ${rejected.length}; ` +
          `probe programs Sui rejects: ${probesRejected.length}`,
        `  ${programs.length} product builds in ${productSeconds.toFixed(0)} s, ${batches.builds} oracle builds; ` +
          `${((performance.now() - started) / 1000).toFixed(0)} s in all`,
      ].join('\n'),
    );
    const disagreements = comparisons
      .filter((c) => !c.agree)
      .map((c) => ({ program: c.program.id, product: c.product, oracle: c.oracle }));
    expect(disagreements).toEqual([]);
    expect(comparisons).toHaveLength(programs.length);
    // The probes are calls Sui accepts: a probe it refuses would check nothing.
    expect(probesRejected.map((c) => ({ program: c.program.id, errors: c.oracle.errors }))).toEqual([]);
  }, 600_000);
});
