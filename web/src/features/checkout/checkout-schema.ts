import { z } from 'zod';
import { emailFormat, phoneFormat } from '@platform/domain/formats';
import type { CartStore } from '../cart/api';
import type { DeliveryType } from '../orders/api';
import { formatMoney } from '../../lib/money';
import { tooLong } from '../../lib/text';
import { checkShipping, noPickupText, shippingMessages, type Position } from '@pure/orders/delivery';
import { paymentMethods } from '@labels/orders';
import type { PickupDay } from './checkout-rules';

/*
 * The checkout form: its values, where it starts, and what it checks before sending, with the
 * messages the server would give (its 422 has the last word and lands on the same fields).
 */

/** How one shop hands its order over, how it is paid, and the customer's note for that shop alone. */
export interface StoreChoice {
  deliveryType: DeliveryType;
  day: string;
  time: string;
  notes: string;
  paymentMethod: CartStore['paymentMethods'][number];
}

/** A note for a shop, as long as the orders' contract takes it: longer is refused with the count, never cut. */
export const MAX_NOTES = 1000;

/** The customer's contact details, checked as the server checks them. */
export const contactSchema = z.object({
  customerName: z.string().trim().min(1, 'Nome: campo obbligatorio.'),
  customerPhone: z.string().trim().min(1, 'Telefono: campo obbligatorio.').pipe(phoneFormat),
  customerEmail: z.string().trim().min(1, 'E-mail: campo obbligatorio.').pipe(emailFormat),
});

const choiceSchema = z.object({
  deliveryType: z.enum(['pickup', 'shipping']),
  day: z.string(),
  time: z.string(),
  notes: z.string().superRefine((notes, ctx) => {
    const problem = tooLong(notes, MAX_NOTES);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
  paymentMethod: z.enum(paymentMethods),
});

/**
 * Checked against the cart's shops: per shop (keyed by its id, so a choice survives the cart
 * being read again) a pickup needs a day and a time, a shipping the shop's terms and an address
 * inside its radius.
 */
export function checkoutSchema(stores: CartStore[]) {
  return contactSchema
    .extend({
      deliveryAddress: z.string(),
      position: z.custom<Position | null>(),
      choices: z.record(z.string(), choiceSchema),
    })
    .superRefine((v, ctx) => {
      const problem = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
      let shipping = false;
      for (const s of stores) {
        const choice = v.choices[s.id];
        if (!choice) continue;
        if (choice.deliveryType === 'pickup') {
          const noPickup = noPickupText(s);
          if (noPickup) problem(['choices', s.id, 'deliveryType'], noPickup);
          else if (!choice.day || !choice.time) problem(['choices', s.id, 'pickupTime'], 'Scegli il giorno e l’ora del ritiro.');
          continue;
        }
        shipping = true;
        const check = checkShipping(s, v.position);
        if (!check.offered) problem(['choices', s.id, 'deliveryType'], shippingMessages.notShipping);
        else if (!check.meetsMinimum) problem(['choices', s.id, 'deliveryType'], `Per la spedizione serve un ordine minimo di ${formatMoney(s.shipping.minimumOrder ?? 0)}.`);
        else if (check.inRadius === false) {
          problem(['choices', s.id, 'deliveryAddress'], shippingMessages.outOfRadius(check.distance!, s.shipping.radiusKm));
        }
      }
      if (shipping) {
        if (!v.deliveryAddress.trim()) problem(['deliveryAddress'], shippingMessages.noAddress);
        if (!v.position) problem(['position'], 'Indica sulla mappa dove consegnare, o usa la tua posizione.');
      }
    });
}

export type CheckoutValues = z.input<ReturnType<typeof checkoutSchema>>;

/** A shop's first choice: pickup at its first free time; a shop without stated hours takes no pickup, so shipping when it ships. */
export function defaultChoice(store: CartStore, days: PickupDay[]): StoreChoice {
  const first = days[0];
  return { deliveryType: store.pickup || !store.shipping.enabled ? 'pickup' : 'shipping', day: first?.date ?? '', time: first?.times[0] ?? '', notes: '', paymentMethod: 'cash' };
}

/**
 * Where an error of the server's 422 goes in the form: `stores.<i>.<field>` names the i-th shop
 * of the order sent, which the form keys by its id.
 */
export function formFieldOf(field: string, stores: Pick<CartStore, 'id'>[]): string {
  if (field === 'deliveryPosition') return 'position';
  if (field === 'paymentMethod') return 'root.paymentMethod';
  const perStore = /^stores\.(\d+)\.(.+)$/.exec(field);
  const store = perStore && stores[Number(perStore[1])];
  return store ? `choices.${store.id}.${perStore[2]}` : field;
}
