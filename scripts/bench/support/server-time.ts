import { PerformanceObserver, constants } from 'node:perf_hooks';

/** What the server (this process) spent while a load ran: its CPU, and its pauses for garbage collection by kind. */
export interface ServerTime {
  cpuMs: number;
  gc: Record<'major' | 'minor' | 'other', { count: number; ms: number }>;
}

/**
 * Runs `load` while watching this process: the CPU it used (user + system) and the time V8 paused it
 * to collect garbage, major (mark-compact) and minor (scavenge) apart. A row of the load that swings
 * between runs says then whether the server worked more or was paused more (or neither: the machine).
 */
export async function serverTimeOf<T>(load: () => Promise<T>): Promise<{ result: T; server: ServerTime }> {
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
    return { result, server: { cpuMs: (used.user + used.system) / 1000, gc } };
  } finally {
    observer.disconnect();
  }
}

/** A ServerTime in a line: CPU per request, and the pauses. */
export function describeServerTime({ cpuMs, gc }: ServerTime, requests: number): string {
  const pauses = (['major', 'minor', 'other'] as const).map((k) => `${k} ${gc[k].count} (${gc[k].ms.toFixed(0)} ms)`).join(', ');
  return `server CPU ${(cpuMs / Math.max(1, requests)).toFixed(2)} ms a request; GC pauses ${pauses}`;
}
