import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/** Write to a temporary sibling, then rename: readers never see half a file, even after a crash. */
export async function atomicWriteFile(path: string, content: string | Uint8Array): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const tmp = `${path}.tmp.${process.pid}.${Math.random().toString(16).slice(2)}`;
  await writeFile(tmp, content);
  await rename(tmp, path);
}
