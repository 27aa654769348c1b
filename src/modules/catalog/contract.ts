import { z } from 'zod';
import { MAX_PRICE_CENTS, MAX_STOCK } from '../../platform/domain/limits.js';
import { formatCents, toEuros } from '../../platform/domain/money.js';
import { euroAmount, euros } from '../../platform/http/money.js';
import { adminResource } from '../../platform/http/admin-rest-contract.js';
import { api, createdOrItsId, del, get, idParams, isoTime, noContent, patch, post, timestamps } from '../../platform/http/contract.js';
import { imageUpload, optionalText, pdfUpload, requiredText } from '../../platform/http/schemas.js';

/** The statuses of a product and of a shared catalogue entry. */
export const productStatuses = ['active', 'inactive', 'pending'] as const;

const fields = {
  name: requiredText('Nome del prodotto', { min: 2, max: 150 }),
  description: z.string().trim().max(5000, 'Descrizione: al massimo 5000 caratteri.'),
  price: euroAmount(
    z
      .number({ error: 'Prezzo: campo obbligatorio.' })
      .positive('Il prezzo deve essere maggiore di zero.')
      .max(toEuros(MAX_PRICE_CENTS), `Il prezzo non può superare ${formatCents(MAX_PRICE_CENTS)}.`),
  ),
  stockQuantity: z
    .number({ error: 'Quantità: deve essere un numero intero.' })
    .int('Quantità: deve essere un numero intero.')
    .min(0, 'La quantità non può essere negativa.')
    .max(MAX_STOCK, `Quantità: al massimo ${MAX_STOCK.toLocaleString('it-IT')} pezzi.`),
  imageUrl: imageUpload('Immagine').nullable(),
  images: z.array(imageUpload('Immagine')).max(10, 'Al massimo 10 immagini.'),
  defaultImageIndex: z
    .number({ error: 'Immagine principale: un numero da 0 a 9.' })
    .int('Immagine principale: un numero da 0 a 9.')
    .min(0, 'Immagine principale: un numero da 0 a 9.')
    .max(9, 'Immagine principale: un numero da 0 a 9.'),
  pdfUrl: pdfUpload('Scheda PDF').nullable(),
  category: optionalText('Categoria', 60),
  sku: optionalText('Codice articolo', 60),
  barcode: optionalText('Codice a barre', 32).pipe(
    z
      .string()
      .regex(/^[0-9A-Za-z-]{4,32}$/, 'Codice a barre non valido.')
      .nullable(),
  ),
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

/** The request's `price` in euros is the product's `priceCents` inside. */
function withPriceCents<T extends { price?: number | undefined }>(given: T): Omit<T, 'price'> & { priceCents?: number } {
  const { price, ...rest } = given;
  return price === undefined ? rest : { ...rest, priceCents: price };
}

type NewProduct = Omit<z.output<z.ZodObject<typeof fields>>, 'price'> & { priceCents: number };

export const newProductSchema = z
  .object({ ...z.object(fields).partial().shape, name: fields.name, price: fields.price })
  .transform(
    (given) =>
      withPriceCents({ ...defaults, ...Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined)) } as z.output<z.ZodObject<typeof fields>>) as NewProduct,
  );

const { stockQuantity: _stock, ...changeable } = fields;
/** A change: any subset, except stock, which moves only with a reason (POST …/stock). */
export const productChangesSchema = z.object(changeable).partial().transform(withPriceCents);

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
  price: euros,
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
  ...timestamps,
  /** When its price began. */
  priceSince: isoTime,
  /**
   * The lowest price in force in the 30 days before `priceSince` (Codice del Consumo art. 17-bis):
   * what a sale shows beside the price; null when it had no other price in those days.
   */
  lowestPrice30Days: euros.nullable(),
});
export type Product = z.infer<typeof product>;

/** A product's shop and where it is: what a product's page and the search's results and map show of it. */
export const shopPlace = z.object({ id: z.uuid(), name: z.string(), slug: z.string(), address: z.string(), latitude: z.number(), longitude: z.number() });

/** A product's page: the product and where its shop is. */
export const productWithStore = product.extend({ store: shopPlace });
export type ProductWithStore = z.infer<typeof productWithStore>;

/** A shared catalogue entry as the admin curates it, with how much stores reuse it. */
export const globalProduct = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  basePrice: euros.nullable(),
  imageUrl: z.string().nullable(),
  images: z.array(z.string()),
  category: z.string().nullable(),
  sku: z.string().nullable(),
  barcode: z.string(),
  originalStoreId: z.uuid().nullable(),
  originalProductId: z.uuid().nullable(),
  addedBy: z.uuid().nullable(),
  status: z.enum(productStatuses),
  featured: z.boolean(),
  /** Stores using it now, and how many times it was taken up. */
  storeCount: z.number().int(),
  totalUsage: z.number().int(),
  lastUsed: isoTime.nullable(),
  popularityScore: z.number(),
  isPopular: z.boolean(),
  createdAt: isoTime,
});
export type GlobalProduct = z.infer<typeof globalProduct>;

/** A shared catalogue entry as a shopkeeper finds it by barcode, to fill a new product. */
export const sharedProduct = globalProduct.pick({
  id: true,
  name: true,
  description: true,
  basePrice: true,
  imageUrl: true,
  images: true,
  category: true,
  sku: true,
  barcode: true,
  storeCount: true,
  totalUsage: true,
});
export type SharedProduct = z.infer<typeof sharedProduct>;

