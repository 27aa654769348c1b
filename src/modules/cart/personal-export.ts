import type { PersonalExport } from '../../platform/module.js';

/** The customer's cart as it is now. (the person's export, GDPR artt. 15 and 20: issue [21].) */
export const cartPersonalExport: PersonalExport = [
  {
    key: 'cart',
    title: 'Carrello',
    about: 'Gli articoli nel tuo carrello adesso.',
    tables: ['cart_items'],
    sql: `SELECT c.product_id AS "productId", p.name AS "product", s.name AS "shop", c.quantity, c.created_at AS "createdAt"
          FROM cart_items c LEFT JOIN products p ON p.id = c.product_id LEFT JOIN stores s ON s.id = c.store_id
          WHERE c.user_id = $1::uuid ORDER BY c.created_at`,
    columns: [
      ['product', 'Prodotto'],
      ['shop', 'Negozio'],
      ['quantity', 'Quantità'],
      ['createdAt', 'Aggiunto il', 'time'],
    ],
  },
];
