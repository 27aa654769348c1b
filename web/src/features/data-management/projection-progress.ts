import { plural } from '@platform/domain/format';

/**
 * Where a read model stands in the event log, in words. A position is «transaction/sequence» (the
 * PostgreSQL log orders events by the transaction that wrote them, then by their sequence number):
 * the sequence is the event's number in the log.
 */
export function positionText(position: string | null): string {
  const match = position ? /^(\d+)\/(\d+)$/.exec(position) : null;
  if (!match) return 'Nessun evento letto';
  return `Fino all’evento n. ${Number(match[2]).toLocaleString('it-IT')} (transazione ${Number(match[1]).toLocaleString('it-IT')})`;
}

/** How far a read model is behind the log: «In pari» or the events still to apply. */
export const lagText = (lag: number): string => (lag === 0 ? 'In pari con il registro' : `${plural(lag, 'evento', 'eventi')} da applicare`);
