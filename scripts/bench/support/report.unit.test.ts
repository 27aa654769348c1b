import { describe, expect, it } from 'vitest';
import type { PostLoopResult } from './post-loop.js';
import { Report } from './report.js';

const loop = (figures: Partial<PostLoopResult>): PostLoopResult => ({
  answers: 3000,
  ok: 3000,
  perSecond: 1500,
  seconds: 2,
  p50: 4,
  p95: 9,
  p99: 12,
  statuses: { '200': 3000 },
  firstError: null,
  ...figures,
});
const noop = loop({ ok: 10_000, answers: 10_000, perSecond: 5000, p95: 3 });

describe('the rows of loops of requests beside the no-op loop', () => {
  it('gives a loop’s ok answers a second over the no-op’s, passing at the target with every answer ok', () => {
    const report = new Report();
    const rows = report.loopRows(noop);
    rows.rate('credit spends', loop({}), 'spends/s', 1000);
    rows.rate('credit spends, one refused', loop({ answers: 3001 }), 'spends/s', 1000);
    rows.rate('credit spends, too slow', loop({ seconds: 4 }), 'spends/s', 1000);
    rows.rate('AI calls', loop({ ok: 500 }), 'calls/s');
    expect(report.rows).toEqual([
      { measurement: 'credit spends', value: '1,500', unit: 'spends/s', baseline: '5,000', ratio: '0.30', target: '≥ 1,000 spends/s', passed: true },
      { measurement: 'credit spends, one refused', value: '1,500', unit: 'spends/s', baseline: '5,000', ratio: '0.30', target: '≥ 1,000 spends/s', passed: false },
      { measurement: 'credit spends, too slow', value: '750', unit: 'spends/s', baseline: '5,000', ratio: '0.15', target: '≥ 1,000 spends/s', passed: false },
      { measurement: 'AI calls', value: '250', unit: 'calls/s', baseline: '5,000', ratio: '0.05', target: '—' },
    ]);
  });

  it('gives a loop’s p50 / p95 / p99 in ms, its p95 over the no-op’s, informing only', () => {
    const report = new Report();
    report.loopRows(noop).latency('  their latency (p50 / p95 / p99)', loop({}));
    expect(report.rows).toEqual([{ measurement: '  their latency (p50 / p95 / p99)', value: '4 / 9 / 12', unit: 'ms', baseline: '3', ratio: '3.0', target: '—' }]);
  });
});
