import { z } from 'zod';
import { api, get, isoTime } from '../../platform/http/contract.js';
import { pageQuery } from '../../platform/http/paging.js';
import { queryText } from '../../platform/http/schemas.js';
import { euros } from '../../platform/http/money.js';
import { accountHolderKinds, accountStatuses } from '../payments/payment-account.js';

/** A day of the Rome calendar, as the period's filter gives it. */
const day = z.iso.date({ error: 'Data: scrivi una data (AAAA-MM-GG).' });

/** Where the next page of movements begins: the last one shown (its time and id). */
const cursor = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z~[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, {
  error: 'Segno di pagina non valido: ricarica la pagina degli incassi.',
});

export const earningsQuery = z
  .object({ from: day.optional(), to: day.optional(), before: cursor.optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { error: 'Il periodo finisce prima di cominciare: la data «al» viene dopo la data «dal».', path: ['to'] });

export const movementKinds = ['sale', 'refund', 'chargeback', 'chargeback_reversal', 'payout', 'payout_reversal', 'transfer'] as const;

/** One movement of a shop's takings: signed (a refund is negative), gross = fee + net. */
export const earningsMovement = z.object({
  id: z.uuid(),
  kind: z.enum(movementKinds),
  orderId: z.uuid().nullable(),
  /** The payment it moves (a sale, a refund, a chargeback), or the payout (a payout to the bank). */
  paymentId: z.uuid().nullable(),
  payoutId: z.string().nullable(),
  /** A collaborator's compensation paid to their account: the provider's transfer, and the assignment it pays. */
  transferId: z.string().nullable(),
  assignmentId: z.uuid().nullable(),
  description: z.string(),
  provider: z.string(),
  gross: euros,
  fee: euros,
  net: euros,
  at: isoTime,
});
export type EarningsMovement = z.infer<typeof earningsMovement>;

/** What a period's movements add up to. */
export const earningsTotals = z.object({
  /** Orders paid online in the period. */
  sales: z.number().int(),
  /** What customers paid. */
  gross: euros,
  /** The platform's commission kept on it, less what refunds gave back. */
  fees: euros,
  /** What refunds gave back to customers (a positive amount). */
  refunds: euros,
  /** What customers' banks took back in disputes, less what came back when they were won (a positive amount). */
  chargebacks: euros,
  /** The shop's part: gross less refunds, chargebacks and fees. */
  net: euros,
  /** Paid out to the shop's bank, less payouts that failed (a positive amount). */
  payouts: euros,
});

/** A payout of the shop's balance to its bank, as the provider reported it. */
export const earningsPayout = z.object({
  provider: z.string(),
  payoutId: z.string(),
  amount: euros,
  status: z.enum(['paid', 'failed']),
  /** The day the money is due at the bank. */
  arrivalDate: z.iso.date(),
  /** Why it failed, in Italian (and the provider's own words). */
  failure: z.string().nullable(),
  failureMessage: z.string().nullable(),
  reportedAt: isoTime,
});
export type EarningsPayout = z.infer<typeof earningsPayout>;

/** The shop's money at the providers now. */
export const earningsBalance = z.object({
  /** The shop's part of every movement ever, less what was paid out: what the providers hold for the shop. */
  total: euros,
  /** Of which still on its way (the providers' payout delay after a sale: PAYOUT_DELAY_DAYS). */
  pending: euros,
  /** Of which the providers may pay out now. */
  available: euros,
});

export const shopEarnings = z.object({
  period: z.object({ from: z.iso.date(), to: z.iso.date() }),
  totals: earningsTotals,
  balance: earningsBalance,
  /** The latest payouts to the shop's bank (paid or failed), newest first. */
  payouts: z.array(earningsPayout),
  /** The period's movements, newest first (at most `limit`). */
  movements: z.array(earningsMovement),
  /** More movements in the period than those listed. */
  more: z.boolean(),
  /** The next page's `before`, when there is more (null: none). */
  next: z.string().nullable(),
});
export type ShopEarnings = z.infer<typeof shopEarnings>;

/** A month of a shop's statements. */
export const statementMonth = z.object({
  /** YYYY-MM, Rome's calendar. */
  month: z.string(),
  /** The month is still in progress: its statement runs to today. */
  provisional: z.boolean(),
  sales: z.number().int(),
  fees: euros,
  net: euros,
});
export const statementMonths = z.object({
  /** 24 months at most, newest first. */
  months: z.array(statementMonth),
  /** The older months are asked with `?before=` this month; null when there are none. */
  next: z.string().nullable(),
});

const monthParam = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'Mese: scrivi il mese come AAAA-MM (per esempio 2026-11).' });
/** `?before=2024-11`: the months before it (the next page). */
export const statementMonthsQuery = z.object({ before: monthParam.optional() });
export type StatementMonthsQuery = z.output<typeof statementMonthsQuery>;
const formatParam = z.enum(['csv', 'pdf'], { error: 'Formato: csv o pdf.' });
export const statementParams = z.object({ month: monthParam, format: formatParam });
export const storeStatementParams = z.object({ id: z.uuid({ error: 'Negozio non valido.' }) });
export const storeStatementFileParams = storeStatementParams.extend({ month: monthParam, format: formatParam });
export const collaboratorStatementFileParams = z.object({ id: z.uuid({ error: 'Collaboratore non valido.' }), month: monthParam, format: formatParam });

