import { QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { orderUrl, paymentMethodLabel, type Order } from '../api';
import { createQueryClient } from '../../../lib/query-client';
import OrderDetailPage from './OrderDetailPage';

const order: Order = {
  id: '0f8e2a3c-1111-4222-8333-444455556666',
  userId: 'u1',
  storeId: 's1',
  storeName: 'Forno Santi',
  storeSlug: 'forno-santi',
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
