import type { FieldPath } from 'react-hook-form';
import { z } from 'zod';
import { emailFormat, shopPhonePattern } from '@platform/domain/formats';
import { ApiError } from '../../../../lib/client';
import { amountField, amountText, numberText, optionalNumber, parseDecimal } from '../../../../lib/money';
import type { OpeningHours, Store, StoreProfile } from '../../api';
import { openingHoursProblems, typicalOpeningHours } from '../../OpeningHoursEditor';

/*
 * The store's form, shared by the creation wizard and the settings page: its rules, its values
 * from and to the API. Its fields, one file per part of the form, are beside this file.
 */

/** The form's rules mirror the API's (src/modules/stores/contract.ts: the same phone and e-mail checks), in words for the shopkeeper. */
export const storeFormSchema = z
  .object({
    name: z.string().trim().min(1, 'Scrivi il nome del negozio.').min(2, 'Il nome deve avere almeno 2 caratteri.').max(100, 'Il nome può avere al massimo 100 caratteri.'),
    category: z.string().min(1, 'Scegli la categoria del negozio.'),
    description: z.string().max(2000, 'La descrizione può avere al massimo 2000 caratteri.'),
    storeType: z.enum(['retail', 'wholesale']),
    address: z
      .string()
      .trim()
      .min(1, "Scrivi l'indirizzo del negozio.")
      .min(5, "Scrivi l'indirizzo completo: via, numero civico, CAP e città.")
      .max(200, "L'indirizzo può avere al massimo 200 caratteri."),
    position: z
      .object({ latitude: z.number(), longitude: z.number() })
      .nullable()
      .refine((p) => p !== null, 'Indica sulla mappa dove si trova il negozio.'),
    // Null: not decided yet (the API takes a store without them, and it offers no pickup meanwhile).
    openingHours: z.custom<OpeningHours | null>().refine((h) => h === null || Object.keys(openingHoursProblems(h)).length === 0, 'Correggi gli orari segnati in rosso.'),
    phone: z
      .string()
      .trim()
      .refine((s) => s === '' || shopPhonePattern.test(s), 'Numero di telefono non valido, ad esempio +39 06 1234 5678.'),
    email: z
      .string()
      .trim()
      .refine((s) => s === '' || emailFormat.safeParse(s).success, 'Indirizzo e-mail non valido.'),
    website: z
      .string()
      .trim()
      .refine((s) => s === '' || /^https?:\/\/[^\s/]+\.[^\s]+$/.test(s), 'Indirizzo del sito non valido: scrivilo per intero, https://…'),
    showPhone: z.boolean(),
    showEmail: z.boolean(),
    showMap: z.boolean(),
    logo: z.string().nullable(),
    images: z.array(z.string()).max(10, 'Al massimo 10 foto.'),
    shippingEnabled: z.boolean(),
    shippingRadius: z.string().refine((s) => s.trim() === '' || (parseDecimal(s) > 0 && parseDecimal(s) <= 500), 'Un raggio in km, più di 0 e fino a 500.'),
    minimumOrderForShipping: amountField({ required: false, label: 'Ordine minimo' }),
    shippingCost: amountField({ required: false, label: 'Costo di spedizione' }),
    freeShippingThreshold: amountField({ required: false, label: 'Spedizione gratuita da' }),
    shippingNote: z.string().max(300, 'La nota può avere al massimo 300 caratteri.'),
    onlinePaymentsEnabled: z.boolean(),
    stripePaymentsEnabled: z.boolean(),
    paypalPaymentsEnabled: z.boolean(),
  })
  .superRefine((v, ctx) => {
    if (v.shippingEnabled) {
      if (v.shippingRadius.trim() === '') ctx.addIssue({ code: 'custom', path: ['shippingRadius'], message: 'Indica fino a quanti km dal negozio spedisci.' });
      if (v.shippingCost.trim() === '') ctx.addIssue({ code: 'custom', path: ['shippingCost'], message: 'Indica il costo di spedizione (0 se è sempre gratuita).' });
      const minimum = optionalNumber(v.minimumOrderForShipping);
      const free = optionalNumber(v.freeShippingThreshold);
      if (minimum !== null && free !== null && free < minimum) {
        ctx.addIssue({ code: 'custom', path: ['freeShippingThreshold'], message: "La soglia per la spedizione gratuita non può essere sotto l'ordine minimo." });
      }
    }
    if (v.onlinePaymentsEnabled && !v.stripePaymentsEnabled && !v.paypalPaymentsEnabled) {
      ctx.addIssue({ code: 'custom', path: ['onlinePaymentsEnabled'], message: 'Scegli almeno un modo di pagare online: carta (Stripe) o PayPal.' });
    }
  });

