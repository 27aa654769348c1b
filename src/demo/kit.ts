import { toCents } from '../platform/domain/money.js';
import { newStoreDefaults } from '../modules/stores/contract.js';
import type { OpeningHours, StoreProfile } from '../modules/stores/store.js';

/*
 * The demo catalogue's vocabulary: what one demo shop is (its owner, its profile, whether the
 * admin approved it, its products), written as data in one file per shop (src/demo/<city>/).
 * src/seed.ts reads them; nothing here does any I/O.
 */

/**
 * A product as a shop lists it: name, description, price in euros, stock (0: out of stock),
 * and optionally its category (a slug of catalog/categories.ts; the shop's own when left out)
 * and its barcode (the same barcode in two shops is one entry of the shared catalogue).
 */
export type DemoProduct = [name: string, description: string, price: number, stock: number, category?: string, barcode?: string];

export interface DemoShop {
  /** The shopkeeper: an account of its own (password: the demo shopkeeper's). */
  owner: { username: string; name: string };
  /** Approved by the admin (active); the others wait for approval. */
  approved: boolean;
  profile: StoreProfile;
  products: DemoProduct[];
}

type Slots = [open: string, close: string][];

/** Opening hours: the same slots Monday to Friday, Saturday's (the weekdays' by default), Sunday's (closed by default). */
export function weekdays(open: Slots, saturday: Slots = open, sunday: Slots = []): OpeningHours {
  const slots = (list: Slots) => list.map(([o, c]) => ({ open: o, close: c }));
  return { '0': slots(sunday), '1': slots(open), '2': slots(open), '3': slots(open), '4': slots(open), '5': slots(open), '6': slots(saturday) };
}

/** A shop's profile: the defaults of a new store (pickup only, no shipping) with what the shop states. */
export function shopProfile(
  profile: Pick<StoreProfile, 'name' | 'description' | 'address' | 'category' | 'latitude' | 'longitude' | 'openingHours' | 'phone'> & Partial<StoreProfile>,
): StoreProfile {
  return { ...newStoreDefaults, ...profile };
}

/** Shipping within `radius` km with the shop's terms, and card payments (the demo's sandbox takes them: «Pagamenti di prova»). */
export function shipping(terms: { radius: number; minimum: number; cost: number; freeFrom: number; note: string }): Partial<StoreProfile> {
  return {
    shippingEnabled: true,
    pickupOnly: false,
    onlinePaymentsEnabled: true,
    stripePaymentsEnabled: true,
    shippingRadius: terms.radius,
    minimumOrderForShippingCents: toCents(terms.minimum),
    shippingCostCents: toCents(terms.cost),
    freeShippingThresholdCents: toCents(terms.freeFrom),
    shippingNote: terms.note,
  };
}
