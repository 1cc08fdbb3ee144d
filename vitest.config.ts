import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Builds dist/ first when it is older than src/, workers/ or bench/: workers and the CLI run it.
    globalSetup: ['./test/global-build.ts'],
    // Hang guards, not speed claims: on a loaded 2-core machine one CLI start alone can take seconds.
    testTimeout: 300_000,
    hookTimeout: 300_000,
    // Two cores: CLI tests spawn processes with worker pools of their own.
    maxWorkers: 2,
  },
});
