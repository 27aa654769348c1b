import { afterEach, vi } from 'vitest';

/*
 * Each test ends on the real clock. The files of a worker share their modules (isolate: false in
 * vitest.config.ts): a test that moved the clock with fake timers and failed before putting it back
 * would otherwise hand a frozen Date to the files after it.
 */
afterEach(() => {
  vi.useRealTimers();
});
