import type { Role } from '../../platform/domain/context.js';
import { eventName } from '../event-names.js';
import { formatEuro } from '../../platform/domain/format.js';

const roleNames: Record<Role, string> = { admin: 'amministratore', shopkeeper: 'negoziante', collaborator: 'collaboratore', customer: 'cliente' };
const cancelledBy: Record<string, string> = { customer: 'dal cliente', store: 'dal negozio', admin: 'dall’amministrazione', system: 'per scadenza' };

type Data = Record<string, unknown>;
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const money = (value: unknown): string => (typeof value === 'number' ? formatEuro(value) : '');
const role = (value: unknown): string => roleNames[value as Role] ?? text(value);
/** "«Bottega Rossi»", or nothing when the event does not carry the name. */
const quoted = (value: unknown): string => (text(value) ? ` «${text(value)}»` : '');

/** One sentence per event type that says what happened with the event's own data; the rest: its name. */
const sentences: Record<string, (d: Data) => string> = {
  UserRegistered: (d) => `Nuovo account «${text(d.username)}» (${role(d.role)}).`,
  UserSuspended: (d) => `Account sospeso: ${text(d.reason)}.`,
  UserRoleChanged: (d) => `Ruolo cambiato in ${role(d.role)}.`,
  StoreCreated: (d) => `Nuovo negozio${quoted((d.profile as Data | undefined)?.name)} in attesa di approvazione.`,
  StoreApproved: (d) => `Negozio${quoted(d.name)} approvato.`,
  StoreSuspended: (d) => `Negozio${quoted(d.name)} sospeso: ${text(d.reason)}.`,
  StoreReactivated: (d) => `Negozio${quoted(d.name)} riattivato.`,
  ProductCreated: (d) => {
    const fields = (d.fields ?? {}) as Data;
    return `Nuovo prodotto${quoted(fields.name)} a ${money(fields.price)}.`;
  },
  ProductUpdated: (d) => `Prodotto modificato: ${Object.keys((d.changes ?? {}) as Data).join(', ')}.`,
  ProductStockAdjusted: (d) => `Magazzino ${Number(d.delta) > 0 ? '+' : ''}${String(d.delta)} pezzi, ora ${String(d.stockAfter)}.`,
  OrderPlaced: (d) => `Ordine di ${money(d.total)} da ${text(d.customerName)} presso${quoted(d.storeName)}.`,
  OrderAccepted: (d) => `Ordine presso${quoted(d.storeName)} accettato.`,
  OrderReady: (d) => `Ordine presso${quoted(d.storeName)} pronto.`,
  OrderShipped: (d) => `Ordine presso${quoted(d.storeName)} in consegna.`,
  OrderCompleted: (d) => `Ordine presso${quoted(d.storeName)} completato.`,
  OrderCancelled: (d) => `Ordine presso${quoted(d.storeName)} annullato ${cancelledBy[text(d.by)] ?? ''}.`.replace(' .', '.'),
  ReservationRequested: (d) => `Prenotazione di ${String(d.quantity)} × «${text(d.productName)}» presso${quoted(d.storeName)}.`,
  ReservationConfirmed: (d) => `Prenotazione di «${text(d.productName)}» confermata da${quoted(d.storeName)}.`,
  ReservationReady: (d) => `Prenotazione di «${text(d.productName)}» pronta presso${quoted(d.storeName)}.`,
  ReservationCompleted: (d) => `Prenotazione di «${text(d.productName)}» ritirata presso${quoted(d.storeName)}.`,
  ReservationCancelled: (d) => `Prenotazione di «${text(d.productName)}» annullata ${cancelledBy[text(d.by)] ?? ''}.`.replace(' .', '.'),
};

/** A short Italian sentence telling what an event did, for the admin's recent activity. */
export function eventSummary(type: string, data: unknown): string {
  const sentence = sentences[type];
  return sentence && data && typeof data === 'object' ? sentence(data as Data) : `${eventName(type)}.`;
}
