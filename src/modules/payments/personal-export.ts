import type { PersonalExport } from '../../platform/module.js';
import { paymentMethodLabels, paymentProviderLabels, paymentStatusLabels, transactionTypeLabels } from './labels.js';

/** The person's payments and the accounts that take theirs. (the person's export, GDPR artt. 15 and 20: issue [21].) */
export const paymentsPersonalExport: PersonalExport = [
  {
    key: 'payments',
    title: 'Pagamenti',
    about: 'I pagamenti che hai fatto (ordini, piani, crediti, collaborazioni), con i rimborsi e le contestazioni di ciascuno.',
    tables: ['payment_transactions', 'payment_refunds', 'payment_disputes'],
    sql: `SELECT t.id, t.transaction_type AS "type", t.amount_cents AS "amountCents", t.currency, t.payment_method AS "method",
                 t.payment_provider AS "provider", t.status, t.description, t.failure_reason AS "failureReason", t.refunded_cents AS "refundedCents",
                 t.created_at AS "createdAt", t.completed_at AS "completedAt", t.refunded_at AS "refundedAt",
                 (SELECT coalesce(json_agg(json_build_object('amountCents', r.amount_cents, 'reason', r.reason, 'at', r.requested_at, 'refundedAt', r.refunded_at)), '[]')
                  FROM payment_refunds r WHERE r.payment_id = t.id) AS refunds,
                 (SELECT coalesce(json_agg(json_build_object('amountCents', d.amount_cents, 'reason', d.reason, 'status', d.status, 'openedAt', d.opened_at)), '[]')
                  FROM payment_disputes d WHERE d.payment_id = t.id) AS disputes
          FROM payment_transactions t WHERE t.user_id = $1::uuid ORDER BY t.created_at`,
    columns: [
      ['createdAt', 'Data', 'time'],
      ['type', 'Per', transactionTypeLabels],
      ['description', 'Descrizione'],
      ['amountCents', 'Importo', 'money'],
      ['method', 'Metodo', paymentMethodLabels],
      ['provider', 'Gestore', paymentProviderLabels],
      ['status', 'Stato', paymentStatusLabels],
      ['refundedCents', 'Rimborsato', 'money'],
    ],
  },
  {
    key: 'paymentAccounts',
    title: 'Conti di pagamento',
    about: 'I conti Stripe o PayPal collegati per ricevere gli incassi, tuoi o dei tuoi negozi.',
    tables: ['payment_accounts'],
    sql: `SELECT a.holder_kind AS "holderKind", a.provider, a.account_id AS "accountId", a.charges_enabled AS "chargesEnabled",
                 a.payouts_enabled AS "payoutsEnabled", a.connected_at AS "connectedAt"
          FROM payment_accounts a
          WHERE a.holder_id = $1::uuid OR (a.holder_kind = 'store' AND a.holder_id IN (SELECT id FROM stores WHERE owner_id = $1::uuid)) ORDER BY a.connected_at`,
    columns: [
      ['provider', 'Gestore', paymentProviderLabels],
      ['accountId', 'Conto'],
      ['chargesEnabled', 'Riceve pagamenti', 'yes-no'],
      ['payoutsEnabled', 'Riceve bonifici', 'yes-no'],
      ['connectedAt', 'Collegato il', 'time'],
    ],
  },
];
