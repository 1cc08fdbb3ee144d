import { wasmKernelFile } from './kernel-file.js';

/** The line-game kernel of assembly/board.ts; GRUNDY_BOARD_KERNEL=js forces the JavaScript one. */
const board = wasmKernelFile('board', 'GRUNDY_BOARD_KERNEL');

export const boardWasmPath = board.path;
export const boardKernelChoice = board.choice;
export const boardWasmModule = board.module;
