import { describe, expect, it } from 'vitest';
import { sha256Hash } from '../src/sha256.js';

describe('sha256Hash', () => {
  it('hashes as SHA-256 (FIPS 180-2, appendix B.1: "abc"), fed in parts or whole', () => {
    const abc = 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad';
    expect(sha256Hash().update('abc').digest('hex')).toBe(abc);
    expect(sha256Hash().update('a').update(Buffer.from('bc')).digest('hex')).toBe(abc);
    expect(sha256Hash().digest('hex')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });
});
