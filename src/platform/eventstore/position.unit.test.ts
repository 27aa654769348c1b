import { describe, expect, it } from 'vitest';
import { comparePositions, makePosition, positionParts, START } from './position.js';
import type { Position } from './types.js';

describe('positions', () => {
  it('orders positions as their pairs of integers, however long', () => {
    const numbers = [0n, 1n, 9n, 10n, 99n, 100n, 4_294_967_295n, 4_294_967_296n, 2n ** 63n - 1n, 18_446_744_073_709_551_615n];
    const positions = numbers.flatMap((a) => numbers.map((b) => makePosition(a, b)));
    const reference = (x: Position, y: Position) => {
      const [x1, x2] = positionParts(x);
      const [y1, y2] = positionParts(y);
      return x1 !== y1 ? (x1 < y1 ? -1 : 1) : x2 !== y2 ? (x2 < y2 ? -1 : 1) : 0;
    };
    for (const x of positions) for (const y of positions) expect(comparePositions(x, y)).toBe(reference(x, y));
    expect(comparePositions('007/5' as Position, '7/05' as Position)).toBe(0);
    expect(comparePositions(START, '0/1' as Position)).toBe(-1);
  });

  it('refuses what is not a position', () => {
    for (const bad of ['', '/', '1/', '/1', '1', '1/2/3', 'a/1', '1/-1']) expect(() => comparePositions(bad as Position, START)).toThrow('Not a position');
  });
});
