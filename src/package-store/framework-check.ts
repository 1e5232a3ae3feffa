// Whether the Move framework (0x1, 0x2, and 0x3 when present) can be read from where a command would read
// it: the corpus root, or `--framework-dir`. The commands that run Move (Phase II `local`, the sandbox, the
// helper) ask before a run starts, and so does `doctor`: a corpus without the framework is then one message
// with its fix, not the same failure once per package.
import { existsSync, statSync } from 'node:fs';
import { VmLoadError } from '../vm/errors.js';
import { readFramework } from './package-dir.js';

export interface FrameworkLocation {
  corpusRoot: string;
  /** `--framework-dir`: a folder of package directories; null or absent: the corpus's own. */
  frameworkDir?: string | null;
}

export type FrameworkCheck =
  | { ok: true; /** `0x1`, `0x2` (and `0x3`), as read. */ ids: string[]; /** Where from. */ source: string }
  | { ok: false; problem: string; fix: string };

const FIX_DIR = 'give --framework-dir a folder holding the package directories of 0x1 and 0x2 (and 0x3)';
const FIX_CORPUS =
  'give --framework-dir DIR with the package directories of 0x1 and 0x2 (and 0x3), such as a corpus root ' +
  'holding the framework’s 0x00 prefix folder, or copy or link that 0x00 folder into the corpus';

const shortId = (id: string) => '0x' + (id.replace(/^0x/, '').replace(/^0+/, '') || '0');

export async function checkFrameworkLocation(where: FrameworkLocation): Promise<FrameworkCheck> {
  const { corpusRoot, frameworkDir } = where;
  if (frameworkDir && !(existsSync(frameworkDir) && statSync(frameworkDir).isDirectory()))
    return { ok: false, problem: `framework directory not found: ${frameworkDir}`, fix: FIX_DIR };
  try {
    const packages = await readFramework(frameworkDir ? { frameworkDir } : { corpusRoot });
    const ids = packages.map((p) => shortId(p.id)).sort();
    return { ok: true, ids, source: frameworkDir ?? corpusRoot };
  } catch (error) {
    // A folder that cannot be read (permissions) is as much a problem to report as a missing package.
    const problem =
      error instanceof VmLoadError ? error.message : `cannot read the framework: ${String(error)}`;
    return { ok: false, problem, fix: frameworkDir ? FIX_DIR : FIX_CORPUS };
  }
}
