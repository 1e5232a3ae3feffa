// One measured pass for perf/manifest-scale.ts, in a process of its own so that its peak memory is its
// own: `manifest ROOT OUT_DIR` builds the Phase II manifest, `extract ROOT` only extracts every package
// (the least work per package, the baseline). Prints {ms, packages, max_rss_kb} as JSON.
import { join } from 'node:path';
import { discoverPackages } from '../../src/package-store/discover.js';
import { buildPhase2Manifest } from '../../src/manifest/phase2-manifest.js';
import { extractEach } from './extract-loop.js';

async function main(): Promise<void> {
  const [mode, root, outDir] = process.argv.slice(2);
  if (!root || (mode === 'manifest' && !outDir) || (mode !== 'manifest' && mode !== 'extract'))
    throw new Error('usage: manifest-child.js manifest ROOT OUT_DIR | extract ROOT');
  const started = performance.now();
  let packages: number;
  if (mode === 'manifest') {
    const { stats } = await buildPhase2Manifest({
      corpusRoot: root,
      outIds: join(outDir!, 'ids.txt'),
      outPlan: join(outDir!, 'plan.json'),
      outReport: join(outDir!, 'report.json'),
    });
    packages = stats.packages_total;
  } else {
    const { packages: refs } = await discoverPackages(root);
    packages = (await extractEach(refs.map((r) => r.package_dir))).length;
  }
  const ms = performance.now() - started;
  process.stdout.write(JSON.stringify({ ms, packages, max_rss_kb: process.resourceUsage().maxRSS }) + '\n');
}

await main();