/** What the fields hold while editing (no position yet, before the map is clicked)… */
export type StoreFormValues = z.input<typeof storeFormSchema>;
/** …and what a valid form hands over. */
export type ValidStoreForm = z.output<typeof storeFormSchema>;
export type StoreField = FieldPath<StoreFormValues>;

export const newStoreValues: StoreFormValues = {
  name: '',
  category: '',
  description: '',
  storeType: 'retail',
  address: '',
  position: null,
  openingHours: typicalOpeningHours,
  phone: '',
  email: '',
  website: '',
  showPhone: true,
  showEmail: true,
  showMap: true,
  logo: null,
  images: [],
  shippingEnabled: false,
  shippingRadius: '',
  minimumOrderForShipping: '',
  shippingCost: '',
  freeShippingThreshold: '',
  shippingNote: '',
  onlinePaymentsEnabled: false,
  stripePaymentsEnabled: false,
  paypalPaymentsEnabled: false,
};

export function storeValues(store: Store): ValidStoreForm {
  return {
    name: store.name,
    category: store.category,
    description: store.description,
    storeType: store.storeType,
    address: store.address,
    position: { latitude: store.latitude, longitude: store.longitude },
    openingHours: store.openingHours,
    phone: store.phone ?? '',
    email: store.email ?? '',
    website: store.website ?? '',
    showPhone: store.showPhone,
    showEmail: store.showEmail,
    showMap: store.showMap,
    logo: store.logo,
    images: store.images,
    shippingEnabled: store.shippingEnabled,
    shippingRadius: numberText(store.shippingRadius),
    minimumOrderForShipping: amountText(store.minimumOrderForShipping),
    shippingCost: amountText(store.shippingCost),
    freeShippingThreshold: amountText(store.freeShippingThreshold),
    shippingNote: store.shippingNote ?? '',
    onlinePaymentsEnabled: store.onlinePaymentsEnabled,
    stripePaymentsEnabled: store.stripePaymentsEnabled,
    paypalPaymentsEnabled: store.paypalPaymentsEnabled,
  };
}

const orNull = (text: string) => text.trim() || null;

/** The API's store fields from a valid form. */
export function storeProfile(v: ValidStoreForm): StoreProfile {
  return {
    name: v.name.trim(),
    category: v.category,
    description: v.description.trim(),
    storeType: v.storeType,
    address: v.address.trim(),
    latitude: v.position.latitude,
    longitude: v.position.longitude,
    openingHours: v.openingHours,
    phone: orNull(v.phone),
    email: orNull(v.email),
    website: orNull(v.website),
    showPhone: v.showPhone,
    showEmail: v.showEmail,
    showMap: v.showMap,
    logo: v.logo,
    images: v.images,
    // One choice on screen, two fields in the API: shipping on means "not pickup only".
    shippingEnabled: v.shippingEnabled,
    pickupOnly: !v.shippingEnabled,
    shippingRadius: optionalNumber(v.shippingRadius),
    minimumOrderForShipping: optionalNumber(v.minimumOrderForShipping),
    shippingCost: optionalNumber(v.shippingCost),
    freeShippingThreshold: optionalNumber(v.freeShippingThreshold),
    shippingNote: orNull(v.shippingNote),
    onlinePaymentsEnabled: v.onlinePaymentsEnabled,
    stripePaymentsEnabled: v.onlinePaymentsEnabled && v.stripePaymentsEnabled,
    paypalPaymentsEnabled: v.onlinePaymentsEnabled && v.paypalPaymentsEnabled,
  };
}

/**
 * The fields the form changes, compared with the store as the form itself would send it, so
 * that "4,90" against 4.9 or an untouched empty phone is no change.
 */
export function changedFields(store: Store, values: ValidStoreForm): Partial<StoreProfile> {
  const before = storeProfile(storeValues(store));
  const after = storeProfile(values);
  return Object.fromEntries((Object.keys(after) as (keyof StoreProfile)[]).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k])).map((k) => [k, after[k]]));
}

/** Where the API's field names land in the form: the coordinates are the one position field. */
export function serverFieldErrors(error: unknown): { field: StoreField; message: string }[] {
  if (!(error instanceof ApiError)) return [];
  const known = new Set<string>(Object.keys(newStoreValues));
  return Object.entries(error.fieldErrors).flatMap(([key, message]) => {
    const root = key.split('.')[0]!;
    const field = root === 'latitude' || root === 'longitude' ? 'position' : root;
    return known.has(field) ? [{ field: field as StoreField, message }] : [];
  });
}

export const storeTypes = [
  { value: 'retail', label: 'Vendita al dettaglio', hint: 'Vendi ai privati' },
  { value: 'wholesale', label: 'Ingrosso', hint: 'Vendi a negozi e professionisti' },
] as const;

export const storeTypeLabel = (type: StoreFormValues['storeType']) => storeTypes.find((t) => t.value === type)!.label;
