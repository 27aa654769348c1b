import { QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { withdrawalExpired } from '@pure/orders/withdrawal';
import { createQueryClient } from '../../lib/query-client';
import { formatDateTime } from '../../lib/dates';
import { formatMoney } from '../../lib/money';
import type { Order } from './api';
import { CustomerWithdrawal } from './Withdrawal';

/* The customer's «Diritto di recesso» on their order's page (src/modules/orders/withdrawal.ts). */

const perishable = {
  productId: 'p2',
  name: 'Pane di Altamura',
  article: 'art. 59, lett. d',
  reason: 'Prodotto deperibile: si deteriora o scade rapidamente, quindi il diritto di recesso non si applica.',
};
const withdrawal: Order['withdrawal'] = {
  possible: true,
  refusal: null,
  until: '2026-12-10T10:00:00.000Z',
  deliveredAt: '2026-11-26T10:00:00.000Z',
  excludedLines: [perishable],
  refund: 20,
  shippingRefund: 0,
  state: null,
  reason: null,
  withdrawnAt: null,
  returnedAt: null,
  refundedAt: null,
  lines: [],
};
const order = { id: 'o1', storeName: 'Bottega del Vaso', deliveryType: 'shipping', status: 'completed', paymentMethod: 'cash', withdrawal } as Order;

/** The section as the text a person reads. */
function section(shown: Order): string {
  return renderToString(
    <QueryClientProvider client={createQueryClient()}>
      <CustomerWithdrawal order={shown} />
    </QueryClientProvider>,
  )
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');
}

describe('the customer’s right of withdrawal', () => {
  it('says until when, what goes back and what stays sold and why, with the button', () => {
    const text = section(order);
    expect(text).toContain('Diritto di recesso');
    expect(text).toContain(`Puoi recedere dall’ordine entro il ${formatDateTime(withdrawal.until!)}`);
    expect(text).toContain(`Ti rimborseremo ${formatMoney(20)}`);
    expect(text).toContain(`Pane di Altamura : ${perishable.reason}`);
    expect(text).toContain('Recedi dall’ordine');
  });

  it('says why not: the period over, or every line excluded, each with its reason', () => {
    const expired = section({ ...order, withdrawal: { ...withdrawal, possible: false, refusal: withdrawalExpired(withdrawal.until!) } });
    expect(expired).toMatch(/Il periodo di recesso di 14 giorni è scaduto il \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\./);
    expect(expired).not.toContain('Recedi dall’ordine');
    const excluded = section({
      ...order,
      withdrawal: { ...withdrawal, possible: false, refusal: 'Nessun prodotto di quest’ordine ammette il recesso: vedi il motivo accanto a ciascuno.' },
    });
    expect(excluded).toContain('Nessun prodotto di quest’ordine ammette il recesso');
    expect(excluded).toContain(perishable.reason);
  });

  it('after withdrawing: send the goods back, then the refund issued', () => {
    const sent = section({ ...order, withdrawal: { ...withdrawal, possible: false, state: 'requested', lines: [{ productId: 'p1', name: 'Vaso', quantity: 1 }] } });
    expect(sent).toContain('Recesso inviato: rispedisci la merce al negozio «Bottega del Vaso».');
    expect(sent).toContain('Da restituire: Vaso × 1');
    expect(sent).not.toContain('Recedi dall’ordine');
    const refunded = section({ ...order, withdrawal: { ...withdrawal, possible: false, state: 'refunded', refundedAt: '2026-12-01T10:00:00.000Z' } });
    expect(refunded).toContain(`Rimborso di ${formatMoney(20)} emesso il ${formatDateTime('2026-12-01T10:00:00.000Z')}.`);
  });

  it('is not shown on a pickup order, nor before the shop accepts a shipped one', () => {
    expect(section({ ...order, deliveryType: 'pickup' })).toBe('');
    expect(section({ ...order, status: 'pending' })).toBe('');
  });
});
