// `--framework-dir` of the commands whose Phase II runs may simulate locally (phase2 and the pipelines that
// run it): where the Move framework comes from when the corpus has none.
import { Option } from 'commander';

export function frameworkDirOption(): Option {
  return new Option(
    '--framework-dir <dir>',
    'for --simulation-mode local: package directories of 0x1, 0x2 (and 0x3); default: those of the corpus',
  );
}
