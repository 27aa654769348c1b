import type { Position } from './types.js';

/*
 * Both adapters order the log by a pair of integers: PostgreSQL by (transaction id, sequence),
 * EventStoreDB by (commit, prepare). A position is that pair written "a/b".
 */

export const START = '0/0' as Position;

export function makePosition(a: bigint | number | string, b: bigint | number | string): Position {
  return `${a}/${b}` as Position;
}

export function positionParts(position: Position): [bigint, bigint] {
  const match = /^(\d+)\/(\d+)$/.exec(position);
  if (!match) throw new Error(`Not a position: ${position}`);
  return [BigInt(match[1]!), BigInt(match[2]!)];
}

export function comparePositions(a: Position, b: Position): number {
  const [a1, a2] = positionParts(a);
  const [b1, b2] = positionParts(b);
  if (a1 !== b1) return a1 < b1 ? -1 : 1;
  if (a2 !== b2) return a2 < b2 ? -1 : 1;
  return 0;
}

export function isPosition(value: string): value is Position {
  return /^\d+\/\d+$/.test(value);
}
