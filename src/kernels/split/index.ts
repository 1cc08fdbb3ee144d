export { RowMex, rowWordsFor, valueBits, type OrderedShare, type SplitKernel } from './split-kernel.js';
