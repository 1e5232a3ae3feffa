// The in-process baseline of Phase II: what one `baseline-search` + `build-only` package costs with no
// orchestration at all. Per package: extract the interface, find the candidates, make the plan variants,
// normalize and check them, then build each plan to BCS and scan for created types, one after another.
import { analyzePackage } from '../../src/core/phase2/baseline.js';
import { normalizePtbSpec } from '../../src/core/phase2/normalize.js';
import { validatePlanSchema } from '../../src/benchmarks/phase2/workflow/validate.js';
import { ptbVariants } from '../../src/benchmarks/phase2/workflow/variants.js';
import { extractPackageInterface } from '../../src/move/index.js';
import { simulatePlans, type SimulationRequest } from '../../src/sim/index.js';
import { PHASE2_DEFAULT_OPTIONS as DEFAULTS } from '../../src/benchmarks/phase2/index.js';

async function planOne(packageDir: string): Promise<void> {
  const iface = await extractPackageInterface(packageDir);
  const candidates = analyzePackage(iface).candidatesOk.slice(0, DEFAULTS.baselineMaxCandidates);
  const requests: SimulationRequest[] = [];
  for (const calls of candidates.length > 0 ? candidates : [[]]) {
    for (const variant of ptbVariants({ calls }, DEFAULTS.sender, DEFAULTS.maxHeuristicVariants)) {
      const { spec } = normalizePtbSpec(variant.spec);
      if (!validatePlanSchema(spec).valid) continue;
      requests.push({
        mode: 'build-only',
        spec,
        sender: DEFAULTS.sender,
        gasBudget: DEFAULTS.gasBudget,
        gasCoin: null,
        rpcUrl: null,
        packageDir,
        requireDryRun: false,
      });
    }
  }
  await simulatePlans(requests);
}

/** Milliseconds per package, in the order given. */
export async function planEach(packageDirs: string[]): Promise<number[]> {
  const times: number[] = [];
  for (const dir of packageDirs) {
    const started = performance.now();
    await planOne(dir);
    times.push(performance.now() - started);
  }
  return times;
}
