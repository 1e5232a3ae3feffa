// `smi-bench datasets`: the package lists `--dataset NAME` can take, the user's first and then the ones
// smi-bench ships, with how many ids each holds and where it is.
// Registered by manifest-commands.ts, which loads this module only when the command runs.
import { processConfig } from '../config/process-config.js';
import { listDatasets, type DatasetEntry } from '../corpus/shipped-datasets.js';
import { datasetSearchDirs } from '../benchmarks/run-input.js';
import type { CliIO } from './run-common.js';

function line(entry: DatasetEntry, width: number): string {
  const where = entry.shipped ? 'shipped' : entry.path;
  const prefix = `${entry.name}:`;
  const about = entry.description.startsWith(prefix)
    ? entry.description.slice(prefix.length).trim()
    : entry.description;
  const hidden = entry.shadowed ? ' [hidden: a dataset of this name comes first]' : '';
  return `${entry.name.padEnd(width)}  ${String(entry.ids).padStart(4)} ids  ${where}${about ? `  ${about}` : ''}${hidden}`;
}

export async function runDatasets(io: CliIO): Promise<number> {
  const dirs = datasetSearchDirs(processConfig().SMI_DATASETS_DIR);
  const entries = await listDatasets(dirs);
  io.out(`folders searched, in order: ${dirs.join(', ')}`);
  const width = Math.max(0, ...entries.map((e) => e.name.length));
  for (const entry of entries) io.out(line(entry, width));
  return 0;
}
