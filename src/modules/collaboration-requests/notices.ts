import { withReason } from '../../platform/domain/format.js';
import { formatCents } from '../../platform/domain/money.js';

/*
 * What the collaboration notices of a request say (issue [12], spec §3 collaborator_notifications),
 * in Italian: the notifications module stores them per recipient, closes the invitations they
 * make, announces them live and mails them (notifications/collaboration-projection.ts).
 */

/** What a notice says. */
export interface NoticeText {
  title: string;
  message: string;
}

/** What a request's notices tell of it (its event or, later, the notifications' memory of it). */
export interface RequestTold {
  storeName: string;
  message: string;
  /** Minutes. */
  estimatedDuration: number;
  maxBudgetCents: number;
}

const rome = new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' });
/** "26 novembre alle ore 15:30", as Italy reads an instant. */
const when = (iso: string): string => rome.format(new Date(iso));

/** "45 minuti", "2 ore", "1 ora e 30 minuti". */
export function durationText(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const hours = h === 1 ? '1 ora' : `${h} ore`;
  const mins = m === 1 ? '1 minuto' : `${m} minuti`;
  return h && m ? `${hours} e ${mins}` : h ? hours : mins;
}

/** The request's own words, short. */
const quoted = (text: string): string => {
  const t = text.trim().replace(/\s+/g, ' ');
  return `«${t.length > 140 ? `${t.slice(0, 139)}…` : t}»`;
};

const detailsOf = (r: RequestTold): string => `${quoted(r.message)} Durata stimata ${durationText(r.estimatedDuration)}, budget fino a ${formatCents(r.maxBudgetCents)}.`;

/** Each notice of a request's steps, to the collaborator or the shopkeeper. */
export const requestNotices = {
  /** A direct request, to the collaborator asked. */
  askedDirectly: (r: RequestTold, deadline: string): NoticeText => ({
    title: 'Nuova richiesta di collaborazione',
    message: `«${r.storeName}» chiede il tuo aiuto: ${detailsOf(r)} Rispondi entro il ${when(deadline)}.`,
  }),
  /** A waiting request, to each collaborator covering the shop. */
  openNearby: (r: RequestTold, deadline: string): NoticeText => ({
    title: 'Nuova richiesta nella tua zona',
    message: `«${r.storeName}» cerca un collaboratore: ${detailsOf(r)} La prima persona che accetta se la aggiudica; aperta fino al ${when(deadline)}.`,
  }),
  /** A waiting request, to its shopkeeper: how many it reached. */
  reached: (storeName: string, count: number): NoticeText => ({
    title: 'Richiesta inviata ai collaboratori',
    message: `La tua richiesta per «${storeName}» è arrivata a ${count === 1 ? '1 collaboratore disponibile' : `${count} collaboratori disponibili`} nella zona: ti avvisiamo appena qualcuno accetta.`,
  }),
  /** auto_match: the request offered to one collaborator, for a window. */
  offered: (r: RequestTold, until: string): NoticeText => ({
    title: 'Richiesta di collaborazione per te',
    message: `«${r.storeName}» cerca aiuto e la richiesta è proposta a te: ${detailsOf(r)} Rispondi entro il ${when(until)}, poi passa a un altro collaboratore.`,
  }),
  /** `collaboratorName`: null when their name is not known. */
  declined: (storeName: string, collaboratorName: string | null, reason: string | undefined): NoticeText => ({
    title: 'Richiesta rifiutata',
    message: withReason(`${collaboratorName ?? 'Il collaboratore'} non può accettare la tua richiesta per «${storeName}»: puoi chiedere a un altro collaboratore.`, reason),
  }),
  accepted: (storeName: string, collaboratorName: string, purchaseDeadline: string): NoticeText => ({
    title: 'Richiesta accettata',
    message: `${collaboratorName} ha accettato la tua richiesta per «${storeName}». Acquista il pacchetto di collaborazione entro il ${when(purchaseDeadline)} per confermarla.`,
  }),
  /** Accepted but not bought in time, to the collaborator who had accepted. */
  notConfirmed: (storeName: string): NoticeText => ({
    title: 'Collaborazione non confermata',
    message: `«${storeName}» non ha confermato in tempo la collaborazione che avevi accettato: la richiesta è scaduta.`,
  }),
  /** Accepted but not bought in time, to the shopkeeper. */
  notPurchased: (storeName: string, collaboratorName: string | null): NoticeText => ({
    title: 'Richiesta scaduta',
    message: `Il pacchetto non è stato acquistato in tempo: la collaborazione con ${collaboratorName ?? 'il collaboratore'} per «${storeName}» è scaduta.`,
  }),
  /** Expired untaken, to each collaborator still invited. */
  expiredInvitation: (storeName: string): NoticeText => ({
    title: 'Richiesta scaduta',
    message: `La richiesta di «${storeName}» è scaduta: non è più possibile accettarla.`,
  }),
  /** Expired untaken, to the shopkeeper: no one matched, or no one accepted in time. */
  expiredUntaken: (storeName: string, noMatch: boolean): NoticeText => ({
    title: 'Richiesta scaduta',
    message: noMatch
      ? `Nessun collaboratore disponibile ha accettato la tua richiesta per «${storeName}»: puoi inviarne una nuova.`
      : `Nessun collaboratore ha accettato in tempo la tua richiesta per «${storeName}»: puoi inviarne una nuova.`,
  }),
  /** Cancelled by the shop, to each collaborator still invited. */
  cancelled: (storeName: string, reason: string | undefined): NoticeText => ({
    title: 'Richiesta annullata',
    message: withReason(`«${storeName}» ha annullato la richiesta di collaborazione.`, reason),
  }),
};
