import path from 'node:path';

import { defineConfig } from 'vitest/config';

// Two projects: `unit` (unit and integration tests, two files at a time) and `process` (real child
// processes with time limits, e.g. "serves again within 15 s after SIGKILL"). scripts/test.sh runs
// `process` alone after `unit`, so a neighbouring test file never eats the time those limits measure.
export default defineConfig({
  resolve: { alias: { '@': path.resolve(__dirname, 'src') } },
  test: {
    environment: 'node',
    setupFiles: ['tests/setup/vitest-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'unit', include: ['src/**/*.test.ts'], fileParallelism: true } },
      {
        extends: true,
        test: { name: 'process', include: ['tests/process/**/*.test.ts'], fileParallelism: false },
      },
    ],
  },
});
