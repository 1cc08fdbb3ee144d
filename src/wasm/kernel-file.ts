import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError } from '../errors.js';
import { relaxedSimdSupported, simdSupported } from '../kernels/wasm/simd.js';
import { projectRoot } from '../project-root.js';

/** A kernel file's builds: plain SIMD, and (where assembly/ builds it) relaxed SIMD. */
export type WasmBuild = 'simd' | 'relaxed';

/** One WebAssembly kernel file built by `npm run asbuild` from assembly/, with its JavaScript fallback switch. */
export interface WasmKernelFile {
  /** dist/wasm/<name>.wasm, or <name>-relaxed.wasm for the relaxed SIMD build. */
  path(build?: WasmBuild): string;
  /** Which kernel runs: the environment variable forces js (A/B benchmarks), else wasm where SIMD runs. */
  choice(): 'wasm' | 'js';
  /** Which build runs when the WebAssembly kernel does: relaxed SIMD where the engine has it. */
  build(): WasmBuild;
  /**
   * The compiled module, or null where it does not run (no WebAssembly SIMD, or js forced): then
   * the JavaScript kernel does the same work. A missing file is a broken build, not a reason to
   * run slower unannounced. Compiled once per thread.
   */
  module(): WebAssembly.Module | null;
  /** One build's module, whichever the environment chooses (tests run both), or null where it cannot run. */
  moduleOf(build: WasmBuild): WebAssembly.Module | null;
}

/**
 * `envVar` set to js forces the JavaScript kernel, simd the plain SIMD build, wasm (or unset)
 * the best build this engine runs. `relaxed`: assembly/ also builds <name>-relaxed.wasm, the
 * same kernels with relaxed SIMD's swizzle where its result is defined (indices below 16, or
 * from 128); both builds compute the same tables.
 */
export function wasmKernelFile(name: string, envVar: string, relaxed = false): WasmKernelFile {
  const compiled = new Map<WasmBuild, WebAssembly.Module>();
  const path = (build: WasmBuild = 'simd'): string =>
    join(projectRoot(), 'dist', 'wasm', build === 'relaxed' ? `${name}-relaxed.wasm` : `${name}.wasm`);
  const forced = (): string | undefined => {
    const value = process.env[envVar];
    if (value === undefined || value === '' || value === 'js' || value === 'wasm') return value;
    if (value === 'simd' && relaxed) return value;
    const choices = relaxed ? 'js, simd or wasm' : 'js or wasm';
    throw new UsageError(
      `${envVar} must be ${choices}, not ${JSON.stringify(value)} (or unset it: WebAssembly where SIMD runs)`,
    );
  };
  const choice = (): 'wasm' | 'js' => (forced() === 'js' || !simdSupported() ? 'js' : 'wasm');
  const build = (): WasmBuild => (relaxed && forced() !== 'simd' && relaxedSimdSupported() ? 'relaxed' : 'simd');
  const moduleOf = (which: WasmBuild): WebAssembly.Module | null => {
    if (!simdSupported() || (which === 'relaxed' && !(relaxed && relaxedSimdSupported()))) return null;
    const known = compiled.get(which);
    if (known) return known;
    const file = path(which);
    if (!existsSync(file)) {
      throw new Error(`${file} is missing: build it with \`npm run asbuild\` (part of \`npm run build\`)`);
    }
    const module = new WebAssembly.Module(readFileSync(file));
    compiled.set(which, module);
    return module;
  };
  const module = (): WebAssembly.Module | null => (choice() === 'js' ? null : moduleOf(build()));
  return { path, choice, build, module, moduleOf };
}
