/** The types of src/misere/quotient.ts, apart so that its helpers import them without a circle. */

/** A heap game as the quotient sees it: the options of a heap as tuples of smaller heaps. */
export type HeapOptions = (n: number) => Iterable<readonly number[]>;

/** The quotient of heaps 1..heaps: a finite commutative monoid, its P-portion, the heap map. */
export interface Quotient {
  /** Heaps 1..heaps are in the closure. */
  readonly heaps: number;
  /** Elements are 0..order-1; 0 is the identity, the class of the empty sum. */
  readonly order: number;
  /** x·y at x * order + y. */
  readonly mult: Int32Array;
  /** 1 where the element is the class of misère P-positions. */
  readonly isP: Uint8Array;
  /** The element of each heap 0..heaps (a heap with no move, and heap 0, are the identity). */
  readonly phi: Int32Array;
  /** A sum of heaps in each class (element i's word): one of fewest tokens when the quotient was built. */
  readonly words: readonly (readonly number[])[];
}
