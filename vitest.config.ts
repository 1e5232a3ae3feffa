import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The cluster suite has its own config and command (`npm run test:cluster`).
    exclude: ['test/cluster/**', '**/node_modules/**'],
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Vitest's default is one fewer file at a time than the cores: on a 2-core machine, one. Most files
    // spend their time waiting (on Temporal's timeouts, on child processes, on servers they started), and
    // each has its own namespace and ports, so two files share the cores at least.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
