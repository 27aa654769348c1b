import { describe, expect, it } from 'vitest';
import type { CartStore } from '../cart/api';
import { checkoutSchema, contactSchema, defaultChoice, formFieldOf, type CheckoutValues } from './checkout-schema';

/** Each field's first message, keyed by its path as the form reads it. */
function errorsOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }): Record<string, string> {
  const found: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) found[issue.path.join('.')] ??= issue.message;
  return found;
}
const contactErrors = (contact: { customerName: string; customerPhone: string; customerEmail: string }) => errorsOf(contactSchema.safeParse(contact));

describe('contactErrors', () => {
  it('asks for every contact field and checks the phone and e-mail', () => {
    expect(contactErrors({ customerName: ' ', customerPhone: '', customerEmail: '' })).toEqual({
      customerName: 'Nome: campo obbligatorio.',
      customerPhone: 'Telefono: campo obbligatorio.',
      customerEmail: 'E-mail: campo obbligatorio.',
    });
    expect(contactErrors({ customerName: 'Anna', customerPhone: 'abc', customerEmail: 'anna@' })).toEqual({
      customerPhone: 'Numero di telefono non valido.',
      customerEmail: 'Indirizzo e-mail non valido.',
    });
    expect(contactErrors({ customerName: 'Anna', customerPhone: '+39 333 123 4567', customerEmail: 'anna@example.it' })).toEqual({});
  });
});

const store = (over: Partial<CartStore> = {}): CartStore => ({
  id: 's1',
  name: 'Forno',
  slug: 'forno',
  address: 'Via Roma 1',
  latitude: 41.9028,
  longitude: 12.4964,
  openingHours: null,
  openNow: true,
  subtotal: 20,
  items: [],
  pickup: true,
  shipping: { enabled: true, radiusKm: 5, cost: 4.9, freeFrom: null, freeOrdersLeft: null, minimumOrder: null, note: null },
  paymentMethods: ['cash'],
  ...over,
});
const contact = { customerName: 'Anna', customerPhone: '+39 333 123 4567', customerEmail: 'anna@example.it' };
const values = (over: Partial<CheckoutValues>): CheckoutValues => ({ ...contact, deliveryAddress: '', position: null, choices: {}, ...over });
const shipTo = { deliveryType: 'shipping' as const, day: '', time: '', notes: '', paymentMethod: 'cash' as const };

describe('the checkout form', () => {
  it('asks each pickup for a day and a time', () => {
    const errors = errorsOf(checkoutSchema([store()]).safeParse(values({ choices: { s1: { deliveryType: 'pickup', day: '', time: '', notes: '', paymentMethod: 'cash' } } })));
    expect(errors).toEqual({ 'choices.s1.pickupTime': 'Scegli il giorno e l’ora del ritiro.' });
  });

  it('asks a shipping for an address and a place on the map, and flags one beyond the radius', () => {
    expect(errorsOf(checkoutSchema([store()]).safeParse(values({ choices: { s1: shipTo } })))).toEqual({
      deliveryAddress: 'Scrivi l’indirizzo di consegna.',
      position: 'Indica sulla mappa dove consegnare, o usa la tua posizione.',
    });
    const far = { latitude: 41.9028, longitude: 12.63 };
    expect(errorsOf(checkoutSchema([store()]).safeParse(values({ deliveryAddress: 'Via Lontana 1', position: far, choices: { s1: shipTo } })))).toEqual({
      'choices.s1.deliveryAddress': 'L’indirizzo è a 11,1 km: il negozio spedisce entro 5 km.',
    });
  });

  it('refuses shipping from a shop that does not ship or under its minimum', () => {
    const noShipping = store({ shipping: { enabled: false, radiusKm: 5, cost: 0, freeFrom: null, freeOrdersLeft: null, minimumOrder: null, note: null } });
    expect(errorsOf(checkoutSchema([noShipping]).safeParse(values({ choices: { s1: shipTo } })))['choices.s1.deliveryType']).toBe(
      'Questo negozio non effettua spedizioni: scegli il ritiro in negozio.',
    );
    const minimum = store({ shipping: { enabled: true, radiusKm: 5, cost: 4.9, freeFrom: null, freeOrdersLeft: null, minimumOrder: 30, note: null } });
    expect(errorsOf(checkoutSchema([minimum]).safeParse(values({ choices: { s1: shipTo } })))['choices.s1.deliveryType']).toBe(
      'Per la spedizione serve un ordine minimo di € 30,00.',
    );
  });

  it('starts a shop without stated hours on shipping when it ships', () => {
    expect(defaultChoice(store({ pickup: false }), []).deliveryType).toBe('shipping');
    expect(defaultChoice(store(), [{ date: '2025-01-13', weekday: '1', hours: [], times: ['10:00'] }])).toEqual({
      deliveryType: 'pickup',
      day: '2025-01-13',
      time: '10:00',
      notes: '',
      paymentMethod: 'cash',
    });
  });

  it('puts the server’s errors on the shop they name', () => {
    const stores = [{ id: 'a' }, { id: 'b' }];
    expect(formFieldOf('stores.1.pickupTime', stores)).toBe('choices.b.pickupTime');
    expect(formFieldOf('customerPhone', stores)).toBe('customerPhone');
    expect(formFieldOf('deliveryPosition', stores)).toBe('position');
    expect(formFieldOf('paymentMethod', stores)).toBe('root.paymentMethod');
  });
});
