import { notice, type NoticesOf } from '../../platform/module.js';
import type { StoreEvent } from './store.js';

const dashboard = '/dashboard/shopkeeper';

/** The admin's decisions on a shop, told to its owner. */
export const storeNotices: NoticesOf<StoreEvent> = {
  StoreApproved: { kind: 'store', tell: ({ data: s }) => [notice(s.ownerId, 'Negozio approvato', `«${s.name}» è online: i clienti della zona ora possono trovarlo.`, dashboard)] },
  StoreSuspended: { kind: 'store', tell: ({ data: s }) => [notice(s.ownerId, 'Negozio sospeso', `«${s.name}» è stato sospeso. Motivo: ${s.reason}`, dashboard)] },
  StoreReactivated: { kind: 'store', tell: ({ data: s }) => [notice(s.ownerId, 'Negozio riattivato', `«${s.name}» è di nuovo visibile ai clienti.`, dashboard)] },
};
