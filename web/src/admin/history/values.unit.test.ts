import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { References } from '../dataProvider';
import { shownEntries, showValue, showWhole } from './values';

const storeId = '7d1c1b2e-0f3a-4c55-9e1a-2b3c4d5e6f70';
const userId = '0b9f1a2c-3d4e-4f50-8a6b-7c8d9e0f1a2b';
const productId = '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b';
const references: References = {
  [storeId]: { type: 'store', name: 'Pastificio Testaccio' },
  [userId]: { type: 'user', name: 'Giulia Bianchi (giulia)' },
  [productId]: { type: 'product', name: 'Tonnarelli freschi all’uovo' },
};
const text = (key: string, value: unknown, type: Parameters<typeof showValue>[0] = 'order') => showValue(type, key, value, references).text;

describe('the values of a history', () => {
  // The machine's own zone must not matter: a browser on UTC reads Rome's clock too.
  beforeEach(() => vi.stubEnv('TZ', 'UTC'));
  afterEach(() => vi.unstubAllEnvs());

  it('names a category by its Italian name, without a link (it has no page)', () => {
    expect(showValue('store', 'category', 'alimentari', { alimentari: { type: 'category', name: 'Alimentari' } })).toEqual({ text: 'Alimentari' });
  });

  it('writes money as the site does', () => {
    expect(text('shippingCost', 5.2)).toBe('€ 5,20');
    expect(text('price', 4)).toBe('€ 4,00');
    expect(text('total', 12345.5)).toBe('€ 12.345,50');
    expect(text('amount', 29.9)).toBe('€ 29,90');
  });

  it('names kinds and statuses in Italian, each status as its own aggregate calls it', () => {
    expect(text('deliveryType', 'shipping')).toBe('Spedizione');
    expect(text('deliveryType', 'pickup')).toBe('Ritiro in negozio');
    expect(text('paymentMethod', 'cash')).toBe('Contanti');
    expect(text('paymentStatus', 'pending')).toBe('Da pagare');
    expect(text('status', 'preparing')).toBe('In preparazione');
    expect(text('status', 'pending', 'store')).toBe('In attesa di approvazione');
    expect(text('status', 'pending', 'order')).toBe('In attesa');
    expect(text('status', 'suspended', 'user')).toBe('Sospeso');
    expect(text('status', 'processing', 'payment')).toBe('In lavorazione');
    expect(text('transactionType', 'credit_purchase', 'payment')).toBe('Acquisto crediti');
    expect(text('paymentMethod', 'credit_card', 'payment')).toBe('Carta');
    expect(text('role', 'shopkeeper', 'user')).toBe('Negoziante');
    expect(text('by', 'store')).toBe('Negozio');
  });

  it('writes numbers, yes/no and times as an Italian reads them, on Rome’s clock', () => {
    expect(text('latitude', 41.8767, 'store')).toBe('41,8767');
    expect(text('stockQuantity', 12000, 'product')).toBe('12.000');
    expect(text('featured', true, 'product')).toBe('sì');
    expect(text('notes', '')).toBe('—');
    expect(text('pickupTime', '2026-11-23T23:55:00.000Z')).toBe('24 nov 2026, 00:55');
    // A text that only looks like a label stays as written.
    expect(text('notes', 'cash')).toBe('cash');
  });

  it('writes a store’s week of opening hours on one line', () => {
    const slots = [
      { open: '11:00', close: '14:00' },
      { open: '17:00', close: '22:00' },
    ];
    const week = { '0': [], '1': slots, '2': slots, '3': slots, '4': slots, '5': slots, '6': [{ open: '11:00', close: '22:00' }] };
    expect(showWhole('openingHours', week)?.text).toBe('Lun–Ven 11:00–14:00, 17:00–22:00; Sab 11:00–22:00; Dom chiuso');
    expect(showWhole('profile', week)).toBeNull();
    expect(text('freeShippingThreshold', 50, 'store')).toBe('€ 50,00');
  });

  it('shows an id by the name of its record, with the record to open', () => {
    expect(showValue('order', 'storeId', storeId, references)).toEqual({ text: 'Pastificio Testaccio', link: { resource: 'stores', id: storeId } });
    expect(showValue('order', 'userId', userId, references)).toEqual({ text: 'Giulia Bianchi (giulia)', link: { resource: 'users', id: userId } });
  });

  it('says each thing once: a name beside its named id goes', () => {
    const event = { storeId, storeName: 'Pastificio Testaccio', userId, customerName: 'Giulia Bianchi', total: 8 };
    expect(shownEntries(event, references).map(([k]) => k)).toEqual(['storeId', 'userId', 'customerName', 'total']);
    const line = { productId, name: 'Tonnarelli freschi all’uovo', price: 4.2, quantity: 2 };
    expect(shownEntries(line, references).map(([k]) => k)).toEqual(['productId', 'price', 'quantity']);
    // A store no longer there keeps the name the event recorded.
    expect(shownEntries(event, {}).map(([k]) => k)).toEqual(['storeId', 'storeName', 'userId', 'customerName', 'total']);
  });
});
