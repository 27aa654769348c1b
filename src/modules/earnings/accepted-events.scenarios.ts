import { scenario, worldIds } from '../../platform/testing/accepted-events.js';
import { collaboratorStatementStreamId, commissionInvoice, statementDecider, statementStreamId, type StatementCommand } from './statement.js';

/** A month of a shop's: two sales, a refund, a payout; its statement issued once. */
const totals = { orders: 2, gross: 12_000, fees: 2_400, refunds: 1_000, chargebacks: 0, net: 8_600, payouts: 5_000 };

export const scenarios = [
  scenario<StatementCommand>(
    'monthly statement',
    statementStreamId(worldIds.store, '2026-11'),
    statementDecider,
    [],
    [{ type: 'IssueStatement', storeId: worldIds.store, month: '2026-11', totals, openingBalance: 1_000, closingBalance: 4_600, invoice: commissionInvoice(2_400) }],
  ),
  // A collaborator's month: two compensations transferred, one paid out to their bank.
  scenario<StatementCommand>(
    'monthly statement of a collaborator',
    collaboratorStatementStreamId(worldIds.collaborator, '2026-11'),
    statementDecider,
    [],
    [
      {
        type: 'IssueStatement',
        collaboratorId: worldIds.collaborator,
        month: '2026-11',
        totals: { orders: 2, gross: 3_000, fees: 0, refunds: 0, chargebacks: 0, net: 3_000, payouts: 2_000 },
        openingBalance: 0,
        closingBalance: 1_000,
        invoice: commissionInvoice(0),
      },
    ],
  ),
];
