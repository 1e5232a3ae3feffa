// `smi-bench demo`: Phase I on a small corpus of real .mv packages that smi-bench writes itself, with a mock
// agent: no API key, no data from elsewhere.
import { join } from 'node:path';
import { writeDemoCorpus } from '../move/index.js';
import { smiHome } from '../temporal/target.js';
import { runPhase1, type CliIO, type Phase1CliOptions } from './run-phase1.js';

export type DemoCliOptions = Pick<
  Phase1CliOptions,
  'agent' | 'seed' | 'concurrency' | 'runId' | 'out' | 'logDir' | 'dotenv' | 'progress'
>;

export async function runDemo(opts: DemoCliOptions, argv: string[], io: CliIO): Promise<number> {
  const corpusRoot = join(smiHome(), 'demo-corpus');
  const packages = await writeDemoCorpus(corpusRoot);
  io.log(`Demo corpus: ${packages.length} generated packages in ${corpusRoot}`);
  if (opts.agent === 'mock-noisy') {
    io.log(
      'Agent mock-noisy keeps each true key struct with probability 0.7 and adds five made-up ones, so scores ' +
        'are low on purpose; --agent mock-perfect scores 1.0, and real-openai-compatible asks a model.',
    );
  }
  return runPhase1(
    {
      ...opts,
      corpusRoot,
      samples: 0,
      maxStructsInPrompt: 200,
      perPackageTimeoutSeconds: 120,
      includeTypeLists: true,
      detach: false,
    },
    argv,
    io,
  );
}
