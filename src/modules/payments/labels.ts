import type { PaymentMethod, PaymentProviderName, PaymentStatus, TransactionType } from './payment.js';
import type { AccountHolderKind, AccountStatus } from './payment-account.js';

/*
 * A payment's states, kinds, methods and providers in Italian, said once for both sides: the
 * server's refusals ("Il pagamento è completato: …") and the web's lists, filters and history
 * (@labels/payments). Pure data, importing nothing at run time.
 */

/** As a sentence reads it: "Il pagamento è completato". */
export const statusLabels: Record<PaymentStatus, string> = {
  pending: 'in attesa',
  processing: 'in lavorazione',
  completed: 'completato',
  failed: 'non riuscito',
  cancelled: 'annullato',
  refunded: 'rimborsato',
};

/** Spec §4 payment transaction states, as a list or a badge shows them. */
export const paymentStatusLabels: Record<PaymentStatus, string> = {
  pending: 'In attesa',
  processing: 'In lavorazione',
  completed: 'Completato',
  failed: 'Non riuscito',
  cancelled: 'Annullato',
  refunded: 'Rimborsato',
};

/** Spec §3 transactionType. */
export const transactionTypeLabels: Record<TransactionType, string> = {
  package_purchase: 'Acquisto pacchetto',
  order_payment: 'Pagamento ordine',
  collaboration_payment: 'Pagamento collaborazione',
  refund: 'Rimborso',
  credit_purchase: 'Acquisto crediti',
};

/** Spec §3 paymentMethod. */
export const paymentMethodLabels: Record<PaymentMethod, string> = {
  credit_card: 'Carta',
  paypal: 'PayPal',
  bank_transfer: 'Bonifico',
  credits: 'Crediti',
};

export const paymentProviderLabels: Record<PaymentProviderName, string> = {
  sandbox: 'Pagamenti di prova',
  stripe: 'Stripe',
  paypal: 'PayPal',
};

/** What a payment pays for (its metadata's `purpose.kind`). */
export const purposeKindLabels: Record<string, string> = {
  package: 'Pacchetto',
  order: 'Ordine',
  credits: 'Crediti AI',
  collaboration: 'Collaborazione',
  test: 'Prova',
};

/** Whose a payment account is. */
export const accountHolderKindLabels: Record<AccountHolderKind, string> = { store: 'Negozio', collaborator: 'Collaboratore' };

/** A shop's payment account in one word (payment-account.ts accountStatusOf). */
export const accountStatusLabels: Record<AccountStatus, string> = {
  details_missing: 'Dati mancanti',
  verification_pending: 'Verifica in corso',
  enabled: 'Attivo',
  restricted: 'Limitato',
};

/** What each state means for the shop, as its settings say it. */
/** The same, for a collaborator's account (their compensations' transfers). */
export const collaboratorAccountStatusHints: Record<AccountStatus, string> = {
  details_missing: 'Completa i dati richiesti dal fornitore: finché mancano, la piattaforma non può trasferirti i compensi su questo conto.',
  verification_pending: 'Hai inviato i dati: il fornitore li sta verificando. Ti avvisiamo quando il conto è attivo.',
  enabled: 'La piattaforma ti trasferisce qui i compensi degli incarichi pagati; il fornitore li versa sul tuo conto bancario.',
  restricted: 'Il fornitore ha limitato il conto: controlla cosa manca qui sotto o sulla pagina del fornitore.',
};

export const accountStatusHints: Record<AccountStatus, string> = {
  details_missing: 'Completa i dati richiesti dal fornitore: finché mancano, i clienti non possono pagarti online con questo conto.',
  verification_pending: 'Hai inviato i dati: il fornitore li sta verificando. Ti avvisiamo quando il conto è attivo.',
  enabled: 'I clienti possono pagarti online: gli incassi arrivano sul tuo conto, al netto della commissione della piattaforma.',
  restricted: 'Il fornitore ha limitato il conto: controlla cosa manca qui sotto o sulla pagina del fornitore.',
};

/**
 * What a provider still needs, in Italian, by the start of its name (Stripe's requirements:
 * `external_account`, `individual.verification.document`, `tos_acceptance.date`…). The first
 * match wins; a name none matches is «altri dati richiesti dal fornitore».
 */
