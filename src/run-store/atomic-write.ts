import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * Write to a temporary sibling, then rename: readers never see half a file, even after a crash.
 * A target that exists but is not a regular file (/dev/null, a pipe) is written in place, not replaced.
 */
export async function atomicWriteFile(path: string, content: string | Uint8Array): Promise<void> {
  const existing = await stat(path).catch(() => null);
  if (existing && !existing.isFile()) {
    await writeFile(path, content);
    return;
  }
  await mkdir(dirname(path), { recursive: true });
  const tmp = `${path}.tmp.${process.pid}.${Math.random().toString(16).slice(2)}`;
  await writeFile(tmp, content);
  await rename(tmp, path);
}
