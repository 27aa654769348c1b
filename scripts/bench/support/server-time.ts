import { PerformanceObserver, constants } from 'node:perf_hooks';
import type { ProjectionHost } from '../../../src/platform/projections/host.js';

/** What the server (this process) spent while a load ran: its CPU, and its pauses for garbage collection by kind. */
export interface ServerTime {
  cpuMs: number;
  gc: Record<'major' | 'minor' | 'other', { count: number; ms: number }>;
  /** The read models whose rows changed meanwhile, and how often (each empties the caches that read them). */
  changed: Record<string, number>;
}

/**
 * Runs `load` while watching this process: the CPU it used (user + system) and the time V8 paused it
 * to collect garbage, major (mark-compact) and minor (scavenge) apart. A row of the load that swings
 * between runs says then whether the server worked more or was paused more (or neither: the machine),
 * and whether its caches were emptied by writes meanwhile (`projections`: the read models that changed).
 */
export async function serverTimeOf<T>(load: () => Promise<T>, projections?: ProjectionHost): Promise<{ result: T; server: ServerTime }> {
  const changed: Record<string, number> = {};
  let watching = true;
  projections?.onReadModelChanged((name) => {
    if (watching) changed[name] = (changed[name] ?? 0) + 1;
  });
  const gc: ServerTime['gc'] = { major: { count: 0, ms: 0 }, minor: { count: 0, ms: 0 }, other: { count: 0, ms: 0 } };
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = (entry as PerformanceEntry & { detail: { kind: number } }).detail.kind;
      const bucket = kind === constants.NODE_PERFORMANCE_GC_MAJOR ? gc.major : kind === constants.NODE_PERFORMANCE_GC_MINOR ? gc.minor : gc.other;
      bucket.count++;
      bucket.ms += entry.duration;
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  const cpu = process.cpuUsage();
  try {
    const result = await load();
    const used = process.cpuUsage(cpu);
    return { result, server: { cpuMs: (used.user + used.system) / 1000, gc, changed } };
  } finally {
    observer.disconnect();
    watching = false;
  }
}

/** A ServerTime in a line: CPU per request, and the pauses. */
export function describeServerTime({ cpuMs, gc, changed }: ServerTime, requests: number): string {
  const pauses = (['major', 'minor', 'other'] as const).map((k) => `${k} ${gc[k].count} (${gc[k].ms.toFixed(0)} ms)`).join(', ');
  const changes = Object.entries(changed).map(([name, n]) => `${name} ${n}`);
  return `server CPU ${(cpuMs / Math.max(1, requests)).toFixed(2)} ms a request; GC pauses ${pauses}; read models changed: ${changes.length ? changes.join(', ') : 'none'}`;
}
