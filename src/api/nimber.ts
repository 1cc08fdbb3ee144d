/**
 * Nimber arithmetic in the field of 2^64 elements (docs: README "Nimbers"): sum, product,
 * inverse, power, square root, order, discrete logarithm, and the small tables `grundy table`
 * prints, one of them by the mex rule that defines the product.
 */
export { nimAdd, nimInv, nimMul, nimPow, nimSqrt } from '../nimber/arith.js';
export { nimLogBase } from '../nimber/log.js';
export { nimGenerator, nimOrder } from '../nimber/order.js';
export { parseNimber, parseUnbounded } from '../nimber/parse.js';
export { nimMulMexTable } from '../nimber/slow.js';
export { nimAdditionTable } from '../play/nim-table.js';
