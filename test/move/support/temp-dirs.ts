// Scratch directories for tests that write packages; removed after the test file finishes.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

export function useTempDirs(): () => Promise<string> {
  const created: string[] = [];
  afterAll(async () => {
    await Promise.all(created.map((dir) => rm(dir, { recursive: true, force: true })));
  });
  return async () => {
    const dir = await mkdtemp(join(tmpdir(), 'smi-move-'));
    created.push(dir);
    return dir;
  };
}
