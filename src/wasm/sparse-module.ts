import { wasmKernelFile } from './kernel-file.js';

/**
 * The sparse kernels of assembly/sparse.ts, in two builds (plain and relaxed SIMD);
 * GRUNDY_SPARSE_KERNEL=js forces the JavaScript ones, =simd the plain build.
 */
const sparse = wasmKernelFile('sparse', 'GRUNDY_SPARSE_KERNEL', true);

export const sparseWasmPath = sparse.path;
export const sparseKernelChoice = sparse.choice;
export const sparseWasmBuild = sparse.build;
export const sparseWasmModule = sparse.module;
export const sparseWasmModuleOf = sparse.moduleOf;
