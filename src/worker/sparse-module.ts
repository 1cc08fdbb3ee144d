import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../project-root.js';
import { simdSupported } from '../kernels/wasm/simd.js';
import { UsageError } from '../errors.js';

/** Where `npm run asbuild` writes the sparse kernels (assembly/sparse.ts). */
export function sparseWasmPath(): string {
  return join(projectRoot(), 'dist', 'wasm', 'sparse.wasm');
}

/** Which sparse kernels run: GRUNDY_SPARSE_KERNEL=js forces the JavaScript ones (A/B benchmarks). */
export function sparseKernelChoice(): 'wasm' | 'js' {
  const forced = process.env.GRUNDY_SPARSE_KERNEL;
  if (forced === 'js') return 'js';
  if (forced !== undefined && forced !== '' && forced !== 'wasm') {
    const value = JSON.stringify(forced);
    throw new UsageError(
      `GRUNDY_SPARSE_KERNEL must be js or wasm, not ${value} (or unset it: WebAssembly where SIMD runs)`,
    );
  }
  return simdSupported() ? 'wasm' : 'js';
}

let cached: WebAssembly.Module | null | undefined;

/**
 * The compiled sparse kernels, or null where they do not run (no WebAssembly SIMD, or
 * GRUNDY_SPARSE_KERNEL=js): then the JavaScript kernels do the same work. A missing file is a
 * broken build, not a reason to run slower unannounced.
 */
export function sparseWasmModule(): WebAssembly.Module | null {
  if (cached !== undefined) return cached;
  if (sparseKernelChoice() === 'js') return (cached = null);
  const path = sparseWasmPath();
  if (!existsSync(path)) {
    throw new Error(`${path} is missing: build it with \`npm run asbuild\` (part of \`npm run build\`)`);
  }
  cached = new WebAssembly.Module(readFileSync(path));
  return cached;
}
