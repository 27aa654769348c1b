import { Box, Link as MuiLink, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import type { ReactNode } from 'react';
import { refundCaseKindLabels, refundStatusLabels } from '@labels/orders';
import { disputeOutcomeLabels } from '@labels/payments';
import { Facts } from '../../components/Facts';
import { formatDateTime } from '../../lib/dates';
import { formatMoney } from '../../lib/money';
import type { Order } from './api';

type Money = NonNullable<Order['money']>;
type Refund = Money['refunds'][number];

/** One refund in words: how much, where it stands and since when, why, and the case it was decided in (a link to it). */
function RefundLine({ refund, caseLink }: { refund: Refund; caseLink: (caseId: string) => string }) {
  const when = refund.refundedAt ? `il ${formatDateTime(refund.refundedAt)}` : `chiesto il ${formatDateTime(refund.requestedAt)}`;
  return (
    <Box component="li" data-testid="order-refund" sx={{ overflowWrap: 'anywhere' }}>
      <Typography component="span" sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
        {formatMoney(refund.amount)}
      </Typography>{' '}
      · {refundStatusLabels[refund.status]} {when}
      {refund.reason && (
        <Typography variant="body2" color="text.secondary">
          Motivo: {refund.reason}
        </Typography>
      )}
      {refund.fromCase && (
        <Typography variant="body2">
          {refundCaseKindLabels[refund.fromCase.kind]}:{' '}
          <MuiLink component={Link} to={caseLink(refund.fromCase.id)}>
            {refund.fromCase.title}
          </MuiLink>
        </Typography>
      )}
    </Box>
  );
}

/**
 * What an order paid online came to, on every side (the customer's page, the shop's, the admin's):
 * paid, refunded (each refund: how much, when, why, the dispute it came from) and what is left,
 * and the payer's bank's chargebacks. `empty` (nothing by default) when the order was not paid
 * online or nothing went back.
 */
export function OrderMoney({ money, caseLink, empty = null }: { money: Order['money']; caseLink: (caseId: string) => string; empty?: ReactNode }) {
  if (!money || (money.refunds.length === 0 && money.disputes.length === 0)) return empty;
  return (
    <Box data-testid="order-money" sx={{ display: 'grid', gap: 1, typography: 'body2' }}>
      <Facts
        rows={[
          ['Pagato', formatMoney(money.paid)],
          ['Rimborsato', <span data-testid="order-refunded">{formatMoney(money.refunded)}</span>],
          ['Resta pagato', <span data-testid="order-left">{formatMoney(money.left)}</span>],
        ]}
      />
      {money.refunds.length > 0 && (
        <>
          <Typography variant="subtitle2" component="h3" sx={{ mt: 0.5 }}>
            {money.refunds.length === 1 ? 'Rimborso' : 'Rimborsi'}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 1 }}>
            {money.refunds.map((r) => (
              <RefundLine key={`${r.requestedAt}-${r.amount}-${r.fromCase?.id ?? ''}`} refund={r} caseLink={caseLink} />
            ))}
          </Box>
        </>
      )}
      {money.disputes.length > 0 && (
        <>
          <Typography variant="subtitle2" component="h3" sx={{ mt: 0.5 }}>
            {money.disputes.length === 1 ? 'Contestazione bancaria' : 'Contestazioni bancarie'}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 1 }}>
            {money.disputes.map((d) => (
              <Box component="li" key={d.openedAt} data-testid="order-dispute" sx={{ overflowWrap: 'anywhere' }}>
                <Typography component="span" sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
                  {formatMoney(d.amount)}
                </Typography>{' '}
                · ripreso dalla banca del cliente il {formatDateTime(d.openedAt)} · {disputeOutcomeLabels[d.status]}
                {d.closedAt ? ` (deciso il ${formatDateTime(d.closedAt)})` : ''}
                {d.reason && (
                  <Typography variant="body2" color="text.secondary">
                    Motivo indicato dalla banca: {d.reason}
                  </Typography>
                )}
              </Box>
            ))}
          </Box>
        </>
      )}
    </Box>
  );
}
