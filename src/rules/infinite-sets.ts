import type { InfiniteSetName } from './types.js';

/** The elements of an infinite subtraction set that are <= limit, increasing and distinct. */
export function infiniteSetElements(name: InfiniteSetName, limit: number): Int32Array {
  const out: number[] = [];
  switch (name) {
    case 'squares':
      for (let k = 1; k * k <= limit; k++) out.push(k * k);
      break;
    case 'cubes':
      for (let k = 1; k * k * k <= limit; k++) out.push(k * k * k);
      break;
    case 'powers2':
      for (let v = 1; v <= limit; v *= 2) out.push(v);
      break;
    case 'triangular':
      for (let k = 1; (k * (k + 1)) / 2 <= limit; k++) out.push((k * (k + 1)) / 2);
      break;
    case 'fibonacci': {
      // 1, 2, 3, 5, 8, ...: the distinct Fibonacci numbers >= 1
      let a = 1;
      let b = 2;
      while (a <= limit) {
        out.push(a);
        const c = a + b;
        a = b;
        b = c;
      }
      break;
    }
    case 'primes':
      return primesUpTo(limit);
  }
  return Int32Array.from(out);
}

function primesUpTo(limit: number): Int32Array {
  if (limit < 2) return new Int32Array(0);
  const composite = new Uint8Array(limit + 1);
  let count = 0;
  for (let i = 2; i <= limit; i++) {
    if (composite[i]) continue;
    count++;
    for (let j = i * i; j <= limit; j += i) composite[j] = 1;
  }
  const out = new Int32Array(count);
  let k = 0;
  for (let i = 2; i <= limit; i++) if (!composite[i]) out[k++] = i;
  return out;
}

export const INFINITE_SET_DESCRIPTIONS: Record<InfiniteSetName, string> = {
  squares: 'subtract a positive square (1, 4, 9, ...)',
  cubes: 'subtract a positive cube (1, 8, 27, ...)',
  powers2: 'subtract a power of two (1, 2, 4, ...)',
  primes: 'subtract a prime (2, 3, 5, ...)',
  fibonacci: 'subtract a Fibonacci number (1, 2, 3, 5, ...)',
  triangular: 'subtract a triangular number (1, 3, 6, ...)',
};
