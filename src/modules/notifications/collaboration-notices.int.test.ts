import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { Browser, useTestApp } from '../../../tests/support/app.js';
import { readModelsCaughtUp } from '../../../tests/support/caught-up.js';
import { loggedIn, logInAs, openShop, places, useLoggedIn, type Person, type Shop } from '../../../tests/support/marketplace.js';
import { registeredAndApproved } from '../../../tests/support/collaboration.js';
import { madeBeforeAll } from '../../../tests/support/made.js';
import { siteUrl } from '../email/links.js';
import { emailTriggersName } from '../email/triggers.js';
import type { CollaboratorNotification } from './contract.js';
import { requestStreamId as collaborationRequestStreamId, type RequestFields as CollaborationRequestCreatedData } from '../collaboration-requests/request.js';
import { hangAfter } from '../../../tests/support/time-limits.js';

const t = useTestApp();
const admin = useLoggedIn(t, 'admin');
let baseUrl: string;

beforeAll(async () => {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});

/** An approved collaborator covering `where` within 10 km, offering deliveries. */
async function approvedCollaborator(name: string, where = places.rome): Promise<Person & { cookie: string }> {
  const person = await registeredAndApproved(t, admin.browser, { address: 'Via del Corso 10, Roma', ...where, radiusKm: 10, availability: 'Pomeriggi', bio: '' }, { name });
  return { ...person, cookie: (await logInAs(t, person.username)).cookie };
}

const world = madeBeforeAll(async () => {
  const shop: Shop = await openShop(t, admin.browser, { name: 'Forno Aurora', where: places.rome });
  const anna = await approvedCollaborator('Anna Verdi');
  const luca = await approvedCollaborator('Luca Bassi');
  // Covers Milan, not this shop.
  const far = await approvedCollaborator('Marco Lontano', places.milan);
  return { shop, anna, luca, far };
});

/** A request's creation appended as the requests module does (not merged yet): the events' contract of issue [12]. */
async function createRequest(data: Partial<CollaborationRequestCreatedData>): Promise<CollaborationRequestCreatedData> {
  const { shop } = world;
  const request: CollaborationRequestCreatedData = {
    requestId: randomUUID(),
    shopkeeperId: shop.owner.id,
    storeId: shop.store.id,
    storeName: 'Forno Aurora',
    requestType: 'waiting',
    collaboratorId: null,
    message: 'Consegne del sabato mattina',
    estimatedDuration: 120,
    urgencyLevel: 'high',
    maxBudgetCents: 6000,
    requiredServices: ['delivery'],
    responseDeadline: new Date(Date.now() + 86_400_000).toISOString(),
    unlockId: randomUUID(),
    packageId: randomUUID(),
    ...data,
  };
  const metadata = { actorUserId: shop.owner.id, actorRole: 'shopkeeper', correlationId: randomUUID(), causationId: null, at: new Date().toISOString() };
  const { position } = await t.system.store.appendToStream(
    collaborationRequestStreamId(request.requestId),
    [{ id: randomUUID(), type: 'CollaborationRequestCreated', data: request, metadata }],
    { expectedRevision: 'no_stream' },
  );
  expect(await t.system.projections.waitFor(position, hangAfter(10_000))).toBe(true);
  return request;
}

const list = async (who: Browser) => {
  const res = await who.get('/api/collaborator-notifications');
  expect(res.statusCode, res.body).toBe(200);
  return { notes: res.json<CollaboratorNotification[]>(), total: Number(res.headers['x-total-count']), unread: Number(res.headers['x-unread-count']) };
};

describe('GET /api/collaborator-notifications and reading', () => {
  it('shows each recipient their own notices only, newest first with the unread count; reading is theirs alone', async () => {
    const { shop, anna, luca, far } = world;
    const request = await createRequest({});
    const mine = await list(anna.browser);
    const invitation = mine.notes.find((n) => n.requestId === request.requestId)!;
    expect(invitation).toMatchObject({
      notificationType: 'new_request',
      title: 'Nuova richiesta nella tua zona',
      priority: 'high',
      actionUrl: '/collaborator/requests',
      isRead: false,
      expired: false,
      collaboratorId: anna.id,
      shopkeeperId: shop.owner.id,
      storeId: shop.store.id,
      expiresAt: request.responseDeadline,
    });
    expect(mine.unread).toBeGreaterThanOrEqual(1);
    expect((await list(luca.browser)).notes.some((n) => n.requestId === request.requestId)).toBe(true);
    expect((await list(far.browser)).notes.some((n) => n.requestId === request.requestId)).toBe(false);
    const toShop = (await list(shop.owner.browser)).notes.find((n) => n.requestId === request.requestId)!;
    expect(toShop).toMatchObject({ notificationType: 'collaborator_available', priority: 'low', actionUrl: '/shopkeeper/collaborations', collaboratorId: null });

    // Someone else's notice is none of theirs.
    const lucaReads = await luca.browser.post(`/api/collaborator-notifications/${invitation.id}/read`);
    expect(lucaReads.statusCode).toBe(404);
    expect(lucaReads.json().message).toBe('Avviso non trovato.');
    const before = (await anna.browser.get('/api/collaborator-notifications/unread-count')).json().count as number;
    const read = await anna.browser.post(`/api/collaborator-notifications/${invitation.id}/read`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ id: invitation.id, isRead: true });
    expect((await anna.browser.get('/api/collaborator-notifications/unread-count')).json().count).toBe(before - 1);
    expect((await list(luca.browser)).notes.find((n) => n.requestId === request.requestId)!.isRead).toBe(false);
    const all = await luca.browser.post('/api/collaborator-notifications/read-all');
    expect(all.statusCode).toBe(200);
    expect(all.json().count).toBeGreaterThanOrEqual(1);
    expect((await list(luca.browser)).unread).toBe(0);
  });

  it('is for collaborators and shopkeepers: 401 without a login, 403 for a customer or an admin', async () => {
    expect((await new Browser(t.app).get('/api/collaborator-notifications')).statusCode).toBe(401);
    const customer = await loggedIn(t, 'customer');
    for (const who of [customer.browser, admin.browser]) {
      expect((await who.get('/api/collaborator-notifications')).statusCode).toBe(403);
      expect((await who.post('/api/collaborator-notifications/read-all')).statusCode).toBe(403);
    }
    expect((await world.anna.browser.post('/api/collaborator-notifications/not-an-id/read')).statusCode).toBe(400);
  });
});

