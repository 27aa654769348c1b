import { amountsToCents, within, type Upcaster } from '../../platform/eventstore/upcasting.js';

/** The shipping terms in euros of a store's events written before money became cents. */
const shippingInCents = (profile: Record<string, unknown>) =>
  amountsToCents(profile, {
    minimumOrderForShipping: 'minimumOrderForShippingCents',
    shippingCost: 'shippingCostCents',
    freeShippingThreshold: 'freeShippingThresholdCents',
  });

/** The stores' events written before money became cents (tests/fixtures/log-before-cents.ndjson), in today's shape. */
export const storeUpcasters: Record<string, Upcaster> = {
  StoreCreated: within('profile', shippingInCents),
  StoreUpdated: within('changes', shippingInCents),
};
