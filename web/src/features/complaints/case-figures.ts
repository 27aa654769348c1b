import { statusLabels, urgencyLabels, type CaseStatus, type Urgency } from '@labels/complaints';
import { formatDateTime } from '../../lib/dates';
import { formatMoney } from '../../lib/money';
import type { CaseRecord } from './api';
import { roleLabels } from '@labels/users';
import { plural } from '@platform/domain/format';

/* What a case page and list say of a case, by its state and the reader's place in it. Pure. */

export { statusLabels, urgencyLabels };

export type ChipColor = 'default' | 'info' | 'warning' | 'success' | 'error' | 'secondary' | 'primary';

export const statusColors: Record<CaseStatus, ChipColor> = {
  submitted: 'warning',
  under_review: 'info',
  investigating: 'secondary',
  resolved: 'success',
  rejected: 'default',
  appealed: 'warning',
};

export const urgencyColors: Record<Urgency, ChipColor> = { low: 'default', normal: 'info', high: 'warning', immediate: 'error' };

/** A complaint on a session or a dispute on an order. */
export const kindLabel = (c: Pick<CaseRecord, 'kind'>) => (c.kind === 'dispute' ? 'Contestazione' : 'Reclamo');

export const decided = (c: Pick<CaseRecord, 'status'>) => c.status === 'resolved' || c.status === 'rejected';

/** The respondent answers the admin's question while the case is under investigation and not yet answered. */
export const canRespond = (c: Pick<CaseRecord, 'myRole' | 'status' | 'respondentAskedAt' | 'respondentAnsweredAt'>) =>
  c.myRole === 'respondent' && c.status === 'investigating' && !!c.respondentAskedAt && !c.respondentAnsweredAt;

/** Messages are for cases not yet decided. */
export const canWrite = (c: Pick<CaseRecord, 'status'>) => !decided(c);

/** The compensation in words: "20 crediti AI", "rimborso di € 12,00", or null when none. */
export function compensationText(c: Pick<CaseRecord, 'compensation'>): string | null {
  const { method, amount, credits } = c.compensation;
  if (!method) return null;
  return method === 'refund' ? `Rimborso di ${formatMoney(amount)}` : `${plural(credits, 'credito AI', 'crediti AI')}`;
}

/** What the case waits for, in the reader's words, and by when (null once nothing is awaited). */
export function awaitedText(c: CaseRecord): string | null {
  const by = c.dueAt ? ` entro il ${formatDateTime(c.dueAt)}` : '';
  switch (c.status) {
    case 'submitted':
      return c.myRole === 'admin' ? `Da prendere in carico${by}` : `In attesa di un amministratore${by}`;
    case 'appealed':
      return c.myRole === 'admin' ? `Ricorso da prendere in carico${by}` : `Ricorso in attesa di un altro amministratore${by}`;
    case 'under_review':
      return c.myRole === 'admin' ? `Da decidere${by}` : `In esame: decisione attesa${by}`;
    case 'investigating':
      if (!c.respondentAnsweredAt && c.respondentAnswerBy) {
        if (c.myRole === 'respondent') return `Aspettiamo la tua risposta entro il ${formatDateTime(c.respondentAnswerBy)}`;
        return `Risposta dell’altra parte attesa entro il ${formatDateTime(c.respondentAnswerBy)}`;
      }
      return c.myRole === 'admin' ? `Da decidere${by}` : `Risposta ricevuta: decisione attesa${by}`;
    case 'resolved':
    case 'rejected':
      if (c.canAppeal && c.appealBy)
        return `Decisione presa: se non sei d’accordo puoi fare ricorso una volta, entro il ${formatDateTime(c.appealBy)}; lo esamina un altro amministratore`;
      if (c.compensation.status === 'pending') return 'Indennizzo in attesa di approvazione';
      if (c.compensation.status === 'approved') return 'Indennizzo approvato, in pagamento';
      return null;
  }
}

/** The other side of the case for the reader. */
export function otherParty(c: Pick<CaseRecord, 'myRole' | 'complainant' | 'respondent'>) {
  return c.myRole === 'respondent' ? c.complainant : c.respondent;
}

/** A customer may dispute a completed order within 14 days of its completion. */
export const DISPUTE_DAYS = 14;
export function disputeOpenUntil(order: { status: string; timeline: { status: string; at: string }[] }): Date | null {
  if (order.status !== 'completed') return null;
  const done = order.timeline.findLast((t) => t.status === 'completed');
  return done ? new Date(Date.parse(done.at) + DISPUTE_DAYS * 24 * 3_600_000) : null;
}

/** Who took part in a case: the roles' names (the users module's), the admin as the institution. */
export const roleNames: Record<string, string> = { ...roleLabels, admin: 'Amministrazione' };
