import { byEventType, type Projection } from '../../platform/projections/projection.js';
import { sellerStreamId, type SellerEvent } from './seller.js';

const storeOf = (streamId: string): string => streamId.slice(sellerStreamId('').length);

/** Who sells in each shop and the admin's check of it (the shop's public page, the admin's list to check). */
export const storeSellersProjection: Projection = {
  name: 'store-sellers',
  title: 'Venditori dei negozi',
  version: 1,
  tables: ['store_sellers'],
  apply: byEventType<SellerEvent>({
    SellerDeclared: ({ data }, tx) =>
      tx.query(
        `INSERT INTO store_sellers (store_id, seller_type, vat_number, status, reason, declared_at, checked_at) VALUES ($1, $2, $3, 'declared', NULL, $4, NULL)
         ON CONFLICT (store_id) DO UPDATE SET seller_type = $2, vat_number = $3, status = 'declared', reason = NULL, declared_at = $4, checked_at = NULL`,
        [data.storeId, data.sellerType, data.vatNumber, data.declaredAt],
      ),
    SellerVerified: ({ streamId, data }, tx) =>
      tx.query(`UPDATE store_sellers SET status = 'verified', reason = NULL, checked_at = $2 WHERE store_id = $1`, [storeOf(streamId), data.verifiedAt]),
    SellerRefused: ({ streamId, data }, tx) =>
      tx.query(`UPDATE store_sellers SET status = 'refused', reason = $2, checked_at = $3 WHERE store_id = $1`, [storeOf(streamId), data.reason, data.refusedAt]),
  }),
};
