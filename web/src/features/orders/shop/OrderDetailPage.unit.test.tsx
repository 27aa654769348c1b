import { QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { orderUrl, paymentMethodLabel, type Order } from '../api';
import { createQueryClient } from '../../../lib/query-client';
import OrderDetailPage from './OrderDetailPage';
import { formatMoney } from '../../../lib/money';
import { formatDateTime } from '../../../lib/dates';

const order: Order = {
  id: '0f8e2a3c-1111-4222-8333-444455556666',
  userId: 'u1',
  storeId: 's1',
  storeName: 'Forno Santi',
  storeSlug: 'forno-santi',
  storeAddress: 'Via dei Serpenti 10, 00184 Roma RM',
  storeLatitude: 41.8955,
  storeLongitude: 12.4934,
  status: 'pending',
  subtotal: 9,
  shippingCost: 0,
  total: 9,
  deliveryType: 'pickup',
  deliveryAddress: null,
  deliveryLatitude: null,
  deliveryLongitude: null,
  pickupTime: '2026-11-25T10:00:00.000Z',
  paymentMethod: 'cash',
  paymentStatus: 'pending',
  customerName: 'Maria Rossi',
  customerPhone: '+39 333 1234567',
  customerEmail: 'maria@esempio.it',
  notes: '',
  pickupCode: null,
  deliveryCode: null,
  deliveryTaskId: null,
  collaboratorId: null,
  collaboratorName: null,
  deliveryDeadline: null,
  cancelReason: null,
  cancelledBy: null,
  paymentDueAt: null,
  items: [{ productId: 'p1', name: 'Focaccia', price: 4.5, quantity: 2, lineTotal: 9 }],
  timeline: [{ status: 'pending', at: '2026-11-24T09:00:00.000Z', by: null, note: null }],
  createdAt: '2026-11-24T09:00:00.000Z',
  updatedAt: '2026-11-24T09:00:00.000Z',
  money: null,
  withdrawal: {
    possible: false,
    refusal: 'Il diritto di recesso vale per gli ordini spediti: per un ordine ritirato in negozio rivolgiti al negozio.',
    until: null,
    deliveredAt: null,
    excludedLines: [],
    refund: 9,
    shippingRefund: 0,
    state: null,
    reason: null,
    withdrawnAt: null,
    returnedAt: null,
    refundedAt: null,
    lines: [],
  },
  allowedActions: ['accept', 'cancel'],
};

/** The shop's page of `shown`, as the text a person reads. */
function shopPage(shown: Order): string {
  const client = createQueryClient();
  client.setQueryData([orderUrl(shown.id)], shown);
  const html = renderToString(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/shopkeeper/orders/${shown.id}`]}>
        <Routes>
          <Route path="/shopkeeper/orders/:id" element={<OrderDetailPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return html
    .replace(/<style[^>]*>.*?<\/style>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');
}

describe('how an order is paid', () => {
  it('says cash at the counter for a pickup and at the door for a shipping', () => {
    expect(paymentMethodLabel({ paymentMethod: 'cash', deliveryType: 'pickup' })).toBe('Contanti in negozio, al ritiro');
    expect(paymentMethodLabel({ paymentMethod: 'cash', deliveryType: 'shipping' })).toBe('Contanti alla consegna');
    expect(paymentMethodLabel({ paymentMethod: 'paypal', deliveryType: 'pickup' })).toBe('PayPal, online');
  });

  it('is told truly on the shop’s page of a pickup order and of a shipped one', () => {
    const pickup = shopPage(order);
    expect(pickup).toContain('Pagamento: Contanti in negozio, al ritiro');
    expect(pickup).not.toContain('alla consegna');
    const shipped = shopPage({ ...order, deliveryType: 'shipping', pickupTime: null, deliveryAddress: 'Via Nomentana 10, Roma' });
    expect(shipped).toContain('Pagamento: Contanti alla consegna');
  });
});

describe('a withdrawal on the shop’s page', () => {
  it('says what comes back and why, and offers «Merce restituita: rimborsa» until the goods are back', () => {
    const withdrawn: Order = {
      ...order,
      deliveryType: 'shipping',
      status: 'completed',
      paymentStatus: 'paid',
      withdrawal: {
        ...order.withdrawal,
        possible: false,
        refusal: null,
        state: 'requested',
        reason: 'Il colore non è quello della foto',
        withdrawnAt: '2026-11-26T09:00:00.000Z',
        lines: [{ productId: 'p1', name: 'Focaccia', quantity: 2 }],
      },
    };
    const page = shopPage(withdrawn);
    expect(page).toContain('Diritto di recesso');
    expect(page).toContain('Il cliente ha esercitato il recesso il');
    expect(page).toMatch(/Da restituire: Focaccia × 2\s*\./);
    expect(page).toMatch(/Motivo del cliente: «\s*Il colore non è quello della foto\s*»/);
    expect(page).toContain('Merce restituita: rimborsa');
    const refunded = shopPage({ ...withdrawn, withdrawal: { ...withdrawn.withdrawal, state: 'refunded', refundedAt: '2026-11-28T09:00:00.000Z' } });
    expect(refunded).toContain(`Rimborso di ${formatMoney(9)} emesso il ${formatDateTime('2026-11-28T09:00:00.000Z')}.`);
    expect(refunded).not.toContain('Merce restituita: rimborsa');
  });
});
