export { RowMex, rowWordsFor, valueBits, type OrderedShare, type FrozenKernel } from './frozen-kernel.js';
