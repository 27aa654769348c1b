import type { Choice } from '../../../admin/shared/choices';

/** What each kind of movement is called in the back office: the admin reads every side of the ledger, holds and charges included. */
export const movementKindLabels: Record<string, string> = {
  purchase: 'Acquisto',
  adjustment: 'Correzione',
  spend: 'Uso',
  hold: 'Riservati',
  charge: 'Addebitati',
  release: 'Restituiti',
  removal: 'Tolti',
  withdrawal: 'Ripresi (rimborso)',
  expiry: 'Scaduti',
};

export const movementKindChoices: Choice[] = Object.entries(movementKindLabels).map(([id, name]) => ({ id, name }));

/** Credits with their sign, as a movement moves them: "+20", "−5" (a true minus sign). */
export const signedCredits = (n: number): string => (n > 0 ? `+${n.toLocaleString('it-IT')}` : n < 0 ? `−${Math.abs(n).toLocaleString('it-IT')}` : '0');
