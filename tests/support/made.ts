import { afterAll, beforeAll } from 'vitest';

/**
 * What `make` gives, made in a beforeAll of the file (or of the describe block it is called in)
 * and undone by `undo` in an afterAll. The value returned stands for it from the start, so that a
 * file declares what its tests share in one line and reads it in its tests and later hooks as the
 * thing itself. Hooks run in the order of the calls: a value may be made from one made before it.
 */
export function madeBeforeAll<T extends object>(make: () => Promise<T>, undo?: (made: T) => Promise<void>): T {
  let made: T | undefined;
  beforeAll(async () => {
    made = await make();
  });
  if (undo) {
    afterAll(async () => {
      if (made) await undo(made);
    });
  }
  const current = (): T => {
    if (!made) throw new Error('Made in beforeAll: read it inside a test or a later hook.');
    return made;
  };
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(current(), key),
    set: (_, key, value) => Reflect.set(current(), key, value),
    has: (_, key) => Reflect.has(current(), key),
    deleteProperty: (_, key) => Reflect.deleteProperty(current(), key),
    defineProperty: (_, key, descriptor) => Reflect.defineProperty(current(), key, descriptor),
    ownKeys: () => Reflect.ownKeys(current()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(current(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
  });
}
