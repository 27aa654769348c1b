import { Cleanup } from './scripts/bench/support/database.ts';
import { Report } from './scripts/bench/support/report.ts';
import { serveBench, startBenchSystem } from './scripts/bench/support/server.ts';
import { creditSpends, spendRoute } from './scripts/bench/credit-spends.ts';
const cleanup = new Cleanup();
try {
  const { system } = await startBenchSystem(cleanup);
  const base = await serveBench(system, cleanup, { noop: 'POST', routes: spendRoute(system) });
  const report = new Report();
  await creditSpends(system, base, cleanup, report, { seconds: 5 });
  report.print();
} finally { await cleanup.runAll(); }
