// Files the user names on the command line are read before anything starts: a missing or unreadable one
// is a usage error that names it, not a stack trace or a failure of every package.
import { readFileSync } from 'node:fs';
import { fsErrorCode } from '../files/fs-error.js';
import { UsageError } from '../usage-error.js';

/** The text of `path`; `what` names the file in the error ("plan file", "prompt template", …). */
export function readUserFile(path: string, what: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (err) {
    if (fsErrorCode(err) === 'ENOENT') throw new UsageError(`${what} not found: ${path}`);
    throw new UsageError(`cannot read ${what} ${path}: ${(err as Error).message}`);
  }
}
