// A temp directory per script run (synthetic corpus, run logs, server database), removed at the end.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onCleanup } from './cleanup.js';
import { log } from './report.js';

/** `keep` leaves it in place for a post-mortem (logs of the worker and the server are in it). */
export function makeWorkDir(name: string, keep: boolean): string {
  const dir = mkdtempSync(join(tmpdir(), `smi-perf-${name}-`));
  onCleanup(`work dir ${dir}`, () => {
    if (keep) log(`kept work dir ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  });
  return dir;
}
