// Content-addressed store for large values (interface JSON, prompts, model answers). Workflows pass the
// SHA-256 instead of the data, which keeps payloads in history small; writing the same content twice
// (an activity retry) is a no-op.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { access, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { atomicWriteFile } from './atomic-write.js';

export function sha256Hex(content: string | Uint8Array): string {
  return createHash('sha256').update(content).digest('hex');
}

function artifactPath(storeDir: string, sha: string): string {
  if (!/^[0-9a-f]{64}$/.test(sha)) throw new Error(`not an artifact id: ${sha}`);
  return join(storeDir, sha.slice(0, 2), sha.slice(2));
}

/** Stores `content` under its SHA-256, which a caller that already has it passes to save hashing again. */
export async function putArtifact(
  storeDir: string,
  content: string,
  sha: string = sha256Hex(content),
): Promise<string> {
  const path = artifactPath(storeDir, sha);
  try {
    await access(path);
  } catch {
    await atomicWriteFile(path, content);
  }
  return sha;
}

export async function getArtifact(storeDir: string, sha: string): Promise<string> {
  try {
    return await readFile(artifactPath(storeDir, sha), 'utf8');
  } catch (err) {
    throw new Error(`artifact ${sha} is missing from ${storeDir}: ${(err as Error).message}`);
  }
}

/** The same, read with a blocking call: for a command that reads thousands and has nothing else to do. */
export function getArtifactSync(storeDir: string, sha: string): string {
  try {
    return readFileSync(artifactPath(storeDir, sha), 'utf8');
  } catch (err) {
    throw new Error(`artifact ${sha} is missing from ${storeDir}: ${(err as Error).message}`);
  }
}