/** A retail category (spec §3). */
export const category = z.object({
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  icon: z.string().nullable(),
  color: z.string().nullable(),
  sortOrder: z.number().int(),
});
export type Category = z.infer<typeof category>;

/** A product in the admin's list: with its shop's name. */
export const adminProduct = product.extend({ storeName: z.string().nullable() });
export type AdminProduct = z.infer<typeof adminProduct>;

const moderatedStatus = z.enum(productStatuses, { error: 'Stato non valido: active, inactive o pending.' });
const featuredFlag = z.boolean({ error: 'In evidenza: vero o falso.' });

/** react-admin sends the whole record on PUT: only what an admin moderates is read. */
export const productModeration = z.object({ status: moderatedStatus.optional(), featured: featuredFlag.optional() });

export const globalCuration = z.object({
  name: requiredText('Nome').optional(),
  description: z.string({ error: 'Descrizione: deve essere un testo.' }).trim().max(5000, 'Descrizione: al massimo 5000 caratteri.').optional(),
  category: z.string({ error: 'Categoria: deve essere un testo.' }).trim().max(60, 'Categoria: al massimo 60 caratteri.').nullable().optional(),
  status: moderatedStatus.optional(),
  featured: featuredFlag.optional(),
  /** null gives popularity back to the stores' reuse. */
  isPopular: z.boolean({ error: 'Popolare: vero, falso o null.' }).nullable().optional(),
});

/**
 * A product on sale without a real reduction (Codice del Consumo art. 17-bis): its price is not
 * below the lowest price of the 30 days before it began; `reason` says so in words.
 */
export const adminProductSale = adminProduct.extend({ reason: z.string() });
export type AdminProductSale = z.infer<typeof adminProductSale>;

const adminProducts = adminResource('/api/admin/products', adminProduct);
const adminProductSales = adminResource('/api/admin/product-sales', adminProductSale);
const adminGlobalProducts = adminResource('/api/admin/global-products', globalProduct);

/** Spec §7 catalogue: a shopkeeper's products and stock, the shared catalogue by barcode, the categories, the admin's moderation. */
export const catalogApi = api('catalogo', {
  create: post(
    '/api/products',
    'Aggiunge un prodotto al negozio del negoziante (un codice a barre lo lega al catalogo condiviso)',
    { 201: createdOrItsId(product) },
    { body: newProductSchema },
  ),
  update: patch(
    '/api/products/:id',
    'Modifica un prodotto del proprio negozio (non la quantità: quella si rettifica con un motivo)',
    { 200: product },
    {
      params: idParams,
      body: productChangesSchema,
    },
  ),
  adjustStock: post(
    '/api/products/:id/stock',
    'Rettifica il magazzino di un prodotto del proprio negozio, con il motivo',
    { 200: product },
    { params: idParams, body: stockAdjustmentSchema },
  ),
  remove: del('/api/products/:id', 'Elimina un prodotto del proprio negozio', { 204: noContent }, { params: idParams }),
  show: get(
    '/api/products/:id',
    'Un prodotto con il suo negozio (non attivo o di un negozio sospeso: solo per il negoziante e l’amministrazione)',
    { 200: productWithStore },
    { params: idParams },
  ),
  byBarcode: get(
    '/api/global-products/by-barcode/:code',
    'Il prodotto del catalogo condiviso con questo codice a barre, per compilare un nuovo prodotto',
    { 200: sharedProduct },
    {
      params: z.object({ code: z.string().trim().min(1).max(32) }),
    },
  ),
  categories: get('/api/categories', 'Le categorie merceologiche attive, in ordine', { 200: z.array(category) }),
  adminProducts: adminProducts.list('Elenco dei prodotti di tutti i negozi per l’amministrazione, con ordinamento, filtri e intervallo (Content-Range)'),
  adminProduct: adminProducts.get('Un prodotto, per l’amministrazione'),
  adminProductSales: adminProductSales.list(
    'Le offerte annunciate senza un ribasso reale (art. 17-bis del Codice del Consumo): prodotti «in offerta» il cui prezzo non è sotto il più basso dei 30 giorni precedenti; i deperibili ne sono esenti',
  ),
  adminProductSale: adminProductSales.get('Un’offerta senza ribasso reale, per l’amministrazione'),
  moderateProduct: adminProducts.update('Modera un prodotto: stato e messa in evidenza; il resto del record è ignorato', productModeration),
  deleteProduct: adminProducts.delete('Elimina un prodotto di un negozio; risponde il record com’era'),
  adminGlobalProducts: adminGlobalProducts.list(
    'Elenco del catalogo condiviso per l’amministrazione, con l’uso che ne fanno i negozi, ordinamento, filtri e intervallo (Content-Range)',
  ),
  adminGlobalProduct: adminGlobalProducts.get('Un prodotto del catalogo condiviso, per l’amministrazione'),
  curateGlobalProduct: adminGlobalProducts.update(
    'Cura un prodotto del catalogo condiviso: nome, descrizione, categoria, stato, evidenza, popolarità (null: decisa dall’uso)',
    globalCuration,
  ),
  deleteGlobalProduct: adminGlobalProducts.delete('Toglie un prodotto dal catalogo condiviso (i prodotti dei negozi restano, senza legame); risponde il record com’era'),
});
