// Doctor check of the Move framework a corpus is run with: the corpus's own 0x1, 0x2 (and 0x3), or those of
// `--framework-dir`. Phase II `local`, the sandbox and the helper need it and refuse to start without it;
// Phase I and the other Phase II modes do not, so a corpus without one is a warning, while a
// `--framework-dir` given and unreadable is a failure.
import { checkFrameworkLocation } from '../package-store/framework-check.js';
import type { CheckResult } from './check.js';

const USERS = 'phase2 --simulation-mode local, sandbox and helper';

export async function frameworkCheck(corpusRoot: string, frameworkDir: string | null): Promise<CheckResult> {
  const name = 'framework';
  const found = await checkFrameworkLocation({ corpusRoot, frameworkDir });
  if (found.ok)
    return {
      name,
      status: 'ok',
      message: `the Move framework (${found.ids.join(', ')}) reads from ${found.source}`,
    };
  return {
    name,
    status: frameworkDir ? 'fail' : 'warn',
    message: `${found.problem}; ${USERS} need it`,
    fix: { command: found.fix, safe: false },
  };
}
