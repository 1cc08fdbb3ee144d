/** Pure kernels of two-dimensional impartial games (no I/O): the API phase 2 registers as game families. */
export { boardChecksum, mirrorUpper, valueAt, type BoardTable, type BoardValues } from './table.js';
export { computeLineRows, createLineGame, rookTable, wythoffTable, type LineGameState } from './line-games.js';
export { kingTable, kingUpper, knightTable, knightUpper } from './step-games.js';
export { BadOptionError, computeGenericDiagonals, genericTable, type BoardOptions } from './generic.js';
export {
  isWythoffP,
  isqrt,
  wythoffLower,
  wythoffPair,
  wythoffPartner,
  wythoffUpper,
  wythoffWinningMoves,
  type WythoffMove,
} from './wythoff-p.js';
export { rowPeriod, type RowPeriod } from './row-period.js';
