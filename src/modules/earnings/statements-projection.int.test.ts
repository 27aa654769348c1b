import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useProjection } from '../../../tests/support/projection.js';
import { EventLog } from '../../platform/testing/projection-spec.js';
import { collaboratorStatementStreamId, commissionInvoice, statementDecider, statementStreamId } from './statement.js';
import { earningsStatementsProjection } from './statements-projection.js';

const spec = useProjection(earningsStatementsProjection);

describe('the shops’ and collaborators’ monthly statements', () => {
  const log = new EventLog();

  it('keeps each statement once, with the figures it was issued with', async () => {
    const storeId = randomUUID();
    const totals = { orders: 3, gross: 3_000, fees: 366, refunds: 0, chargebacks: 0, net: 2_634, payouts: 0 };
    const events = log.decide(statementStreamId(storeId, '2026-10'), statementDecider, {
      type: 'IssueStatement',
      storeId,
      month: '2026-10',
      totals,
      openingBalance: 0,
      closingBalance: 2_634,
      invoice: commissionInvoice(366),
    });
    await spec.apply(events);
    await spec.apply(events);
    expect(
      await spec.rows(
        'SELECT holder_kind, month, orders, net_cents::int AS net, imponibile_cents::int AS imponibile, iva_cents::int AS iva, totale_cents::int AS totale FROM earnings_statements WHERE holder_id = $1',
        [storeId],
      ),
    ).toEqual([{ holder_kind: 'store', month: '2026-10', orders: 3, net: 2_634, imponibile: 300, iva: 66, totale: 366 }]);
  });

  it('keeps a collaborator’s apart from a shop’s of the same id and month', async () => {
    const id = randomUUID();
    const issue = (whose: { storeId: string } | { collaboratorId: string }, stream: string, net: number) =>
      log.decide(stream, statementDecider, {
        type: 'IssueStatement',
        ...whose,
        month: '2026-10',
        totals: { orders: 1, gross: net, fees: 0, refunds: 0, chargebacks: 0, net, payouts: 0 },
        openingBalance: 0,
        closingBalance: net,
        invoice: commissionInvoice(0),
      });
    await spec.apply([...issue({ collaboratorId: id }, collaboratorStatementStreamId(id, '2026-10'), 1_500), ...issue({ storeId: id }, statementStreamId(id, '2026-10'), 900)]);
    expect(await spec.rows('SELECT holder_kind, net_cents::int AS net FROM earnings_statements WHERE holder_id = $1 ORDER BY holder_kind', [id])).toEqual([
      { holder_kind: 'collaborator', net: 1_500 },
      { holder_kind: 'store', net: 900 },
    ]);
  });
});