describe('live and by e-mail', () => {
  it('pushes a new notice on the notifications’ stream of its recipient only, within seconds', async () => {
    const { anna, luca } = world;
    const annaStream = await openStream(anna.cookie);
    const lucaStream = await openStream(luca.cookie);
    try {
      expect(annaStream.status).toBe(200);
      const request = await createRequest({ requestType: 'direct', collaboratorId: anna.id, message: 'Inventario di fine mese' });
      const pushed = await annaStream.next((n) => n.kind === 'collaboration', 5000);
      expect(pushed).toMatchObject({ title: 'Nuova richiesta di collaborazione', link: '/collaborator/requests', read: false, kind: 'collaboration' });
      expect(pushed.message).toContain('«Inventario di fine mese»');
      const listed = (await list(anna.browser)).notes.find((n) => n.requestId === request.requestId)!;
      expect(listed.id).toBe(pushed.id);
      // A direct request is for the one asked: Luca's stream hears nothing of it.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(lucaStream.body()).not.toContain('Inventario di fine mese');
    } finally {
      annaStream.close();
      lucaStream.close();
    }
  });

  it('queues the notice’s mail to its recipient, with the request’s words and the page to open', async () => {
    const { anna } = world;
    const request = await createRequest({ requestType: 'direct', collaboratorId: anna.id, message: 'Vetrina di Natale', urgencyLevel: 'urgent' });
    expect(await readModelsCaughtUp(t.system, hangAfter(30_000), [emailTriggersName])).toBe(true);
    const { rows } = await t.system.pool.query<{ to_email: string; subject: string; text_content: string; html_content: string; priority: number; user_id: string }>(
      `SELECT to_email, subject, text_content, html_content, priority, user_id FROM email_queue
       WHERE template_name = 'collaborazione-nuova-richiesta' AND text_content LIKE '%Vetrina di Natale%'`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ to_email: `${anna.username}@esempio.it`, subject: 'Nuova richiesta di collaborazione da Forno Aurora', priority: 3, user_id: anna.id });
    expect(rows[0]!.text_content).toContain('Ciao Anna Verdi,');
    expect(rows[0]!.text_content).toContain(`Apri in Vicino: ${siteUrl}/collaborator/requests`);
    expect(rows[0]!.html_content).toContain(`href="${siteUrl}/collaborator/requests"`);
    void request;
  });
});

interface Pushed {
  id: string;
  title: string;
  message: string;
  link: string | null;
  read: boolean;
  kind?: string;
}

/** The notifications' live stream over real HTTP, as a browser opens it. */
function openStream(cookie: string): Promise<{ status: number; next: (match: (n: Pushed) => boolean, ms: number) => Promise<Pushed>; body: () => string; close: () => void }> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${baseUrl}/api/notifications/stream`, { headers: { cookie } }, (response) => {
      let buffer = '';
      let all = '';
      const seen: Pushed[] = [];
      const waiters = new Set<() => void>();
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        all += chunk;
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const lines = buffer.slice(0, end).split('\n');
          buffer = buffer.slice(end + 2);
          if (!lines.includes('event: notification')) continue;
          seen.push(JSON.parse(lines.find((l) => l.startsWith('data: '))!.slice(6)) as Pushed);
          for (const wake of [...waiters]) wake();
        }
      });
      resolve({
        status: response.statusCode!,
        body: () => all,
        close: () => request.destroy(),
        next: (match, ms) =>
          new Promise((ok, fail) => {
            const look = () => {
              const found = seen.find(match);
              if (!found) return false;
              clearTimeout(timer);
              waiters.delete(wake);
              ok(found);
              return true;
            };
            const wake = () => void look();
            const timer = setTimeout(() => {
              waiters.delete(wake);
              fail(new Error(`nothing pushed within ${ms} ms`));
            }, ms);
            if (!look()) waiters.add(wake);
          }),
      });
    });
    request.on('error', reject);
  });
}
