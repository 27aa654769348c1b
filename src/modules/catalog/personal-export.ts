import type { PersonalExport } from '../../platform/module.js';

/** The catalogue of the person's shops and what they brought to the shared catalogue. (the person's export, GDPR artt. 15 and 20: issue [21].) */
export const catalogPersonalExport: PersonalExport = [
  {
    key: 'products',
    title: 'I prodotti dei tuoi negozi',
    about: 'Il catalogo dei tuoi negozi, come l’hai scritto.',
    tables: ['products'],
    sql: `SELECT p.id, s.name AS "shop", p.name, p.description, p.price_cents AS "priceCents", p.stock_quantity AS "stockQuantity", p.category,
                 p.sku, p.barcode, p.status, p.on_sale AS "onSale", p.is_deleted AS "deleted", p.created_at AS "createdAt"
          FROM products p JOIN stores s ON s.id = p.store_id WHERE s.owner_id = $1::uuid ORDER BY s.name, p.name`,
    columns: [
      ['shop', 'Negozio'],
      ['name', 'Prodotto'],
      ['priceCents', 'Prezzo', 'money'],
      ['stockQuantity', 'Disponibili'],
      ['deleted', 'Eliminato', 'yes-no'],
    ],
  },
  {
    key: 'sharedProducts',
    title: 'Prodotti aggiunti al catalogo condiviso',
    about: 'I prodotti che hai portato nel catalogo condiviso, che altri negozi possono riusare per codice a barre.',
    tables: ['global_products'],
    sql: `SELECT id, name, description, barcode, category, created_at AS "createdAt" FROM global_products WHERE added_by = $1::uuid ORDER BY created_at`,
    columns: [
      ['name', 'Prodotto'],
      ['barcode', 'Codice a barre'],
      ['createdAt', 'Aggiunto il', 'time'],
    ],
  },
];
