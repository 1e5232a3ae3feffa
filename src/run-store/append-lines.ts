// Appends to the shared logs (packages.jsonl, events.jsonl). Workers on several hosts may append to the same
// file, so each append holds a lock file created with O_EXCL (exclusive even on NFS, where O_APPEND alone
// does not keep concurrent writes apart) and writes its lines with one write on an O_APPEND descriptor.
// Under the lock, a last line left broken by a crash mid-append is cut off first; the rows/ files stay the
// source of truth, so recordRow writes that package's line again.
import { mkdir, open, stat, unlink, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fsErrorCode } from '../files/fs-error.js';

// An append takes milliseconds; a lock this old was left by a process that died holding it.
const STALE_LOCK_MS = 30_000;
const GIVE_UP_MS = 120_000;

async function acquireLock(lockPath: string): Promise<void> {
  const started = Date.now();
  for (;;) {
    try {
      await (await open(lockPath, 'wx')).close();
      return;
    } catch (err) {
      if (fsErrorCode(err) !== 'EEXIST') throw err;
    }
    const held = await stat(lockPath).catch(() => null);
    if (held && Date.now() - held.mtimeMs > STALE_LOCK_MS) {
      await unlink(lockPath).catch(() => undefined);
      continue;
    }
    if (Date.now() - started > GIVE_UP_MS) {
      throw new Error(
        `${lockPath} has been held for over ${GIVE_UP_MS / 1000} s; remove it if no worker runs`,
      );
    }
    await sleep(2 + Math.random() * 8);
  }
}

/** Cuts the file back to its last newline, dropping a line a crashed append left unfinished. */
async function dropBrokenLastLine(file: FileHandle): Promise<void> {
  const { size } = await file.stat();
  let end = size;
  const chunk = Buffer.alloc(4096);
  while (end > 0) {
    const start = Math.max(0, end - chunk.length);
    const { bytesRead } = await file.read(chunk, 0, end - start, start);
    const newline = chunk.subarray(0, bytesRead).lastIndexOf(0x0a);
    if (newline === bytesRead - 1 && end === size) return; // the usual case: the file ends with a newline
    if (newline >= 0) {
      await file.truncate(start + newline + 1);
      return;
    }
    end = start;
  }
  await file.truncate(0);
}

/** Appends complete lines (`text` ends with a newline) to `path`, safely among several writers. */
export async function appendLines(path: string, text: string): Promise<void> {
  if (text === '') return;
  await mkdir(dirname(path), { recursive: true });
  const lockPath = `${path}.lock`;
  await acquireLock(lockPath);
  try {
    const file = await open(path, 'a+');
    try {
      await dropBrokenLastLine(file);
      const bytes = Buffer.from(text, 'utf8');
      let written = 0;
      while (written < bytes.length) {
        written += (await file.write(bytes, written)).bytesWritten;
      }
    } finally {
      await file.close();
    }
  } finally {
    await unlink(lockPath);
  }
}
