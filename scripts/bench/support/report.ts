import type { LatencySummary } from './measure.js';
import type { PostLoopResult } from './post-loop.js';

/** One line of the result table. `passed` is undefined for rows that only inform. */
export interface Row {
  measurement: string;
  value: string;
  unit: string;
  baseline: string;
  ratio: string;
  target: string;
  passed?: boolean;
}

const dash = '—';

export function formatNumber(value: number, digits = 0): string {
  if (!Number.isFinite(value)) return dash;
  return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

export function formatRatio(value: number, baseline: number): string {
  return baseline > 0 && Number.isFinite(value) ? (value / baseline).toFixed(2) : dash;
}

/** Collects rows and free-form details while the phases run, so a crash still prints what was measured. */
export class Report {
  readonly rows: Row[] = [];
  readonly details: string[] = [];

  add(row: Partial<Row> & Pick<Row, 'measurement' | 'value' | 'unit'>): void {
    this.rows.push({ baseline: dash, ratio: dash, target: dash, ...row });
  }

  /**
   * What adds a row of latency percentiles (p50 / p95 / p99, ms) beside `baseline` (the no-op
   * route's): its p95 over the baseline's, passing at `target` ms or less when a target is given.
   */
  latencyRows(baseline: LatencySummary): (measurement: string, s: LatencySummary, target?: number) => void {
    return (measurement, s, target) =>
      this.add({
        measurement,
        value: `${s.p50.toFixed(1)} / ${s.p95.toFixed(1)} / ${s.p99.toFixed(1)}`,
        unit: 'ms',
        baseline: baseline.p95.toFixed(1),
        ratio: (s.p95 / baseline.p95).toFixed(1),
        target: target ? `p95 ≤ ${target} ms` : dash,
        ...(target ? { passed: s.p95 <= target } : {}),
      });
  }

  /**
   * What adds the rows of loops of requests (post-loop.ts) beside `noop`, the no-op route's loop:
   * `rate`, a loop's ok answers a second over the no-op's requests a second, passing at `target` a
   * second or more with every answer ok when a target is given; `latency`, its p50 / p95 / p99 (ms),
   * its p95 over the no-op's.
   */
  loopRows(noop: PostLoopResult): {
    rate: (measurement: string, run: PostLoopResult, unit: string, target?: number) => void;
    latency: (measurement: string, run: PostLoopResult) => void;
  } {
    return {
      rate: (measurement, run, unit, target) => {
        const rate = run.ok / run.seconds;
        this.add({
          measurement,
          value: formatNumber(rate),
          unit,
          baseline: formatNumber(noop.perSecond),
          ratio: (rate / noop.perSecond).toFixed(2),
          ...(target ? { target: `≥ ${formatNumber(target)} ${unit}`, passed: rate >= target && run.ok === run.answers } : {}),
        });
      },
      latency: (measurement, run) =>
        this.add({ measurement, value: `${run.p50} / ${run.p95} / ${run.p99}`, unit: 'ms', baseline: String(noop.p95), ratio: (run.p95 / noop.p95).toFixed(1) }),
    };
  }

  detail(line: string): void {
    this.details.push(line);
  }

  print(out: (line: string) => void = console.log): void {
    const header: Row = { measurement: 'measurement', value: 'value', unit: 'unit', baseline: 'baseline', ratio: 'ratio', target: 'target' };
    const cells = (row: Row): string[] => [
      row.measurement,
      row.value,
      row.unit,
      row.baseline,
      row.ratio,
      row.target,
      row === header ? 'result' : row.passed === undefined ? '' : row.passed ? 'PASS' : 'FAIL',
    ];
    const table = [header, ...this.rows].map(cells);
    const widths = table[0]!.map((_, column) => Math.max(...table.map((line) => line[column]!.length)));
    // Text left-aligned, numbers right-aligned, as a reader scans them.
    const rightAligned = new Set([1, 3, 4]);
    const render = (line: string[]): string =>
      line
        .map((cell, column) => (rightAligned.has(column) ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!)))
        .join('  ')
        .trimEnd();
    out(render(table[0]!));
    out(widths.map((w) => '-'.repeat(w)).join('  '));
    for (const line of table.slice(1)) out(render(line));
    if (this.details.length) {
      out('');
      for (const line of this.details) out(`  ${line}`);
    }
  }
}
