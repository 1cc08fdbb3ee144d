import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError } from '../errors.js';
import { simdSupported } from '../kernels/wasm/simd.js';
import { projectRoot } from '../project-root.js';

/** One WebAssembly kernel file built by `npm run asbuild` from assembly/, with its JavaScript fallback switch. */
export interface WasmKernelFile {
  /** dist/wasm/<name>.wasm. */
  path(): string;
  /** Which kernel runs: the environment variable forces js (A/B benchmarks), else wasm where SIMD runs. */
  choice(): 'wasm' | 'js';
  /**
   * The compiled module, or null where it does not run (no WebAssembly SIMD, or js forced): then
   * the JavaScript kernel does the same work. A missing file is a broken build, not a reason to
   * run slower unannounced. Compiled once per thread.
   */
  module(): WebAssembly.Module | null;
}

export function wasmKernelFile(name: string, envVar: string): WasmKernelFile {
  let cached: WebAssembly.Module | null | undefined;
  const path = (): string => join(projectRoot(), 'dist', 'wasm', `${name}.wasm`);
  const choice = (): 'wasm' | 'js' => {
    const forced = process.env[envVar];
    if (forced === 'js') return 'js';
    if (forced !== undefined && forced !== '' && forced !== 'wasm') {
      const value = JSON.stringify(forced);
      throw new UsageError(`${envVar} must be js or wasm, not ${value} (or unset it: WebAssembly where SIMD runs)`);
    }
    return simdSupported() ? 'wasm' : 'js';
  };
  const module = (): WebAssembly.Module | null => {
    if (cached !== undefined) return cached;
    if (choice() === 'js') return (cached = null);
    const file = path();
    if (!existsSync(file)) {
      throw new Error(`${file} is missing: build it with \`npm run asbuild\` (part of \`npm run build\`)`);
    }
    cached = new WebAssembly.Module(readFileSync(file));
    return cached;
  };
  return { path, choice, module };
}
