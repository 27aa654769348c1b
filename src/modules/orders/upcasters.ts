import { amountsToCents, eurosToCents, type Upcaster } from '../../platform/eventstore/upcasting.js';

/** An order's lines with their prices in cents; the same data when they already are. */
function linesInCents(data: Record<string, unknown>): Record<string, unknown> {
  const items = data.items;
  if (!Array.isArray(items)) return data;
  const lines = items.map((line: unknown) => (line && typeof line === 'object' ? eurosToCents(line as Record<string, unknown>, 'price', 'priceCents') : line));
  return lines.every((line, n) => line === items[n]) ? data : { ...data, items: lines };
}

/** An order placed before delivery codes (issue [13]): none. */
const withDeliveryCode = (data: Record<string, unknown>): Record<string, unknown> => ('deliveryCode' in data ? data : { ...data, deliveryCode: null });

/** The orders' events written before money became cents (tests/fixtures/log-before-cents.ndjson), or before delivery codes, in today's shape. */
export const orderUpcasters: Record<string, Upcaster> = {
  OrderPlaced: (data) => withDeliveryCode(linesInCents(amountsToCents(data, { subtotal: 'subtotalCents', shippingCost: 'shippingCostCents', total: 'totalCents' }))),
  OrderCancelled: linesInCents,
};
