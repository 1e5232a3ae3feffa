import { mkdir, open, rename, stat, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * Write to a temporary sibling, flush it to disk, then rename and flush the directory: readers never see
 * half a file, and after a power loss the file is either the old one or the whole new one.
 * A target that exists but is not a regular file (/dev/null, a pipe) is written in place, not replaced.
 */
export async function atomicWriteFile(path: string, content: string | Uint8Array): Promise<void> {
  const existing = await stat(path).catch(() => null);
  if (existing && !existing.isFile()) {
    await writeFile(path, content);
    return;
  }
  const dir = dirname(path);
  await mkdir(dir, { recursive: true });
  const tmp = `${path}.tmp.${process.pid}.${Math.random().toString(16).slice(2)}`;
  const file = await open(tmp, 'w');
  try {
    await file.writeFile(content);
    await file.sync();
  } finally {
    await file.close();
  }
  await rename(tmp, path);
  await syncDirectory(dir);
}

/** Makes a rename in `dir` durable. */
async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
