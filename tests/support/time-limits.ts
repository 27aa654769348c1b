/**
 * Issue [25]: a test's time limit guards against a hang; it never measures speed. Each limit is
 * written as the most a quiet machine needs, and `hangAfter` multiplies it by `slowness`: how much
 * slower than quiet a busy machine may be (a laptop compiling beside the suite; `npm run
 * test:loaded` runs twice the cores' worth of busy processes beside it) before a wait is called a
 * hang. A test that waits for something waits for it (a poll, the read models' positions), and
 * the limit only ends a wait that would never end.
 *
 * TEST_SLOWNESS sets another factor for a machine slower still (or 1, to find a hang sooner).
 */
const fromEnv = Number(process.env.TEST_SLOWNESS);
export const slowness = Number.isFinite(fromEnv) && fromEnv >= 1 ? fromEnv : 3;

/** The limit of a wait whose quiet-machine worst is `quietMs`. */
export const hangAfter = (quietMs: number): number => Math.round(quietMs * slowness);
