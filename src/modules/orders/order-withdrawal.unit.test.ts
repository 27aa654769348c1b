import { describe, expect, it } from 'vitest';
import { anOrder } from '../../../tests/support/order-events.js';
import { deciderSpec } from '../../platform/testing/decider-spec.js';
import { orderDecider, type OrderCommand, type OrderEvent, type OrderPlacedData, type OrderRef } from './order.js';
import { withdrawalDeadline, withdrawalExpired, withdrawalTerms } from './withdrawal.js';

/* The right of withdrawal from a shipped order (withdrawal.ts, Codice del Consumo artt. 52–59). */

const ref: OrderRef = { orderId: 'o1', userId: 'u1', storeId: 's1', storeOwnerId: 'k1', storeName: 'Bottega Rossi' };
const lines = [
  { productId: 'p-vaso', name: 'Vaso di ceramica', priceCents: 2000, quantity: 1 },
  { productId: 'p-pane', name: 'Pane di Altamura', priceCents: 450, quantity: 2 },
];
/** A shipped order of a vase (casa) and two loaves (panetteria), shipping 4.90 €, paid at the door. */
const placed: OrderPlacedData = anOrder('shipping', { ...ref, items: lines, subtotalCents: 2900, shippingCostCents: 490, totalCents: 3390 });
const categories = { 'p-vaso': 'casa', 'p-pane': 'panetteria' };
const deliveredAt = '2026-06-01T10:00:00.000Z';
const dayMs = 24 * 60 * 60 * 1000;
const after = (ms: number) => new Date(Date.parse(deliveredAt) + ms).toISOString();

const delivered: OrderEvent[] = [
  { type: 'OrderPlaced', data: placed },
  { type: 'OrderAccepted', data: ref },
  { type: 'OrderReady', data: ref },
  { type: 'OrderShipped', data: ref },
  { type: 'OrderCompleted', data: { ...ref, paymentStatus: 'paid' } },
];
const withdraw = (changes: Partial<Extract<OrderCommand, { type: 'WithdrawOrder' }>> = {}): OrderCommand => ({
  type: 'WithdrawOrder',
  userId: 'u1',
  now: after(3 * dayMs),
  deliveredAt,
  categories,
  reason: '  Non mi serve più  ',
  ...changes,
});
const withdrawn: OrderEvent = {
  type: 'OrderWithdrawn',
  data: {
    ...ref,
    items: [lines[0]!],
    shippingCostCents: 0,
    amountCents: 2000,
    reason: 'Non mi serve più',
    withdrawnAt: after(3 * dayMs),
    deliveredAt,
  },
};

const orders = deciderSpec(orderDecider);

