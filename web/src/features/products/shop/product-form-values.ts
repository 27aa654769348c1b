import { z } from 'zod';
import { amountField, amountText, parseDecimal } from '../../../lib/money';
import type { Product, ProductFields, ProductStatus } from '../api';

/* A product's form as values: its rules, a blank one, a product's, and the fields the API takes. */

export const barcodePattern = /^[0-9A-Za-z-]{4,32}$/;

/** The form's rules mirror the API's (src/http/schemas/product.ts), in words for the shopkeeper. */
export const productSchema = z.object({
  name: z.string().trim().min(1, 'Scrivi il nome del prodotto.').min(2, 'Il nome deve avere almeno 2 caratteri.').max(150, 'Il nome può avere al massimo 150 caratteri.'),
  description: z.string().max(5000, 'La descrizione può avere al massimo 5000 caratteri.'),
  price: amountField({ required: true, label: 'Prezzo', max: 1_000_000 }),
  stockQuantity: z.string().trim().regex(/^\d+$/, 'Scrivi quanti pezzi hai: un numero intero, anche 0.'),
  category: z.string(),
  sku: z.string().trim().max(60, 'Il codice articolo può avere al massimo 60 caratteri.'),
  barcode: z
    .string()
    .trim()
    .refine((s) => s === '' || barcodePattern.test(s), 'Codice a barre non valido: da 4 a 32 cifre o lettere.'),
  images: z.array(z.string()).max(10, 'Al massimo 10 immagini.'),
  defaultImageIndex: z.number().int().min(0),
  pdfUrl: z.string().nullable(),
  status: z.enum(['active', 'inactive', 'pending']),
  featured: z.boolean(),
  onSale: z.boolean(),
});
export type ProductFormValues = z.infer<typeof productSchema>;

export const blankProduct: ProductFormValues = {
  name: '',
  description: '',
  price: '',
  stockQuantity: '0',
  category: '',
  sku: '',
  barcode: '',
  images: [],
  defaultImageIndex: 0,
  pdfUrl: null,
  status: 'active',
  featured: false,
  onSale: false,
};

export function productValues(p: Product): ProductFormValues {
  return {
    name: p.name,
    description: p.description,
    price: amountText(p.price),
    stockQuantity: String(p.stockQuantity),
    category: p.category ?? '',
    sku: p.sku ?? '',
    barcode: p.barcode ?? '',
    images: p.images,
    defaultImageIndex: p.defaultImageIndex,
    pdfUrl: p.pdfUrl,
    status: p.status,
    featured: p.featured,
    onSale: p.onSale,
  };
}

export function productFields(v: ProductFormValues): ProductFields {
  const defaultImageIndex = v.images[v.defaultImageIndex] ? v.defaultImageIndex : 0;
  return {
    name: v.name.trim(),
    description: v.description.trim(),
    price: parseDecimal(v.price),
    stockQuantity: Number(v.stockQuantity),
    imageUrl: v.images[defaultImageIndex] ?? null,
    images: v.images,
    defaultImageIndex,
    pdfUrl: v.pdfUrl,
    category: v.category || null,
    sku: v.sku.trim() || null,
    barcode: v.barcode.trim() || null,
    status: v.status,
    featured: v.featured,
    onSale: v.onSale,
  };
}

export const statusHints: Record<ProductStatus, string> = {
  active: 'Visibile ai clienti e acquistabile.',
  inactive: 'Nascosto ai clienti: resta nel tuo catalogo.',
  pending: 'In preparazione: non ancora visibile ai clienti.',
};

/** The form's own fields: an API error on another one is shown above the form alone. */
export const known = new Set<string>(Object.keys(blankProduct));
