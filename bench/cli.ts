import { join } from 'node:path';
import { projectRoot } from '../src/project-root.js';

/**
 * The `grundy` command as users run it, bin/grundy.js (the CLI's bundle), for benchmarks and
 * tests that measure or drive it end to end; found from bench/ and from dist/bench/ alike.
 */
export const CLI = join(projectRoot(), 'bin', 'grundy.js');
