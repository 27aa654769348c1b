/** The fields of `changes` whose value differs from `state`: a settings event records only those. */
export function changedFields<S extends object>(state: S, changes: Partial<S>): Partial<S> {
  return Object.fromEntries(
    Object.entries(changes).filter(
      ([key, value]) => value !== undefined && JSON.stringify(state[key as keyof S]) !== JSON.stringify(value),
    ),
  ) as Partial<S>;
}
