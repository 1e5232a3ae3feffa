// Interfaces by hash, for the activities that read one back soon after extraction stored it (prompts, plan
// candidates): a worker keeps the last few parsed, so the common case neither reads nor parses the JSON
// again. A miss (another worker extracted it, or it was evicted) reads the artifact store.
import { getArtifact } from '../run-store/artifacts.js';
import { runPaths } from '../run-store/paths.js';

const KEPT = 64;
const recent = new Map<string, unknown>();

/** The interface must not be modified afterwards: readers share it. */
export function rememberInterface(interfaceSha: string, iface: unknown): void {
  recent.delete(interfaceSha);
  recent.set(interfaceSha, iface);
  if (recent.size > KEPT) recent.delete(recent.keys().next().value as string);
}

export async function readInterface(runDir: string, interfaceSha: string): Promise<unknown> {
  const kept = recent.get(interfaceSha);
  if (kept !== undefined) return kept;
  const iface: unknown = JSON.parse(await getArtifact(runPaths(runDir).artifacts, interfaceSha));
  rememberInterface(interfaceSha, iface);
  return iface;
}
