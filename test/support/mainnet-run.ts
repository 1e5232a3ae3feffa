// A Phase II run over packages of ../shared/mainnet on the test Temporal server, as upstream ran them:
// with its funded mainnet sender, every package whole (`--samples 0`), created types in the rows.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@temporalio/client';
import { mainnetPackages, UPSTREAM_SENDER } from './mainnet-roots.js';
import { phase2TestInput } from './phase2-input.js';
import { startTestRun, uniqueRunId } from './temporal.js';
import type { Phase2Options, Phase2RunInput } from '../../src/contracts/phase2-options.js';

export interface MainnetRunSpec {
  /** Start of the run id; the run gets a unique one. */
  label: string;
  /** Where the ids file and the run's logs go. */
  work: string;
  corpusRoot: string;
  options: Partial<Phase2Options>;
  /** The packages to run, in this order; all 17 of the README table by default. */
  ids?: readonly string[];
}

export interface MainnetRun<Row> {
  input: Phase2RunInput;
  rows: Row[];
  aggregate: Record<string, unknown>;
}

/** Runs the packages to the end and reads the run's `result.json`. */
export async function runMainnetPhase2<Row>(client: Client, spec: MainnetRunSpec): Promise<MainnetRun<Row>> {
  const runId = uniqueRunId(spec.label);
  const idsFile = join(spec.work, `${runId}-ids.txt`);
  writeFileSync(idsFile, (spec.ids ?? mainnetPackages().map((p) => p.id)).join('\n') + '\n');
  const input = phase2TestInput({
    runId,
    logDir: join(spec.work, 'logs'),
    corpusRoot: spec.corpusRoot,
    options: { sender: UPSTREAM_SENDER, ...spec.options },
    input: { idsFile, samples: 0 },
  });
  await (await startTestRun(client, input)).result();
  const result = JSON.parse(readFileSync(join(input.runDir, 'result.json'), 'utf8')) as {
    packages: Row[];
    aggregate: Record<string, unknown>;
  };
  return { input, rows: result.packages, aggregate: result.aggregate };
}
