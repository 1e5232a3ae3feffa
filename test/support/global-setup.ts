// Starts one real Temporal dev server (headless, throw-away database) for the whole test run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { findTemporalBinary, startDevServer } from '../../src/temporal/dev-server.js';
import { freePort } from '../../src/temporal/ports.js';
import { TEST_NAMESPACES } from './namespaces.js';

declare module 'vitest' {
  export interface ProvidedContext {
    temporalAddress: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const binary = findTemporalBinary();
  if (!binary)
    throw new Error('the Temporal CLI is missing: run `bash scripts/install-temporal.sh` (npm test does)');
  const dir = mkdtempSync(join(tmpdir(), 'smi-test-temporal-'));
  const server = await startDevServer({
    binary,
    port: await freePort(),
    uiPort: null,
    dbFile: join(dir, 'temporal.db'),
    logFile: join(dir, 'server.log'),
    extraNamespaces: Object.values(TEST_NAMESPACES).filter((ns) => ns !== 'default'),
  });
  project.provide('temporalAddress', server.address);
  return async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
