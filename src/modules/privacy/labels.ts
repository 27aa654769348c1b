import type { ErasureRequestedBy, ErasureStatus } from './erasure.js';

/*
 * The erasures' states and who asked, in Italian, said once for both sides (@labels/privacy).
 * Pure data, importing nothing at run time.
 */

export const erasureStatuses = ['requested', 'waiting', 'carried_out', 'completed'] as const satisfies readonly Exclude<ErasureStatus, 'none'>[];

export const erasureStatusLabels: Record<(typeof erasureStatuses)[number], string> = {
  requested: 'Richiesta',
  waiting: 'In attesa degli ordini aperti',
  carried_out: 'Eseguita, in chiusura',
  completed: 'Completata',
};

export const erasureRequestedByLabels: Record<ErasureRequestedBy, string> = {
  self: 'Dalla persona, nelle sue impostazioni',
  admin: 'Dall’amministrazione, su sua richiesta',
};
