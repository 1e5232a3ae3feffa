// `npm run test:cluster`: the team cluster of deploy/local-cluster.sh under faults. Separate from `npm test`
// because it builds and starts its own Temporal server on PostgreSQL (see docs/team.md, "Without Docker").
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/cluster/**/*.test.ts'],
    testTimeout: 20 * 60_000,
    hookTimeout: 40 * 60_000,
    pool: 'forks',
  },
});
