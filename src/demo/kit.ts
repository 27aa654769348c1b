import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { retailCategories } from '../modules/catalog/categories.js';
import { storeProfileSchema } from '../modules/stores/contract.js';
import type { OpeningHours, StoreProfile } from '../modules/stores/store.js';

/*
 * The demo catalogue's vocabulary: what one demo shop is (its owner, its profile, whether the
 * admin approved it, its products), and the schema of the data file that states it, one a shop
 * (src/demo/<city>/<shop>.json). Each file is read and checked when the demo loads (index.ts).
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

const category = z.enum(retailCategories.map((c) => c.slug) as [string, ...string[]]);

/** `[open, close]` slots ("HH:MM"); the store's own schema checks their times once they are a week. */
const slots = z.array(z.tuple([z.string(), z.string()]));
const slotsOf = (list: z.output<typeof slots>) => list.map(([open, close]) => ({ open, close }));

/** Opening hours: the same slots Monday to Friday, Saturday's, Sunday's (none: closed). */
const week = z.strictObject({ weekdays: slots, saturday: slots, sunday: slots }).transform(({ weekdays, saturday, sunday }): OpeningHours => {
  const open = slotsOf(weekdays);
  return { '0': slotsOf(sunday), '1': open, '2': open, '3': open, '4': open, '5': open, '6': slotsOf(saturday) };
});

/**
 * Shipping within `radius` km with the shop's terms in euros, and card payments (the demo's sandbox
 * takes them: «Pagamenti di prova»): the fields a shopkeeper sets for it, in euros as a request gives them.
 */
const shipping = z.strictObject({ radius: z.number(), minimum: z.number(), cost: z.number(), freeFrom: z.number(), note: z.string() }).transform((terms) => ({
  shippingEnabled: true,
  pickupOnly: false,
  onlinePaymentsEnabled: true,
  stripePaymentsEnabled: true,
  shippingRadius: terms.radius,
  minimumOrderForShipping: terms.minimum,
  shippingCost: terms.cost,
  freeShippingThreshold: terms.freeFrom,
  shippingNote: terms.note,
}));

/**
 * What the shop states; the rest is a new store's default (pickup only, no shipping). Read by the
 * store's own schema, as a shopkeeper's request would be: its rules, and the euros in cents (toCents).
 */
const profile = z
  .strictObject({
    name: z.string(),
    description: z.string(),
    address: z.string(),
    category,
    latitude: z.number(),
    longitude: z.number(),
    phone: z.string(),
    email: z.string().optional(),
    openingHours: week,
    shipping: shipping.optional(),
  })
  .transform(({ shipping, ...stated }): z.input<typeof storeProfileSchema> => ({ ...stated, ...shipping }))
  .pipe(storeProfileSchema);

const product = z
  .strictObject({
    name: z.string().min(1),
    description: z.string(),
    price: z.number().nonnegative(),
    stockQuantity: z.number().int().nonnegative(),
    category: category.optional(),
    barcode: z
      .string()
      .regex(/^\d{8,14}$/, 'a barcode: 8 to 14 digits')
      .optional(),
  })
  .transform(({ name, description, price, stockQuantity: stock, category, barcode }): DemoProduct => {
    if (barcode !== undefined) return [name, description, price, stock, category, barcode];
    return category !== undefined ? [name, description, price, stock, category] : [name, description, price, stock];
  });

/** One demo shop's data file; `about` says what the shop is for the demo (for developers, not shown). */
export const demoShopFile = z
  .strictObject({
    about: z.string().min(1),
    owner: z.strictObject({ username: z.string().min(1), name: z.string().min(1) }),
    approved: z.boolean(),
    profile,
    products: z.array(product).min(1),
  })
  .transform(({ owner, approved, profile, products }): DemoShop => ({ owner, approved, profile, products }));

/** A demo shop's data file, read and checked: one that breaks the schema stops the load with its name and what is wrong where. */
export function loadDemoShop(file: URL): DemoShop {
  const path = fileURLToPath(file);
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`Demo shop ${path}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  const read = demoShopFile.safeParse(data);
  if (!read.success) throw new Error(`Demo shop ${path} breaks the schema of src/demo/kit.ts:\n${z.prettifyError(read.error)}`);
  return read.data;
}