describe('the right of withdrawal', () => {
  it('withdraws the lines that allow it within 14 days of delivery; the perishable ones stay sold, and so does the shipping', () => {
    orders.given(delivered).when(withdraw()).then([withdrawn]);
    // The last instant of the period still counts; the next one does not.
    orders
      .given(delivered)
      .when(withdraw({ now: after(14 * dayMs - 1), reason: undefined }))
      .then([{ ...withdrawn, data: { ...withdrawn.data, reason: '', withdrawnAt: after(14 * dayMs - 1) } }]);
    orders
      .given(delivered)
      .when(withdraw({ now: after(14 * dayMs) }))
      .thenThrows({ message: withdrawalExpired(after(14 * dayMs)), kind: 'rule' });
    expect(withdrawalExpired(after(14 * dayMs))).toBe('Il periodo di recesso di 14 giorni è scaduto il 15/06/2026 12:00.');
  });

  it('refunds the standard shipping cost too when the whole order is withdrawn (art. 56)', () => {
    orders
      .given(delivered)
      .when(withdraw({ categories: { 'p-vaso': 'casa', 'p-pane': 'alimentari' }, reason: null }))
      .then([{ ...withdrawn, data: { ...withdrawn.data, items: lines, shippingCostCents: 490, amountCents: 3390, reason: '' } }]);
  });

  it('reads each line’s category as it was sold: the catalogue’s since changes nothing; a line sold without one (an older order) takes the catalogue’s', () => {
    const soldWith = (vaso: string | null | undefined): OrderEvent[] => [
      {
        type: 'OrderPlaced',
        data: {
          ...placed,
          items: [
            { ...lines[0]!, ...(vaso === undefined ? {} : { category: vaso }) },
            { ...lines[1]!, category: 'panetteria' },
          ],
        },
      },
      ...delivered.slice(1),
    ];
    // The shop moved the vase to «fiori» after selling it as «casa»: still withdrawn.
    orders
      .given(soldWith('casa'))
      .when(withdraw({ categories: { 'p-vaso': 'fiori', 'p-pane': 'casa' } }))
      .then([withdrawn]);
    // Sold as perishable, it stays so whatever the catalogue says now.
    orders
      .given(soldWith('fiori'))
      .when(withdraw({ categories: { 'p-vaso': 'casa', 'p-pane': 'casa' } }))
      .thenThrows({ message: 'Nessun prodotto di quest’ordine ammette il recesso: vedi il motivo accanto a ciascuno.', kind: 'rule' });
    // Without a category of the sale, the catalogue's counts.
    orders
      .given(soldWith(undefined))
      .when(withdraw({ categories: { 'p-vaso': 'fiori' } }))
      .thenThrows({ kind: 'rule' });
    orders.given(soldWith(null)).when(withdraw()).then([withdrawn]);
  });

  it('refuses an order whose every line is excluded, a pickup order, a pending or cancelled one, one not paid, someone else’s, and a second withdrawal', () => {
    orders
      .given(delivered)
      .when(withdraw({ categories: { 'p-vaso': 'farmacia', 'p-pane': 'ortofrutta' } }))
      .thenThrows('Nessun prodotto di quest’ordine ammette il recesso: vedi il motivo accanto a ciascuno.');
    orders
      .given([
        { type: 'OrderPlaced', data: anOrder('pickup', { ...ref, items: lines }) },
        { type: 'OrderAccepted', data: ref },
      ])
      .when(withdraw())
      .thenThrows('Il diritto di recesso vale per gli ordini spediti: per un ordine ritirato in negozio rivolgiti al negozio.');
    orders.given(delivered.slice(0, 1)).when(withdraw()).thenThrows('L’ordine è ancora in attesa di conferma: puoi semplicemente annullarlo.');
    // Paid at the door, not delivered yet: nothing was paid.
    orders
      .given(delivered.slice(0, 4))
      .when(withdraw({ deliveredAt: null }))
      .thenThrows(/non è ancora pagato/);
    orders
      .given(delivered)
      .when(withdraw({ userId: 'someone-else' }))
      .thenThrows({ message: 'Ordine non trovato.', kind: 'not-found' });
    orders
      .given([...delivered, withdrawn])
      .when(withdraw())
      .thenThrows({ message: 'Hai già esercitato il recesso per quest’ordine.', kind: 'conflict' });
  });

  it('takes a withdrawal before delivery of an order paid online: the period has not started', () => {
    const online = { ...placed, paymentMethod: 'stripe' as const, paymentId: 'pay1' };
    const shippedPaid: OrderEvent[] = [
      { type: 'OrderPlaced', data: online },
      { type: 'OrderPaid', data: { ...ref, paymentId: 'pay1', totalCents: 3390 } },
      { type: 'OrderAccepted', data: ref },
      { type: 'OrderReady', data: ref },
      { type: 'OrderShipped', data: ref },
    ];
    orders
      .given(shippedPaid)
      .when(withdraw({ deliveredAt: null, now: '2026-07-01T10:00:00.000Z' }))
      .then([{ ...withdrawn, data: { ...withdrawn.data, deliveredAt: null, withdrawnAt: '2026-07-01T10:00:00.000Z' } }]);
  });

  it('refuses values of the wrong kind in Italian, never a TypeError', () => {
    const wrong = (changes: Record<string, unknown>): OrderCommand => ({ ...withdraw(), ...changes });
    orders
      .given(delivered)
      .when(wrong({ reason: 42 }))
      .thenThrows({ message: 'Motivo: deve essere un testo.', kind: 'invalid' });
    orders
      .given(delivered)
      .when(wrong({ reason: 'x'.repeat(501) }))
      .thenThrows({ message: 'Motivo: al massimo 500 caratteri.', kind: 'invalid' });
    orders
      .given(delivered)
      .when(wrong({ categories: null }))
      .thenThrows({ kind: 'invalid' });
    orders
      .given(delivered)
      .when(wrong({ categories: { 'p-vaso': 7 } }))
      .thenThrows({ kind: 'invalid' });
    orders
      .given(delivered)
      .when(wrong({ now: 12 }))
      .thenThrows({ message: 'Data: data e ora non valide.', kind: 'rule' });
    orders
      .given(delivered)
      .when(wrong({ deliveredAt: 'ieri' }))
      .thenThrows({ message: 'Data di consegna: data e ora non valide.', kind: 'rule' });
    orders
      .given(delivered)
      .when(wrong({ userId: 5 }))
      .thenThrows({ kind: 'not-found' });
    orders
      .given(delivered)
      .when({ type: 'ConfirmWithdrawalReturn', now: null } as unknown as OrderCommand)
      .thenThrows({ kind: 'rule' });
    orders
      .given([...delivered, withdrawn])
      .when({ type: 'RecordWithdrawalRefund', paymentId: 3, now: after(dayMs) } as unknown as OrderCommand)
      .thenThrows({ kind: 'rule' });
  });
});

