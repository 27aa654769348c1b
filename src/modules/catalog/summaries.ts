import { said } from '../../platform/domain/format.js';
import { retailCategories } from './categories.js';
import type { ProductFields } from './products.js';

type Changed = keyof Omit<ProductFields, 'stockQuantity'>;

/** The product's fields as its form names them, in the order a change is told. */
const fieldNames: Record<Changed, string> = {
  name: 'nome',
  priceCents: 'prezzo',
  onSale: 'in offerta',
  description: 'descrizione',
  category: 'categoria',
  status: 'stato',
  featured: 'in evidenza',
  imageUrl: 'immagine',
  images: 'immagini',
  defaultImageIndex: 'immagine principale',
  pdfUrl: 'scheda PDF',
  sku: 'codice articolo',
  barcode: 'codice a barre',
};

const statusNames: Record<ProductFields['status'], string> = { active: 'attivo', inactive: 'non attivo', pending: 'in approvazione' };
const categoryNames: Record<string, string> = Object.fromEntries(retailCategories.map((c) => [c.slug, c.name]));

/** One changed field as a person reads it: "prezzo € 3,90", "nome «Caciotta»", "in evidenza: sì", "descrizione". */
function told(field: Changed, value: unknown): string {
  const name = fieldNames[field];
  if (value === null || value === '') return `senza ${name}`;
  switch (field) {
    case 'priceCents':
      return `${name} ${said.money(value)}`;
    case 'name':
      return `${name}${said.quoted(value)}`;
    case 'status':
      return `${name}: ${said.named(statusNames, value)}`;
    case 'category':
      return `${name}: ${said.named(categoryNames, value)}`;
    case 'featured':
    case 'onSale':
      return `${name}: ${value === true ? 'sì' : 'no'}`;
    case 'sku':
    case 'barcode':
      return `${name} ${said.text(value)}`;
    case 'images':
      return Array.isArray(value) ? `${name} (${value.length})` : name;
    default:
      // A text or a file (description, image, PDF): named, not repeated.
      return name;
  }
}

/** "Prodotto modificato: prezzo € 3,90, nome «Caciotta», descrizione." (the session's actions, the admin's activity). */
export function productUpdated(data: Record<string, unknown>): string {
  const parts = said.fields(fieldNames, data.changes, '', (field, value) => told(field as Changed, value));
  return parts ? `Prodotto modificato: ${parts}.` : 'Prodotto modificato.';
}