/** A shop's or a collaborator's payment account at a provider, as the admin's list shows it. */
export const platformAccount = z.object({
  holderKind: z.enum(accountHolderKinds),
  holderId: z.uuid(),
  holderName: z.string(),
  provider: z.string(),
  accountId: z.string(),
  status: z.enum(accountStatuses),
  balance: earningsBalance,
  lastPayoutAt: isoTime.nullable(),
  failedPayouts: z.number().int(),
});

/** `?q=rossi&page=2&pageSize=25`: the accounts whose holder's name has each word (accents and case ignored), a page at a time. */
export const platformAccountsQuery = z.object({
  q: queryText('Ricerca', 100).optional(),
  ...pageQuery(25, 100),
});

/** The platform's takings, for the admin. */
export const platformEarnings = z.object({
  /** The latest months, newest first: what the platform kept. */
  revenue: z.array(z.object({ month: z.string(), commissions: euros, plans: euros, credits: euros, total: euros })),
  /** The payouts that failed, newest first (at most 50). */
  failedPayouts: z.array(
    z.object({
      holderKind: z.enum(accountHolderKinds),
      holderId: z.uuid(),
      holderName: z.string().nullable(),
      provider: z.string(),
      payoutId: z.string(),
      amount: euros,
      failure: z.string(),
      failureMessage: z.string().nullable(),
      wasPaid: z.boolean(),
      failedAt: isoTime,
    }),
  ),
  /** How many payouts failed in all: the list has the newest 50. */
  failedPayoutsCount: z.number().int(),
});
export type PlatformEarnings = z.infer<typeof platformEarnings>;
export type PlatformAccount = z.infer<typeof platformAccount>;
export type PlatformAccountsQuery = z.output<typeof platformAccountsQuery>;

/** A shop's account at a provider, its ledger's balance against the provider's own. */
export const reconciliation = z.object({
  provider: z.string(),
  accountId: z.string(),
  /** What the ledger says the provider holds for the shop. */
  ledger: earningsBalance,
  /** What the provider says it holds (null: it keeps no balance of its own, the test payments). */
  providerBalance: z.object({ available: euros, pending: euros, total: euros }).nullable(),
  /** Provider's total less the ledger's (0 when they agree). */
  difference: euros.nullable(),
  checkedAt: isoTime,
});
export const reconciliationParams = z.object({
  id: z.uuid({ error: 'Negozio non valido.' }),
  provider: z.enum(['stripe', 'sandbox'], { error: 'Fornitore: stripe o sandbox.' }),
});

