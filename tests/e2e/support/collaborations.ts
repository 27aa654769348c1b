import type { Page } from 'playwright-core';
import type { Tab } from './browser.js';
import { call, fillRegistration, logIn, type Journey } from './journey.js';

/* The set-up of the journeys of a collaboration between the demo shop and a new collaborator (issues [13] and [14]). */

export interface ShopAndCollaborator {
  /** The seeded Bottega di Gianni (Rome), logged in on a computer (1280 px). */
  shop: Page;
  store: { id: string; latitude: number; longitude: number; name: string };
  /** The collaborator's phone (375 px). */
  phone: Tab;
  collaborator: Page;
  collaboratorId: string;
  /** The demo admin, logged in on a computer, who approved the collaborator. */
  admin: Page;
}

/**
 * The demo shop on a computer and a collaborator of its neighbourhood on a phone, registered through
 * the form (the journey of [12] shows the profile's screens) with a profile 500 m from the shop for
 * product management (free in the afternoons), approved by the admin with sessions allowed; the
 * test payments turned on.
 */
export async function shopAndApprovedCollaborator(journey: Journey, person: { username: string; name: string; email: string }): Promise<ShopAndCollaborator> {
  const desk = await journey.tab(1280);
  const shop = desk.page;
  await logIn(shop, 'negoziante', 'vicino-negozio');
  const store = await call<ShopAndCollaborator['store']>(shop, 'GET', '/api/stores/me');

  const phone = await journey.tab(375);
  const collaborator = phone.page;
  await fillRegistration(collaborator, person, '/auth?role=collaborator');
  await collaborator.getByRole('button', { name: 'Crea il tuo account' }).click();
  await collaborator.waitForURL((url) => url.pathname === '/collaborator/register');
  const me = await call<{ id: string }>(collaborator, 'GET', '/api/user');
  await call(collaborator, 'POST', '/api/collaborators', {
    address: 'Via Nazionale 20, Roma',
    latitude: store.latitude + 0.005,
    longitude: store.longitude,
    radiusKm: 5,
    services: ['product_management'],
    availability: 'Pomeriggi dal lunedì al venerdì',
  });
  const admin = (await journey.tab(1280)).page;
  await logIn(admin, 'admin', 'vicino-admin');
  await call(admin, 'POST', `/api/admin/collaborators/${me.id}/approve`, { canActivateSessions: true });
  await call(admin, 'PUT', '/api/admin/payment-settings/current', { sandboxEnabled: true });
  return { shop, store, phone, collaborator, collaboratorId: me.id, admin };
}

/**
 * The shop asks the collaborator directly (`message`, two hours, up to € 60), the collaborator
 * accepts, and the shop buys the collaboration package on the test payments' page, back on its
 * collaborations.
 */
export async function packageBought({ shop, collaborator, collaboratorId }: ShopAndCollaborator, message: string): Promise<void> {
  const request = await call<{ id: string }>(shop, 'POST', '/api/collaboration-requests', {
    requestType: 'direct',
    collaboratorId,
    message,
    estimatedDuration: 120,
    maxBudget: 60,
    requiredServices: ['product_management'],
  });
  await call(collaborator, 'POST', `/api/collaboration-requests/${request.id}/accept`);
  await shop.goto('/shopkeeper/collaborations');
  await shop.getByRole('button', { name: 'Acquista (pagamento di prova)' }).click();
  await shop.waitForURL((url) => url.pathname.startsWith('/pagamenti/prova/'));
  await shop.getByRole('button', { name: /^Paga / }).click();
  await shop.waitForURL((url) => url.pathname === '/shopkeeper/collaborations');
}
