import { wasmKernelFile } from './kernel-file.js';

/** The sparse kernels of assembly/sparse.ts; GRUNDY_SPARSE_KERNEL=js forces the JavaScript ones. */
const sparse = wasmKernelFile('sparse', 'GRUNDY_SPARSE_KERNEL');

export const sparseWasmPath = sparse.path;
export const sparseKernelChoice = sparse.choice;
export const sparseWasmModule = sparse.module;
