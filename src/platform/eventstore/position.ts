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

/**
 * Orders two positions without parsing them into numbers: the pairs are compared as decimal
 * strings (fewer digits first, then digit by digit). Waiters compare positions at every batch of
 * every read model, so this is on the hot path.
 */
export function comparePositions(a: Position, b: Position): number {
  if (a === b) return 0;
  const i = slashOf(a);
  const j = slashOf(b);
  return compareDecimals(a, 0, i, b, 0, j) || compareDecimals(a, i + 1, a.length, b, j + 1, b.length);
}

function slashOf(position: string): number {
  const at = position.indexOf('/');
  if (at < 1 || at === position.length - 1 || !isPosition(position)) throw new Error(`Not a position: ${position}`);
  return at;
}

function compareDecimals(a: string, aFrom: number, aTo: number, b: string, bFrom: number, bTo: number): number {
  while (aFrom < aTo - 1 && a.charCodeAt(aFrom) === 48) aFrom++;
  while (bFrom < bTo - 1 && b.charCodeAt(bFrom) === 48) bFrom++;
  if (aTo - aFrom !== bTo - bFrom) return aTo - aFrom < bTo - bFrom ? -1 : 1;
  for (; aFrom < aTo; aFrom++, bFrom++) {
    const d = a.charCodeAt(aFrom) - b.charCodeAt(bFrom);
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  return 0;
}

export function isPosition(value: string): value is Position {
  return /^\d+\/\d+$/.test(value);
}
