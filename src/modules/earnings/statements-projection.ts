import { byEventType, type Projection } from '../../platform/projections/projection.js';
import type { StatementEvent } from './statement.js';

/** The `earnings_statements` read model: each shop's and collaborator's statements issued, with their figures. */
export const earningsStatementsProjection: Projection = {
  name: 'earnings-statements',
  title: 'Estratti conto mensili',
  version: 1,
  tables: ['earnings_statements'],
  apply: byEventType<StatementEvent>({
    StatementIssued: (event, tx) => {
      const d = event.data;
      return tx.query(
        `INSERT INTO earnings_statements (holder_kind, holder_id, month, orders, gross_cents, fees_cents, refunds_cents, chargebacks_cents, net_cents, payouts_cents,
           opening_balance_cents, closing_balance_cents, imponibile_cents, iva_percent, iva_cents, totale_cents, issued_at)
         VALUES ($17, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
         ON CONFLICT (holder_kind, holder_id, month) DO NOTHING`,
        [
          d.collaboratorId ?? d.storeId,
          d.month,
          d.orders,
          d.grossCents,
          d.feesCents,
          d.refundsCents,
          d.chargebacksCents,
          d.netCents,
          d.payoutsCents,
          d.openingBalanceCents,
          d.closingBalanceCents,
          d.imponibileCents,
          d.ivaPercent,
          d.ivaCents,
          d.totaleCents,
          event.metadata.at,
          d.collaboratorId === undefined ? 'store' : 'collaborator',
        ],
      );
    },
  }),
};
