/* The one-time codes a customer tells a shop (pickup) or a courier (delivery), typed wrong on purpose. */

/** A six-digit code other than `code`, a different one for each `n`. */
export const notThe = (code: string, n: number): string => String((Number(code) + 1 + n) % 1_000_000).padStart(6, '0');

/**
 * The ten wrong codes that lock an actor out of a kind of code for an hour without burning any:
 * four on each of the first two targets, two on the third (five on one target burn its code).
 */
export function tenWrongCodesOverThree<T>(targets: readonly T[], codeOf: (target: T) => string): [target: T, code: string][] {
  const spread: [T, number][] = [
    [targets[0]!, 4],
    [targets[1]!, 4],
    [targets[2]!, 2],
  ];
  return spread.flatMap(([target, n]) => Array.from({ length: n }, (_, i): [T, string] => [target, notThe(codeOf(target), i)]));
}
