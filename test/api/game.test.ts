import { describe, expect, it } from 'vitest';
import { gameKind, storedKind } from '../../src/api/game.js';
import { parseGame } from '../../src/index.js';

describe('the kind of a game', () => {
  it('is heap, board or graph by its family, and parseGame says it', () => {
    expect(gameKind(parseGame('kayles').rules)).toBe('heap');
    expect(parseGame('sub:1,3,4').kind).toBe('heap');
    expect(parseGame('wythoff').kind).toBe('board');
    expect(parseGame('2d:rook').kind).toBe('board');
    expect(parseGame('product:sub:1,3*sub:2').kind).toBe('board');
    expect(storedKind('graph')).toBe('graph');
    expect(storedKind('octal')).toBe('heap');
    expect(storedKind('no-such-family')).toBe('heap');
  });
});
