import { z } from 'zod';
import { readSettingsRowOf } from '../../platform/db/settings-row.js';
import { sql, type ReadDb } from '../../platform/db/read.js';
import { anyOf, uuidFilter, type ListFilter, type ListResource } from '../../platform/http/admin-rest.js';
import { centsRow } from '../../platform/http/money.js';
import { paymentRecord } from './contract.js';
import { paymentMethods, paymentNotFound, paymentProviders, paymentStatuses, transactionTypes, type PaymentProviderName } from './payment.js';
import { defaultPaymentSettings, type PaymentSettings } from './settings.js';

export const readPaymentSettings = (db: ReadDb): Promise<PaymentSettings> => readSettingsRowOf(db, 'payment_settings', defaultPaymentSettings);

const dateMessage = 'Data: scrivi una data (AAAA-MM-GG) o una data e ora ISO.';
/** A bound of the creation time: a day (from its start, Europe/Rome) or an instant. */
const createdBound = (operator: '>=' | '<'): ListFilter => ({
  schema: z.union([z.iso.date(), z.iso.datetime({ offset: true })], { error: dateMessage }),
  // A day as an upper bound includes the whole day.
  where: (p) =>
    operator === '>='
      ? `t.created_at >= (CASE WHEN length(${p}::text) = 10 THEN (${p}::text)::date::timestamp AT TIME ZONE 'Europe/Rome' ELSE (${p}::text)::timestamptz END)`
      : `t.created_at < (CASE WHEN length(${p}::text) = 10 THEN ((${p}::text)::date + 1)::timestamp AT TIME ZONE 'Europe/Rome' ELSE (${p}::text)::timestamptz END)`,
});

/** The admin's list of movements of money: newest first, searched by description and provider id. */
export const paymentsResource: ListResource = {
  name: 'payments',
  from: 'payment_transactions t',
  select: `t.id, t.user_id AS "userId", (SELECT username FROM users WHERE id = t.user_id) AS username, t.assignment_id AS "assignmentId",
    t.package_id AS "packageId", t.transaction_type AS "transactionType", t.amount_cents::int AS amount, t.refunded_cents::int AS "refundedAmount", t.currency, t.payment_method AS "paymentMethod",
    t.payment_provider AS "paymentProvider", t.provider_transaction_id AS "providerTransactionId", t.status, t.metadata, t.description,
    t.failure_reason AS "failureReason", t.completed_at AS "completedAt", t.refunded_at AS "refundedAt", t.created_at AS "createdAt", t.updated_at AS "updatedAt"`,
  id: 't.id',
  sortable: {
    id: 't.id',
    createdAt: 't.created_at',
    updatedAt: 't.updated_at',
    completedAt: 't.completed_at',
    amount: 't.amount_cents',
    status: 't.status',
    transactionType: 't.transaction_type',
    paymentMethod: 't.payment_method',
    paymentProvider: 't.payment_provider',
  },
  defaultOrder: 't.created_at DESC',
  filters: {
    status: anyOf(paymentStatuses, 'Stato', 't.status'),
    transactionType: anyOf(transactionTypes, 'Tipo', 't.transaction_type'),
    paymentMethod: anyOf(paymentMethods, 'Metodo', 't.payment_method'),
    paymentProvider: anyOf(paymentProviders, 'Fornitore', 't.payment_provider'),
    userId: uuidFilter('t.user_id'),
    createdAt_gte: createdBound('>='),
    createdAt_lte: createdBound('<'),
  },
  searchText: 't.admin_text',
  // A provider's id pasted whole (migration 078), by the index a webhook finds its payment with.
  searchWhole: (typed) => `(t.payment_provider = ANY ('{${paymentProviders.join(',')}}'::text[]) AND t.provider_transaction_id = ${typed})`,
  notFound: paymentNotFound,
  row: centsRow(paymentRecord),
};

const paymentRef = z.object({ id: z.uuid() });

/** Our id of the payment the provider knows as `providerTransactionId`, or null. */
export async function paymentIdOfProviderId(db: ReadDb, provider: PaymentProviderName, providerTransactionId: string): Promise<string | null> {
  return db.maybeOneFirst(sql.type(paymentRef)`SELECT id FROM payment_transactions WHERE payment_provider = ${provider} AND provider_transaction_id = ${providerTransactionId}`);
}
