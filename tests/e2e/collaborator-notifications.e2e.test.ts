import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../src/platform/domain/context.js';
import { changeCollaborator, registerCollaborator } from '../../src/modules/collaborators/commands.js';
import {
  requestStreamId as collaborationRequestStreamId,
  type RequestEvent as CollaborationRequestEvent,
  type RequestFields as CollaborationRequestCreatedData,
} from '../../src/modules/collaboration-requests/request.js';
import { hasBrowser } from './support/browser.js';
import { logIn, useJourney } from './support/journey.js';
import { hangAfter } from '../support/time-limits.js';
import { noSideScroll } from './support/layout.js';

const journey = useJourney();
const shots = '.data/screenshots';

/** Appends a request's events as the requests module will (it is built beside this one): the contract of issue [12]. */
async function append(requestId: string, events: CollaborationRequestEvent[], actor: string, first = false) {
  const { system } = journey.site;
  const metadata = { actorUserId: actor, actorRole: 'shopkeeper', correlationId: randomUUID(), causationId: null, at: new Date().toISOString() };
  const { position } = await system.store.appendToStream(
    collaborationRequestStreamId(requestId),
    events.map((e) => ({ id: randomUUID(), type: e.type, data: e.data, metadata })),
    first ? { expectedRevision: 'no_stream' } : {},
  );
  expect(await system.projections.waitFor(position, hangAfter(10_000))).toBe(true);
}

describe.skipIf(!hasBrowser)('collaboration notices, in Chromium', () => {
  beforeAll(() => mkdirSync(shots, { recursive: true }));

  it('a collaborator sees a shop’s request arrive live on the notifications page, opens it read; the shopkeeper reads the acceptance', async () => {
    const { system } = journey.site;
    const users = await system.pool.query<{ id: string; username: string }>(`SELECT id, username FROM users WHERE username IN ('collaboratore', 'negoziante')`);
    const id = (name: string) => users.rows.find((u) => u.username === name)!.id;
    const collaborator = id('collaboratore');
    const shopkeeper = id('negoziante');
    const store = (
      await system.pool.query<{ id: string; name: string; latitude: number; longitude: number }>('SELECT id, name, latitude, longitude FROM stores WHERE owner_id = $1 LIMIT 1', [
        shopkeeper,
      ])
    ).rows[0]!;
    const ctx = systemContext();
    const registered = await registerCollaborator(
      system,
      collaborator,
      {
        address: 'Vicino al negozio',
        latitude: store.latitude,
        longitude: store.longitude,
        radiusKm: 5,
        services: ['delivery'],
        isAvailable: true,
        availability: 'Sabato',
        bio: '',
      },
      ctx,
    );
    expect(await system.projections.waitFor(registered!, hangAfter(10_000))).toBe(true);
    expect(await system.projections.waitFor((await changeCollaborator(system, collaborator, { type: 'Approve', canActivateSessions: true }, ctx))!, hangAfter(10_000))).toBe(true);

    const { page } = await journey.tab(375);
    await logIn(page, 'collaboratore', 'vicino-collabora');
    await page.goto('/notifications');
    await expect.poll(() => page.getByText('Nessun avviso sulle collaborazioni').isVisible()).toBe(true);
    // The bell counts every unread notice (here the approval's): one more once the request arrives.
    const bell = page.getByRole('link', { name: /^Notifiche/ });
    const bellCount = async () => Number((/(\d+) da leggere/.exec((await bell.getAttribute('aria-label')) ?? '') ?? [])[1] ?? 0);
    await expect.poll(bellCount).toBeGreaterThan(0);
    const before = await bellCount();

    const request: CollaborationRequestCreatedData = {
      requestId: randomUUID(),
      shopkeeperId: shopkeeper,
      storeId: store.id,
      storeName: store.name,
      requestType: 'waiting',
      collaboratorId: null,
      message: 'Ci serve una mano con le consegne di sabato mattina, zona centro.',
      estimatedDuration: 180,
      urgencyLevel: 'urgent',
      maxBudgetCents: 6000,
      requiredServices: ['delivery'],
      responseDeadline: new Date(Date.now() + 6 * 3600_000).toISOString(),
      unlockId: randomUUID(),
      packageId: randomUUID(),
    };
    await append(request.requestId, [{ type: 'CollaborationRequestCreated', data: request }], shopkeeper, true);
    // Live: the page shows it without a reload, the bell counts it.
    const row = page.getByRole('button', { name: 'Da leggere: Nuova richiesta nella tua zona' });
    await expect.poll(() => row.isVisible(), { timeout: hangAfter(10_000) }).toBe(true);
    await expect.poll(() => page.getByText('Priorità alta').isVisible()).toBe(true);
    await expect.poll(bellCount).toBe(before + 1);
    await noSideScroll(page, 375);
    await page.screenshot({ path: `${shots}/collaborator-notifications-375.png`, fullPage: true });

    await append(
      request.requestId,
      [
        {
          type: 'CollaborationRequestAccepted',
          data: {
            collaboratorId: collaborator,
            collaboratorName: 'Luca Ferrari',
            acceptedAt: new Date().toISOString(),
            unlockId: request.unlockId,
            purchaseDeadline: new Date(Date.now() + 86_400_000).toISOString(),
          },
        },
      ],
      collaborator,
    );
    const shop = await journey.tab(1280);
    await logIn(shop.page, 'negoziante', 'vicino-negozio');
    await shop.page.goto('/notifications');
    await expect.poll(() => shop.page.getByRole('button', { name: 'Da leggere: Richiesta accettata' }).isVisible()).toBe(true);
    await expect.poll(() => shop.page.getByText(/Luca Ferrari ha accettato la tua richiesta/).isVisible()).toBe(true);
    await shop.page.screenshot({ path: `${shots}/shopkeeper-collaboration-notices-1280.png`, fullPage: true });

    // Opening it marks it read and leads to the requests' page.
    await row.click();
    await page.waitForURL((url) => url.pathname === '/collaborator/requests');
    await page.goto('/notifications');
    await expect.poll(() => page.getByRole('button', { name: 'Nuova richiesta nella tua zona' }).isVisible()).toBe(true);
    expect((await system.pool.query('SELECT is_read FROM collaborator_notifications WHERE user_id = $1', [collaborator])).rows).toEqual([{ is_read: true }]);
    const wide = await journey.tab(1280);
    await logIn(wide.page, 'collaboratore', 'vicino-collabora');
    await wide.page.goto('/notifications');
    await expect.poll(() => wide.page.getByText('Collaborazioni', { exact: true }).isVisible()).toBe(true);
    await wide.page.screenshot({ path: `${shots}/collaborator-notifications-1280.png`, fullPage: true });
  });
});
