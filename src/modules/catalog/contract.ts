import { z } from 'zod';
import { formatEuro } from '../../platform/domain/format.js';
import { MAX_PRICE, MAX_STOCK } from '../../platform/domain/limits.js';
import { isoTime } from '../../platform/http/contract.js';
import { imageUpload, pdfUpload, requiredText } from '../../platform/http/schemas.js';

/** The statuses of a product and of a shared catalogue entry. */
export const productStatuses = ['active', 'inactive', 'pending'] as const;

const optionalText = (label: string, max: number) =>
  z.string().trim().max(max, `${label}: al massimo ${max} caratteri.`).nullable().transform((v) => (v ? v : null));

const fields = {
  name: requiredText('Nome del prodotto', { min: 2, max: 150 }),
  description: z.string().trim().max(5000, 'Descrizione: al massimo 5000 caratteri.'),
  price: z
    .number({ error: 'Prezzo: campo obbligatorio.' })
    .positive('Il prezzo deve essere maggiore di zero.')
    .max(MAX_PRICE, `Il prezzo non può superare ${formatEuro(MAX_PRICE)}.`),
  stockQuantity: z
    .number({ error: 'Quantità: deve essere un numero intero.' })
    .int('Quantità: deve essere un numero intero.')
    .min(0, 'La quantità non può essere negativa.')
    .max(MAX_STOCK, `Quantità: al massimo ${MAX_STOCK.toLocaleString('it-IT')} pezzi.`),
  imageUrl: imageUpload('Immagine').nullable(),
  images: z.array(imageUpload('Immagine')).max(10, 'Al massimo 10 immagini.'),
  defaultImageIndex: z.number({ error: 'Immagine principale: un numero da 0 a 9.' }).int('Immagine principale: un numero da 0 a 9.').min(0, 'Immagine principale: un numero da 0 a 9.').max(9, 'Immagine principale: un numero da 0 a 9.'),
  pdfUrl: pdfUpload('Scheda PDF').nullable(),
  category: optionalText('Categoria', 60),
  sku: optionalText('Codice articolo', 60),
  barcode: optionalText('Codice a barre', 32).pipe(z.string().regex(/^[0-9A-Za-z-]{4,32}$/, 'Codice a barre non valido.').nullable()),
  status: z.enum(productStatuses, { error: 'Stato non valido.' }),
  featured: z.boolean(),
  onSale: z.boolean(),
};

const defaults = {
  description: '',
  stockQuantity: 0,
  imageUrl: null,
  images: [] as string[],
  defaultImageIndex: 0,
  pdfUrl: null,
  category: null,
  sku: null,
  barcode: null,
  status: 'active' as const,
  featured: false,
  onSale: false,
};

export const newProductSchema = z
  .object({ ...z.object(fields).partial().shape, name: fields.name, price: fields.price })
  .transform((given) => ({ ...defaults, ...Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined)) }) as z.output<z.ZodObject<typeof fields>>);

const { stockQuantity: _stock, ...changeable } = fields;
/** A change: any subset, except stock, which moves only with a reason (POST …/stock). */
export const productChangesSchema = z.object(changeable).partial();

export const stockAdjustmentSchema = z.object({
  delta: z
    .number({ error: 'Variazione: deve essere un numero intero.' })
    .int('Variazione: deve essere un numero intero.')
    .min(-MAX_STOCK, `Variazione: da -${MAX_STOCK.toLocaleString('it-IT')} a +${MAX_STOCK.toLocaleString('it-IT')} pezzi.`)
    .max(MAX_STOCK, `Variazione: da -${MAX_STOCK.toLocaleString('it-IT')} a +${MAX_STOCK.toLocaleString('it-IT')} pezzi.`)
    .refine((d) => d !== 0, 'La variazione non può essere zero.'),
  reason: requiredText('Motivo', { max: 300 }),
});

/** A store's product (docs/api-catalogue.md `Product`). */
export const product = z.object({
  id: z.uuid(),
  storeId: z.uuid(),
  name: z.string(),
  description: z.string(),
  price: z.number(),
  stockQuantity: z.number().int(),
  /** The picture to show: the one named, else the default of its images, else the first; null without any. */
  imageUrl: z.string().nullable(),
  images: z.array(z.string()),
  defaultImageIndex: z.number().int(),
  pdfUrl: z.string().nullable(),
  category: z.string().nullable(),
  sku: z.string().nullable(),
  barcode: z.string().nullable(),
  status: z.enum(productStatuses),
  featured: z.boolean(),
  onSale: z.boolean(),
  /** The shared catalogue entry of its barcode. */
  globalProductId: z.uuid().nullable(),
  createdAt: isoTime,
  updatedAt: isoTime,
});
export type Product = z.infer<typeof product>;