const requirementLabels: [prefix: string, label: string][] = [
  ['external_account', 'il conto bancario su cui ricevere gli accrediti (IBAN)'],
  ['individual.verification', 'un documento d’identità del titolare'],
  ['representative.verification', 'un documento d’identità del rappresentante'],
  ['company.verification', 'un documento dell’azienda'],
  ['tos_acceptance', 'l’accettazione dei termini del fornitore'],
  ['business_profile', 'i dati dell’attività (settore, sito o descrizione)'],
  ['business_type', 'il tipo di attività'],
  ['individual.id_number', 'il codice fiscale del titolare'],
  ['individual', 'i dati anagrafici del titolare'],
  ['representative', 'i dati del rappresentante'],
  ['company.tax_id', 'la partita IVA'],
  ['company', 'i dati dell’azienda'],
  ['owners', 'i dati dei titolari effettivi'],
  ['directors', 'i dati degli amministratori'],
  ['settings.payments', 'la descrizione che compare sull’estratto conto dei clienti'],
  // PayPal's merchant integration (partner referrals).
  ['paypal.primary_email_confirmed', 'la conferma dell’indirizzo e-mail del conto PayPal'],
  ['paypal.payments_receivable', 'lo sblocco del conto PayPal per ricevere pagamenti (controlla i messaggi di PayPal)'],
  ['paypal.permissions', 'il consenso alla piattaforma a ricevere pagamenti per il negozio (ripeti il collegamento)'],
];

/** The provider's needs in Italian, each once, in the order it gave them. */
export function requirementsInItalian(names: readonly string[]): string[] {
  const said = names.map((name) => requirementLabels.find(([prefix]) => name === prefix || name.startsWith(`${prefix}.`))?.[1] ?? 'altri dati richiesti dal fornitore');
  return [...new Set(said)];
}

/** A payer's bank's dispute (chargeback), as decided. */
export const disputeOutcomeLabels: Record<'won' | 'lost' | 'open', string> = {
  open: 'In corso',
  won: 'Vinta: il denaro torna al negozio',
  lost: 'Persa: il denaro resta al cliente',
};

/** Why the payer's bank disputes a payment (Stripe's dispute reasons). */
export const disputeReasonLabels: Record<string, string> = {
  fraudulent: 'Pagamento non autorizzato dal titolare della carta',
  product_not_received: 'Prodotto non ricevuto',
  product_unacceptable: 'Prodotto non conforme',
  duplicate: 'Addebito doppio',
  credit_not_processed: 'Rimborso promesso e non ricevuto',
  subscription_canceled: 'Abbonamento annullato',
  unrecognized: 'Addebito non riconosciuto',
  incorrect_account_details: 'Dati del conto errati',
  insufficient_funds: 'Fondi insufficienti',
  bank_cannot_process: 'La banca non può elaborare il pagamento',
  debit_not_authorized: 'Addebito non autorizzato',
  customer_initiated: 'Contestazione del cliente',
  general: 'Motivo generico',
};

/** Why a payout to the holder's bank failed (Stripe's payout failure codes). */
export const payoutFailureLabels: Record<string, string> = {
  account_closed: 'Il conto bancario è chiuso',
  account_frozen: 'Il conto bancario è bloccato',
  bank_account_restricted: 'Il conto bancario non accetta questo bonifico',
  bank_ownership_changed: 'Il conto bancario ha cambiato titolare',
  could_not_process: 'La banca non ha potuto elaborare il bonifico',
  debit_not_authorized: 'Addebito non autorizzato',
  declined: 'La banca ha rifiutato il bonifico',
  incorrect_account_holder_name: 'Il nome del titolare del conto non corrisponde',
  incorrect_account_holder_address: 'L’indirizzo del titolare del conto non corrisponde',
  incorrect_account_holder_tax_id: 'Il codice fiscale del titolare del conto non corrisponde',
  insufficient_funds: 'Saldo insufficiente presso il fornitore',
  invalid_account_number: 'IBAN non valido',
  invalid_currency: 'Il conto bancario non accetta euro',
  no_account: 'Il conto bancario non esiste',
  unsupported_card: 'Carta non supportata per i bonifici',
};

/** A failed payout's reason in Italian: its code's name, or the provider's own words. */
export const payoutFailureInItalian = (code: string | null): string =>
  code === null ? 'Motivo non indicato dal fornitore' : (payoutFailureLabels[code] ?? 'Motivo indicato dal fornitore (vedi il codice)');
