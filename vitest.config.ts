import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Builds dist/ first when it is older than src/, workers/ or bench/: workers and the CLI run it.
    globalSetup: ['./test/global-build.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Two cores: CLI tests spawn processes with worker pools of their own.
    maxWorkers: 2,
  },
});
