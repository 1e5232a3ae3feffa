// Where smi-bench keeps its local state: the embedded server's database and logs, the demo corpus, the
// stub cache, where evaluation sets ran. Its own module, so compiler threads can find it without loading
// the Temporal client. Entry points set it from SMI_HOME; compiler threads get it from their pool.
import { resolve } from 'node:path';
import { readConfig } from './config/read.js';

let home = resolve(readConfig({}, {}, ['SMI_HOME']).SMI_HOME);

/** Sets this process's (or thread's) state folder; relative to the working directory. */
export function useSmiHome(path: string): void {
  home = resolve(path);
}

export function smiHome(): string {
  return home;
}
