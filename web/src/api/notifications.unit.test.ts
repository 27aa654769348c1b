import { describe, expect, it } from 'vitest';
import { parseNotification, reconnectDelay } from './notifications';

describe('notification stream helpers', () => {
  it('waits longer after each failed reconnection, never more than 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 20].map(reconnectDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });

  it('reads a notification event and ignores anything else', () => {
    const n = { id: 'n1', title: 'Ordine pronto', message: 'Passa a ritirarlo', read: false, link: '/customer/orders/o1', createdAt: '2025-01-01T10:00:00Z' };
    expect(parseNotification(JSON.stringify(n))).toEqual(n);
    expect(parseNotification('not json')).toBeNull();
    expect(parseNotification('{"hello":1}')).toBeNull();
    expect(parseNotification(undefined)).toBeNull();
  });
});
