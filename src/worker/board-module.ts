import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError } from '../errors.js';
import { simdSupported } from '../kernels/wasm/simd.js';
import { projectRoot } from '../project-root.js';

/** Where `npm run asbuild` writes the line-game kernel (assembly/board.ts). */
export function boardWasmPath(): string {
  return join(projectRoot(), 'dist', 'wasm', 'board.wasm');
}

/** Which line-game kernel runs: GRUNDY_BOARD_KERNEL=js forces the JavaScript one (A/B benchmarks). */
export function boardKernelChoice(): 'wasm' | 'js' {
  const forced = process.env.GRUNDY_BOARD_KERNEL;
  if (forced === 'js') return 'js';
  if (forced !== undefined && forced !== '' && forced !== 'wasm') {
    const value = JSON.stringify(forced);
    throw new UsageError(
      `GRUNDY_BOARD_KERNEL must be js or wasm, not ${value} (or unset it: WebAssembly where SIMD runs)`,
    );
  }
  return simdSupported() ? 'wasm' : 'js';
}

let cached: WebAssembly.Module | null | undefined;

/**
 * The compiled line-game kernel, or null where it does not run (no WebAssembly SIMD, or
 * GRUNDY_BOARD_KERNEL=js): then the JavaScript kernel does the same work. A missing file is a
 * broken build, not a reason to run slower unannounced.
 */
export function boardWasmModule(): WebAssembly.Module | null {
  if (cached !== undefined) return cached;
  if (boardKernelChoice() === 'js') return (cached = null);
  const path = boardWasmPath();
  if (!existsSync(path)) {
    throw new Error(`${path} is missing: build it with \`npm run asbuild\` (part of \`npm run build\`)`);
  }
  cached = new WebAssembly.Module(readFileSync(path));
  return cached;
}
