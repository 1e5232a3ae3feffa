// Where smi-bench keeps its local state: the embedded server's database and logs, the demo corpus, the
// stub cache. Its own module, so compiler threads can find it without loading the Temporal client.
import { resolve } from 'node:path';

export function smiHome(env = process.env): string {
  return resolve(env.SMI_HOME ?? '.smi-bench');
}
