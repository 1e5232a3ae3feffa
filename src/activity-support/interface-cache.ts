// Interfaces by hash, for the activities that read one back soon after extraction stored it (prompts, plan
// candidates): a worker keeps the last few parsed, so the common case neither reads nor parses the JSON
// again. A miss (another worker extracted it, or it was evicted) reads the artifact store.
import { LRUCache } from 'lru-cache';
import { getArtifact } from '../run-store/artifacts.js';
import { runPaths } from '../run-store/paths.js';

const KEPT = 64;
// Values are parsed JSON (objects), never undefined.
const recent = new LRUCache<string, object>({ max: KEPT });

/** The interface must not be modified afterwards: readers share it. */
export function rememberInterface(interfaceSha: string, iface: unknown): void {
  recent.set(interfaceSha, iface as object);
}

export async function readInterface(runDir: string, interfaceSha: string): Promise<unknown> {
  const kept = recent.get(interfaceSha);
  if (kept !== undefined) return kept;
  const iface: unknown = JSON.parse(await getArtifact(runPaths(runDir).artifacts, interfaceSha));
  rememberInterface(interfaceSha, iface);
  return iface;
}
