import { z } from 'zod';
import { column, sql, type ReadDb } from '../../platform/db/read.js';
import { productStatuses, type Product } from './contract.js';

/** The columns a `Product` answer needs, of the products aliased `p`: never the search vector, whose text is large. */
export const productColumns = sql.fragment`p.id, p.store_id, p.name, p.description, p.price, p.stock_quantity, p.image_url, p.images, p.default_image_index, p.pdf_url, p.category, p.sku, p.barcode, p.status, p.is_deleted, p.featured, p.on_sale, p.global_product_id, p.store_active, p.created_at, p.updated_at`;

/** A products row as `productColumns` reads it. */
export const productRow = z.object({
  id: column.uuid,
  store_id: column.uuid,
  name: z.string(),
  description: z.string(),
  price: z.number(),
  stock_quantity: z.number(),
  image_url: z.string().nullable(),
  images: z.array(z.string()),
  default_image_index: z.number(),
  pdf_url: z.string().nullable(),
  category: z.string().nullable(),
  sku: z.string().nullable(),
  barcode: z.string().nullable(),
  status: z.enum(productStatuses),
  is_deleted: z.boolean(),
  featured: z.boolean(),
  on_sale: z.boolean(),
  global_product_id: column.uuid.nullable(),
  store_active: z.boolean(),
  created_at: column.time,
  updated_at: column.time,
});

/** A products row; the admin list kit (pg) gives its times as dates, slonik as ISO text. */
export type ProductRow = Omit<z.infer<typeof productRow>, 'created_at' | 'updated_at'> & { created_at: string | Date; updated_at: string | Date };

/** docs/api-catalogue.md `Product`. */
export function productJson(r: ProductRow): Product {
  return {
    id: r.id,
    storeId: r.store_id,
    name: r.name,
    description: r.description,
    price: r.price,
    stockQuantity: r.stock_quantity,
    imageUrl: r.image_url ?? r.images[r.default_image_index] ?? r.images[0] ?? null,
    images: r.images,
    defaultImageIndex: r.default_image_index,
    pdfUrl: r.pdf_url,
    category: r.category,
    sku: r.sku,
    barcode: r.barcode,
    status: r.status,
    featured: r.featured,
    onSale: r.on_sale,
    globalProductId: r.global_product_id,
    createdAt: new Date(r.created_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
  };
}

/** A store's products, featured and newest first; only the active ones unless `withInactive` (its owner, an admin). */
export async function productsOfStore(db: ReadDb, storeId: string, { withInactive }: { withInactive: boolean }): Promise<Product[]> {
  const rows = await db.any(sql.type(productRow)`
    SELECT ${productColumns} FROM products p WHERE p.store_id = ${storeId} AND NOT p.is_deleted ${withInactive ? sql.fragment`` : sql.fragment`AND p.status = 'active'`}
    ORDER BY p.featured DESC, p.created_at DESC`);
  return rows.map(productJson);
}
