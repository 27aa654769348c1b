import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { hangAfter } from '../../support/time-limits.js';
import { alwaysOpen, demoPickupCheckout, givePlan } from '../../support/marketplace.js';
import { apiSession } from './journey.js';
import { registered, type RunningSite } from './server.js';

/* The people and shops a journey's set-up makes through the API, before its story starts on the pages. */

/** A logged-in API session's call: answers its JSON, throws when the call fails (journey.ts's apiSession). */
export type ApiCall = Awaited<ReturnType<typeof apiSession>>;

/** The demo admin's API session on the site. */
export const adminApi = (site: RunningSite): Promise<ApiCall> => apiSession(site.url, 'admin', 'vicino-admin');

export interface ApprovedShop {
  ownerId: string;
  /** The shopkeeper's API session. */
  owner: ApiCall;
  /** The store as its creation answered it. */
  store: { id: string; slug: string; name: string; [k: string]: unknown };
  /** The admin's API session, who approved the store. */
  admin: ApiCall;
}

/**
 * A shopkeeper registered straight in the system (password 'segreta1' unless given; the Premium plan
 * when `plan`, which shipping and online payments need), their store made through the API (always
 * open and 'alimentari' unless `store` says otherwise) and approved by the demo admin.
 */
export async function approvedShop(
  site: RunningSite,
  { plan = false, testAccount = true, ...person }: { username: string; name: string; email?: string; password?: string; plan?: boolean; testAccount?: boolean },
  store: Record<string, unknown>,
): Promise<ApprovedShop> {
  const ownerId = await registered(site, { ...person, role: 'shopkeeper' });
  if (plan) await givePlan(site, ownerId);
  const owner = await apiSession(site.url, person.username, person.password ?? 'segreta1');
  const created = await owner('POST', '/api/stores', { openingHours: alwaysOpen, category: 'alimentari', ...store });
  const admin = await adminApi(site);
  await admin('POST', `/api/admin/stores/${created.id}/approve`);
  // Paid online: the shop's test account activated as its shopkeeper does it (the sandbox's onboarding page's button).
  if (store.onlinePaymentsEnabled && testAccount) {
    const { url } = await owner('POST', '/api/stores/me/payment-accounts/sandbox/onboarding');
    const accountId = new URL(url as string, site.url).pathname.split('/').pop()!;
    await owner('POST', `/api/payments/sandbox/accounts/${accountId}/activate`);
  }
  return { ownerId, owner, store: created, admin };
}

/**
 * A collaborator registered straight in the system (password 'segreta1'), their profile sent
 * through the API (`profile`: address, place, radius, services…) and approved by `admin`, able to
 * activate sessions unless told: their id and API session.
 */
export async function approvedCollaborator(
  site: RunningSite,
  admin: ApiCall,
  person: { username: string; name: string },
  profile: Record<string, unknown>,
  { canActivateSessions = true } = {},
): Promise<{ id: string; api: ApiCall }> {
  const id = await registered(site, { ...person, role: 'collaborator' });
  const api = await apiSession(site.url, person.username, 'segreta1');
  await api('POST', '/api/collaborators', profile);
  await admin('POST', `/api/admin/collaborators/${id}/approve`, { canActivateSessions });
  return { id, api };
}

/**
 * The demo customer (Chiara, of the seed) orders one `productId` for pickup, paying cash (`online`:
 * on the test payments' page, paid once its webhook is in); the shop accepts it, has it ready and hands it over with her pickup code: the completed order's id.
 */
export async function pickedUpOrder(site: RunningSite, owner: ApiCall, storeId: string, productId: string, { online = false } = {}): Promise<string> {
  const chiara = await apiSession(site.url, 'cliente', 'vicino-cliente');
  await chiara('POST', '/api/cart/items', { productId, quantity: 1 });
  const body = { ...demoPickupCheckout(storeId), ...(online ? { paymentMethod: 'sandbox' } : {}) };
  const placed = await chiara('POST', '/api/orders/checkout', body, { 'idempotency-key': randomUUID() });
  const orderId = placed.orders[0].id as string;
  if (online) {
    const paymentId = new URL(placed.orders[0].paymentUrl as string, site.url).pathname.split('/').pop()!;
    await chiara('POST', `/api/payments/sandbox/${paymentId}/pay`);
    await expect.poll(async () => (await chiara('GET', `/api/orders/${orderId}`)).paymentStatus, { timeout: hangAfter(20_000) }).toBe('paid');
  }
  const { pickupCode } = await chiara('GET', `/api/orders/${orderId}`);
  for (const move of ['accept', 'ready']) await owner('POST', `/api/orders/${orderId}/${move}`);
  await owner('POST', `/api/orders/${orderId}/complete`, { pickupCode });
  return orderId;
}