/** A shop's takings (issue [20]): the orders paid online to its account, the commission, the refunds. */
export const earningsApi = api('incassi', {
  mine: get(
    '/api/earnings/mine',
    'Gli incassi online del mio negozio in un periodo (dal, al: giorni del calendario di Roma; senza, il mese in corso): totali lordi, commissioni, rimborsi e netto, e i movimenti',
    { 200: shopEarnings },
    { querystring: earningsQuery },
  ),
  statements: get(
    '/api/earnings/mine/statements',
    'I mesi con movimenti del mio negozio, di cui scaricare l’estratto conto: 24 alla volta, i precedenti con ?before=AAAA-MM',
    { 200: statementMonths },
    { querystring: statementMonthsQuery },
  ),
  statement: get(
    '/api/earnings/mine/statements/:month/:format',
    'L’estratto conto di un mese del mio negozio (AAAA-MM), in CSV o PDF: ordini, lordo, commissioni, rimborsi, netto, bonifici e i dati della fattura delle commissioni',
    {},
    { params: statementParams },
  ),
  platform: get('/api/admin/earnings/overview', 'Gli incassi della piattaforma (amministrazione): ricavi per mese (commissioni, piani, crediti AI) e i bonifici non riusciti', {
    200: platformEarnings,
  }),
  platformAccounts: get(
    '/api/admin/earnings/accounts',
    'I conti di pagamento dei negozi e dei collaboratori (amministrazione), con stato e saldo: prima quelli con bonifici non riusciti, poi per saldo; cercati per nome del titolare, una pagina alla volta (X-Total-Count)',
    { 200: z.array(platformAccount) },
    { querystring: platformAccountsQuery },
  ),
  reconcileCollaborator: get(
    '/api/admin/collaborators/:id/payment-accounts/:provider/reconciliation',
    'Il saldo del conto di un collaboratore presso un fornitore, come lo dice il registro dei compensi e come lo dice il fornitore, e la differenza (amministrazione)',
    { 200: reconciliation },
    { params: reconciliationParams.extend({ id: z.uuid({ error: 'Collaboratore non valido.' }) }) },
  ),
  reconcile: get(
    '/api/admin/stores/:id/payment-accounts/:provider/reconciliation',
    'Il saldo del conto di un negozio presso un fornitore, come lo dice il registro degli incassi e come lo dice il fornitore, e la differenza (amministrazione)',
    { 200: reconciliation },
    { params: reconciliationParams },
  ),
  storeStatements: get(
    '/api/admin/stores/:id/statements',
    'I mesi con movimenti di un negozio, di cui scaricare l’estratto conto (amministrazione): 24 alla volta, i precedenti con ?before=AAAA-MM',
    {
      200: statementMonths,
    },
    { params: storeStatementParams, querystring: statementMonthsQuery },
  ),
  storeStatement: get(
    '/api/admin/stores/:id/statements/:month/:format',
    'L’estratto conto di un mese di un negozio, in CSV o PDF (amministrazione)',
    {},
    { params: storeStatementFileParams },
  ),
  collaboratorMine: get(
    '/api/earnings/collaborator',
    'Il conto dei compensi del collaboratore in un periodo (dal, al: giorni del calendario di Roma; senza, il mese in corso): i compensi trasferiti sul suo conto di pagamento, i bonifici alla banca, il saldo e i movimenti',
    { 200: shopEarnings },
    { querystring: earningsQuery },
  ),
  collaboratorStatements: get(
    '/api/earnings/collaborator/statements',
    'I mesi con movimenti del conto dei compensi del collaboratore, di cui scaricare l’estratto conto: 24 alla volta, i precedenti con ?before=AAAA-MM',
    { 200: statementMonths },
    { querystring: statementMonthsQuery },
  ),
  collaboratorStatement: get(
    '/api/earnings/collaborator/statements/:month/:format',
    'L’estratto conto di un mese del conto dei compensi del collaboratore (AAAA-MM), in CSV o PDF: compensi ricevuti, bonifici, saldo',
    {},
    { params: statementParams },
  ),
  adminCollaboratorStatements: get(
    '/api/admin/collaborators/:id/statements',
    'I mesi con movimenti del conto dei compensi di un collaboratore, di cui scaricare l’estratto conto (amministrazione): 24 alla volta, i precedenti con ?before=AAAA-MM',
    { 200: statementMonths },
    { params: z.object({ id: z.uuid({ error: 'Collaboratore non valido.' }) }), querystring: statementMonthsQuery },
  ),
  adminCollaboratorStatement: get(
    '/api/admin/collaborators/:id/statements/:month/:format',
    'L’estratto conto di un mese del conto dei compensi di un collaboratore, in CSV o PDF (amministrazione)',
    {},
    { params: collaboratorStatementFileParams },
  ),
});
