import { randomUUID } from 'node:crypto';
import { earningsOf } from '../../../src/modules/earnings/queries.js';
import { statementOf } from '../../../src/modules/earnings/statement-queries.js';
import { statementCsv, statementPdf } from '../../../src/modules/earnings/statement-documents.js';
import { earningsProjection } from '../../../src/modules/earnings/projection.js';
import { commissionCents } from '../../../src/modules/payments/commission.js';
import { paymentDecider, paymentStreamId, type PaymentCommand } from '../../../src/modules/payments/payment.js';
import { paymentTransactionsProjection } from '../../../src/modules/payments/projection.js';
import type { RecordedEvent } from '../../../src/platform/eventstore/types.js';
import { applyLikeTheRunner, EventLog } from '../../../src/platform/testing/projection-spec.js';
import type { System } from '../../../src/system.js';
import { aPayment } from '../../../tests/support/payments.js';

/*
 * The shops' ledger (issue [20]) under a month of one busy shop: 5,000 orders paid online to its
 * account and each refunded in part, 10,000 movements, applied as the runner applies them (batches
 * of 1,000 in a transaction each); beside it, the same events applied to the payments' own read
 * model (set-based), the baseline of the same run. Then the month's takings read for the shop, and
 * its month's statement built (figures, CSV, PDF), against that read as its baseline.
 */

export interface LedgerFigures {
  movements: number;
  ledgerSeconds: number;
  paymentsSeconds: number;
  monthSeconds: number;
  /** The month's statement built: its figures read, its CSV and its PDF made. */
  statementSeconds: number;
  statementLines: number;
  statementBytes: number;
  /** How long each part took. */
  statementParts: string;
}

export async function ledgerRun(system: System, orders = 5_000): Promise<LedgerFigures> {
  const storeId = randomUUID();
  const log = new EventLog(new Date(Date.now() - 20 * 86_400_000));
  const events: RecordedEvent[] = [];
  const pay = (id: string, command: PaymentCommand) => events.push(...log.decide(paymentStreamId(id), paymentDecider, command));
  for (let i = 0; i < orders; i++) {
    const id = randomUUID();
    const amountCents = 500 + ((i * 37) % 9_500);
    const payee = { holderKind: 'store' as const, holderId: storeId, accountId: `sbxacct_${storeId}`, commissionPercentage: 12.5, feeCents: commissionCents(amountCents, 12.5) };
    pay(id, {
      type: 'CreatePayment',
      id,
      fields: aPayment(randomUUID(), { amountCents, transactionType: 'order_payment', metadata: { purpose: { kind: 'order', orderId: randomUUID() } }, payee }),
    });
    pay(id, { type: 'ApplyProviderEvent', provider: 'sandbox', providerTransactionId: null, providerEventId: `evt_paid_${id}`, outcome: 'succeeded' });
    const part = Math.floor(amountCents / 3);
    pay(id, { type: 'RequestRefund', refundKey: `reso-${id}`, reason: 'Reso', amountCents: part });
    pay(id, {
      type: 'ApplyProviderEvent',
      provider: 'sandbox',
      providerTransactionId: null,
      providerEventId: `evt_refund_${id}`,
      outcome: 'refunded',
      refund: { refundKey: `reso-${id}`, providerRefundId: null, amountCents: part },
    });
  }
  const timed = async (work: () => Promise<unknown>) => {
    const start = performance.now();
    await work();
    return (performance.now() - start) / 1000;
  };
  const paymentsSeconds = await timed(() => applyLikeTheRunner(system.pool, paymentTransactionsProjection, events));
  const ledgerSeconds = await timed(() => applyLikeTheRunner(system.pool, earningsProjection, events));
  const {
    rows: [counted],
  } = await system.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM earnings_movements WHERE holder_kind = 'store' AND holder_id = $1", [storeId]);
  await system.pool.query('ANALYZE earnings_movements');
  const from = new Date(Date.now() - 40 * 86_400_000).toISOString().slice(0, 10);
  const monthSeconds = await timed(() => earningsOf(system.db, { kind: 'store', id: storeId }, { from, to: new Date().toISOString().slice(0, 10) }, new Date()));
  // The month's statement of the shop: a shop's row for its name and address, the month its movements are in.
  await system.pool.query(
    `INSERT INTO stores (id, owner_id, name, slug, address, latitude, longitude, opening_hours, created_at, updated_at)
     VALUES ($1, $2, 'Bottega del banco di prova', $3, 'Via Roma 1, 70122 Bari', 41.1, 16.8, '{}', now(), now())`,
    [storeId, randomUUID(), `banco-${storeId}`],
  );
  const { rows: months } = await system.pool.query<{ month: string }>(
    `SELECT to_char(min(at) AT TIME ZONE 'Europe/Rome', 'YYYY-MM') AS month FROM earnings_movements WHERE holder_kind = 'store' AND holder_id = $1`,
    [storeId],
  );
  const month = months[0]!.month;
  let statementLines = 0;
  let statementBytes = 0;
  // The database settled after the bulk of events (its vacuum and checkpoint not racing the build), then
  // the statement built three times: the median, each part's time of that build.
  await system.pool.query('VACUUM ANALYZE earnings_movements');
  await system.pool.query('CHECKPOINT');
  const builds: { seconds: number; parts: string }[] = [];
  for (let round = 0; round < 3; round++) {
    let parts = '';
    const seconds = await timed(async () => {
      const t0 = performance.now();
      const statement = await statementOf(system.db, { kind: 'store', id: storeId }, month, new Date());
      const t1 = performance.now();
      const csv = statementCsv(statement);
      const t2 = performance.now();
      const pdf = await statementPdf(statement);
      parts = `figures ${(t1 - t0).toFixed(0)} ms, CSV ${(t2 - t1).toFixed(0)} ms, PDF ${(performance.now() - t2).toFixed(0)} ms`;
      statementLines = statement.lines.length;
      statementBytes = csv.length + pdf.length;
    });
    builds.push({ seconds, parts });
  }
  const median = [...builds].sort((a, b) => a.seconds - b.seconds)[1]!;
  const statementSeconds = median.seconds;
  const statementParts = `median of ${builds.length} builds (${builds.map((b) => b.seconds.toFixed(2)).join(' / ')} s): ${median.parts}`;
  return { movements: counted!.n, ledgerSeconds, paymentsSeconds, monthSeconds, statementSeconds, statementLines, statementBytes, statementParts };
}