describe('the goods back and the refund', () => {
  const now = after(5 * dayMs);
  const received: OrderEvent = { type: 'OrderWithdrawalReturnReceived', data: { ...ref, amountCents: 2000, receivedAt: now } };

  it('paid at the door: the shop takes the goods back and gives the money back at once, once', () => {
    orders
      .given([...delivered, withdrawn])
      .when({ type: 'ConfirmWithdrawalReturn', now })
      .then([received, { type: 'OrderWithdrawalRefunded', data: { ...ref, amountCents: 2000, paymentId: null, refundedAt: now } }]);
    orders
      .given([...delivered, withdrawn, received, { type: 'OrderWithdrawalRefunded', data: { ...ref, amountCents: 2000, paymentId: null, refundedAt: now } }])
      .when({ type: 'ConfirmWithdrawalReturn', now })
      .thenNothing();
    orders.given(delivered).when({ type: 'ConfirmWithdrawalReturn', now }).thenThrows('Il cliente non ha esercitato il recesso per quest’ordine.');
  });

  it('paid online: the goods back, the refund recorded once the provider confirms it, once', () => {
    const online = { ...placed, paymentMethod: 'sandbox' as const, paymentId: 'pay1' };
    const history: OrderEvent[] = [{ type: 'OrderPlaced', data: online }, ...delivered.slice(1), withdrawn];
    orders.given(history).when({ type: 'ConfirmWithdrawalReturn', now }).then([received]);
    orders.given(history).when({ type: 'RecordWithdrawalRefund', paymentId: 'pay1', now }).thenThrows('La merce del recesso non è ancora tornata al negozio.');
    orders
      .given([...history, received])
      .when({ type: 'RecordWithdrawalRefund', paymentId: 'pay1', now })
      .then([{ type: 'OrderWithdrawalRefunded', data: { ...ref, amountCents: 2000, paymentId: 'pay1', refundedAt: now } }]);
    orders
      .given([...history, received])
      .when({ type: 'RecordWithdrawalRefund', paymentId: 'pay2', now })
      .thenThrows('Il pagamento non riguarda questo ordine.');
    orders
      .given([...history, received, { type: 'OrderWithdrawalRefunded', data: { ...ref, amountCents: 2000, paymentId: 'pay1', refundedAt: now } }])
      .when({ type: 'RecordWithdrawalRefund', paymentId: 'pay1', now })
      .thenNothing();
  });
});

describe('withdrawalTerms (what the order page shows)', () => {
  const order = {
    deliveryType: 'shipping' as const,
    status: 'completed',
    paymentStatus: 'paid',
    shippingCostCents: 490,
    deliveredAt,
    withdrawn: false,
    lines: lines.map((l) => ({ ...l, category: l.productId === 'p-pane' ? 'panetteria' : 'casa' })),
  };

  it('says until when, what is excluded and why, and what it gives back', () => {
    const terms = withdrawalTerms(order, new Date(after(dayMs)));
    expect(terms).toMatchObject({ possible: true, refusal: null, until: withdrawalDeadline(deliveredAt), refundCents: 2000, shippingRefundCents: 0 });
    expect(terms.until).toBe('2026-06-15T10:00:00.000Z');
    expect(terms.excluded).toEqual([{ productId: 'p-pane', name: 'Pane di Altamura', article: 'art. 59, lett. d', reason: expect.stringMatching(/^Prodotto deperibile/) }]);
  });

  it('before delivery the period has no end yet; delivered at a time not known, it is not counted against the customer', () => {
    expect(withdrawalTerms({ ...order, status: 'shipping', deliveredAt: null }, new Date(after(90 * dayMs)))).toMatchObject({ possible: true, until: null });
    expect(withdrawalTerms({ ...order, deliveredAt: null }, new Date(after(90 * dayMs)))).toMatchObject({ possible: true, until: null });
  });
});
