import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { useProjection } from '../../../tests/support/projection.js';
import { EventLog } from '../../platform/testing/projection-spec.js';
import { collaboratorDecider, collaboratorStreamId, type CollaboratorCommand, type CollaboratorProfile } from '../collaborators/collaborator.js';
import {
  requestStreamId as collaborationRequestStreamId,
  type RequestEvent as CollaborationRequestEvent,
  type RequestFields as CollaborationRequestCreatedData,
} from '../collaboration-requests/request.js';
import { unlockStreamId as packageUnlockStreamId, type UnlockEvent as PackageUnlockEvent } from '../package-unlocks/unlock.js';
import { notificationsDecider, notificationsStreamId } from './notifications.js';
import { collaboratorNotificationsProjection } from './collaboration-projection.js';
import { collaboratorNotificationPage, collaboratorUnreadCount } from './queries.js';

const spec = useProjection(collaboratorNotificationsProjection);
const log = new EventLog('2026-11-24T10:00:00.000Z');

/** The shop, in Milan's centre. */
const shop = { latitude: 45.4642, longitude: 9.19 };
const shopkeeper = randomUUID();
const storeId = randomUUID();

const person = async (name: string, role = 'collaborator'): Promise<string> => {
  const id = randomUUID();
  await spec.pool.query(
    `INSERT INTO users (id, username, name, email, role, status, password_hash, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, 'active', 'x', now(), now())`,
    [id, `u-${id.slice(0, 8)}`, name, `${id.slice(0, 8)}@esempio.it`, role],
  );
  return id;
};

/** A collaborator `km` north of the shop, covering `radiusKm`, offering `services`, after `commands` (approved unless told). */
async function collaborator(
  name: string,
  {
    km = 2,
    radiusKm = 10,
    services = ['delivery'],
    commands = [{ type: 'Approve', canActivateSessions: true }],
  }: { km?: number; radiusKm?: number; services?: CollaboratorProfile['services']; commands?: CollaboratorCommand[] } = {},
): Promise<string> {
  const id = await person(name);
  const stream = collaboratorStreamId(id);
  const profile: CollaboratorProfile = {
    address: 'Milano',
    latitude: shop.latitude + km / 111.2,
    longitude: shop.longitude,
    radiusKm,
    services,
    isAvailable: true,
    availability: '',
    bio: '',
  };
  const events = [...log.decide(stream, collaboratorDecider, { type: 'RegisterCollaborator', userId: id, profile })];
  for (const command of commands) events.push(...log.decide(stream, collaboratorDecider, command));
  await spec.apply(events);
  return id;
}

const request = (data: Partial<CollaborationRequestCreatedData> = {}): CollaborationRequestCreatedData => ({
  requestId: randomUUID(),
  shopkeeperId: shopkeeper,
  storeId,
  storeName: 'Forno Aurora',
  requestType: 'waiting',
  collaboratorId: null,
  message: 'Serve aiuto per le consegne del sabato',
  estimatedDuration: 90,
  urgencyLevel: 'normal',
  maxBudgetCents: 4500,
  requiredServices: ['delivery'],
  responseDeadline: '2026-11-25T18:00:00.000Z',
  unlockId: randomUUID(),
  packageId: randomUUID(),
  ...data,
});
const on = (r: CollaborationRequestCreatedData, ...events: CollaborationRequestEvent[]) => log.record(collaborationRequestStreamId(r.requestId), events);
const created = (r: CollaborationRequestCreatedData) => on(r, { type: 'CollaborationRequestCreated', data: r });
const purchased = (r: CollaborationRequestCreatedData, collaboratorId: string) =>
  log.record<PackageUnlockEvent>(packageUnlockStreamId(r.unlockId), [{ type: 'PackageUnlockPurchased', data: { paymentId: null, amountCents: 4900, collaboratorId } }]);

type Row = {
  user_id: string;
  notification_type: string;
  title: string;
  message: string;
  priority: string;
  action_url: string;
  expires_at: Date | null;
  collaborator_id: string | null;
};
const of = (r: CollaborationRequestCreatedData) =>
  spec.rows<Row>(
    `SELECT user_id, notification_type, title, message, priority, action_url, expires_at, collaborator_id FROM collaborator_notifications
     WHERE request_id = $1 ORDER BY created_at, notification_type, user_id = shopkeeper_id, user_id`,
    [r.requestId],
  );

let others: string[];
let a: string;
let h: string;

beforeAll(async () => {
  await spec.pool.query(
    `INSERT INTO users (id, username, name, email, role, status, password_hash, created_at, updated_at) VALUES ($1, 'bottega', 'Marta Neri', 'marta@esempio.it', 'shopkeeper', 'active', 'x', now(), now())`,
    [shopkeeper],
  );
  await spec.pool.query(
    `INSERT INTO stores (id, owner_id, name, slug, address, latitude, longitude, created_at, updated_at) VALUES ($1, $2, 'Forno Aurora', $3, 'Via Dante 1, Milano', $4, $5, now(), now())`,
    [storeId, shopkeeper, `forno-${storeId.slice(0, 8)}`, shop.latitude, shop.longitude],
  );
  a = await collaborator('Anna Verdi', { services: ['delivery', 'inventory'] });
  h = await collaborator('Luca Bassi', { km: 7, radiusKm: 8 });
  // Each of these misses one condition of being offered to the shop.
  others = [
    await collaborator('Senza servizio', { services: ['inventory'] }),
    await collaborator('Troppo lontano', { km: 30, radiusKm: 20 }),
    await collaborator('In attesa', { commands: [] }),
    await collaborator('Sospeso', {
      commands: [
        { type: 'Approve', canActivateSessions: false },
        { type: 'Suspend', reason: 'Ritardi' },
      ],
    }),
    await collaborator('Non disponibile', {
      commands: [
        { type: 'Approve', canActivateSessions: false },
        { type: 'ChangeProfile', changes: { isAvailable: false } },
      ],
    }),
    await collaborator('Inattivo', {
      commands: [
        { type: 'Approve', canActivateSessions: false },
        { type: 'SetStatus', status: 'inactive' },
      ],
    }),
  ];
});

describe('collaborator notifications projection', () => {
  it('tells a waiting request to every collaborator offered to the shop and to no one else, and the shopkeeper how many it reached; a replay adds none', async () => {
    const r = request();
    const events = created(r);
    await spec.apply(events);
    await spec.apply(events);
    const rows = await of(r);
    expect(rows.map((n) => [n.user_id, n.notification_type]).sort()).toEqual(
      [
        [a, 'new_request'],
        [h, 'new_request'],
        [shopkeeper, 'collaborator_available'],
      ].sort(),
    );
    const toA = rows.find((n) => n.user_id === a)!;
    expect(toA).toMatchObject({
      title: 'Nuova richiesta nella tua zona',
      priority: 'normal',
      action_url: '/collaborator/requests',
      expires_at: new Date(r.responseDeadline),
      collaborator_id: a,
    });
    expect(toA.message).toBe(
      '«Forno Aurora» cerca un collaboratore: «Serve aiuto per le consegne del sabato» Durata stimata 1 ora e 30 minuti, budget fino a € 45,00. La prima persona che accetta se la aggiudica; aperta fino al 25 novembre alle ore 19:00.',
    );
    expect(rows.find((n) => n.user_id === shopkeeper)!.message).toBe(
      'La tua richiesta per «Forno Aurora» è arrivata a 2 collaboratori disponibili nella zona: ti avvisiamo appena qualcuno accetta.',
    );
    const anyOther = await spec.rows('SELECT count(*)::int AS n FROM collaborator_notifications WHERE user_id = ANY($1::uuid[])', [others]);
    expect(anyOther).toEqual([{ n: 0 }]);
  });

  it('when one accepts a waiting request, closes the others’ invitations, tells the shopkeeper, and on purchase tells both the collaboration is confirmed', async () => {
    const r = request({ urgencyLevel: 'urgent' });
    const acceptedAt = '2026-11-24T12:00:00.000Z';
    const accept = log.record(
      collaborationRequestStreamId(r.requestId),
      [
        {
          type: 'CollaborationRequestAccepted',
          data: { collaboratorId: a, collaboratorName: 'Anna Verdi', acceptedAt, unlockId: r.unlockId, purchaseDeadline: '2026-11-25T12:00:00.000Z' },
        },
      ],
      { at: acceptedAt },
    );
    await spec.apply([...created(r), ...accept]);
    const rows = await of(r);
    const accepted = rows.find((n) => n.notification_type === 'request_accepted')!;
    expect(accepted).toMatchObject({
      user_id: shopkeeper,
      priority: 'high',
      action_url: '/shopkeeper/collaborations',
      expires_at: new Date('2026-11-25T12:00:00.000Z'),
      collaborator_id: a,
    });
    expect(accepted.message).toBe(
      'Anna Verdi ha accettato la tua richiesta per «Forno Aurora». Acquista il pacchetto di collaborazione entro il 25 novembre alle ore 13:00 per confermarla.',
    );
    // Luca's invitation ends when Anna takes it; Anna's keeps its deadline.
    const invitations = await spec.rows<{ user_id: string; expires_at: Date; invitation_open: boolean }>(
      "SELECT user_id, expires_at, invitation_open FROM collaborator_notifications WHERE request_id = $1 AND notification_type = 'new_request'",
      [r.requestId],
    );
    expect(invitations.find((n) => n.user_id === h)).toMatchObject({ expires_at: new Date(acceptedAt), invitation_open: false });
    expect(invitations.find((n) => n.user_id === a)).toMatchObject({ expires_at: new Date(r.responseDeadline), invitation_open: false });

    await spec.apply(purchased(r, a));
    const ready = (await of(r)).filter((n) => n.notification_type === 'session_ready');
    expect(ready.map((n) => [n.user_id, n.title, n.action_url]).sort()).toEqual(
      [
        [a, 'Collaborazione confermata', '/collaborator/requests'],
        [shopkeeper, 'Collaborazione confermata', '/shopkeeper/collaborations'],
      ].sort(),
    );
    expect(ready.find((n) => n.user_id === a)!.message).toContain('Il negozio ha confermato');
    expect(ready.find((n) => n.user_id === shopkeeper)!.message).toBe(
      'Pacchetto acquistato: la collaborazione con Anna Verdi per «Forno Aurora» è confermata. Programma la prima sessione dall’incarico, d’accordo con il collaboratore.',
    );
  });

  it('tells a direct request to the one asked only, the shopkeeper of a refusal with its reason, and the invited of a cancellation', async () => {
    const direct = request({ requestType: 'direct', collaboratorId: h, urgencyLevel: 'low' });
    await spec.apply([...created(direct), ...on(direct, { type: 'CollaborationRequestDeclined', data: { collaboratorId: h, reason: 'Sabato sono via' } })]);
    const rows = await of(direct);
    expect(rows.map((n) => [n.user_id, n.notification_type, n.priority])).toEqual([
      [h, 'new_request', 'low'],
      [shopkeeper, 'request_declined', 'low'],
    ]);
    expect(rows[0]!.title).toBe('Nuova richiesta di collaborazione');
    expect(rows[1]!.message).toBe('Luca Bassi non può accettare la tua richiesta per «Forno Aurora»: puoi chiedere a un altro collaboratore. Motivo: Sabato sono via');

    const waiting = request();
    await spec.apply([...created(waiting), ...on(waiting, { type: 'CollaborationRequestCancelled', data: { reason: 'Risolto da soli' } })]);
    const cancelled = (await of(waiting)).filter((n) => n.notification_type === 'request_cancelled');
    expect(cancelled.map((n) => n.user_id).sort()).toEqual([a, h].sort());
    expect(cancelled[0]!.message).toBe('«Forno Aurora» ha annullato la richiesta di collaborazione. Motivo: Risolto da soli');
  });

  it('passes an auto_match request along: each offer to its collaborator until its window, the expiry to the one holding it and to the shopkeeper', async () => {
    const r = request({ requestType: 'auto_match', urgencyLevel: 'high' });
    await spec.apply([
      ...created(r),
      ...on(r, { type: 'CollaborationRequestOffered', data: { collaboratorId: a, offeredUntil: '2026-11-24T13:00:00.000Z' } }),
      // Anna's window passes unanswered: her invitation ends then, and the next collaborator has it.
      ...log.record(collaborationRequestStreamId(r.requestId), [{ type: 'CollaborationRequestOfferLapsed', data: { collaboratorId: a } }], { at: '2026-11-24T13:00:00.000Z' }),
      ...on(r, { type: 'CollaborationRequestOffered', data: { collaboratorId: h, offeredUntil: '2026-11-24T14:00:00.000Z' } }),
      ...on(r, { type: 'CollaborationRequestExpired', data: { reason: 'no_match', collaboratorId: null } }),
    ]);
    const rows = await of(r);
    expect(rows.map((n) => [n.user_id, n.notification_type])).toEqual([
      [a, 'new_request'],
      [h, 'new_request'],
      [h, 'request_expired'],
      [shopkeeper, 'request_expired'],
    ]);
    expect(rows[0]).toMatchObject({ title: 'Richiesta di collaborazione per te', priority: 'high', expires_at: new Date('2026-11-24T13:00:00.000Z') });
    expect(rows[3]!.message).toBe('Nessun collaboratore disponibile ha accettato la tua richiesta per «Forno Aurora»: puoi inviarne una nuova.');
  });

  it('tells the collaborator and the shopkeeper when an accepted request lapses unpurchased', async () => {
    const r = request({ requestType: 'direct', collaboratorId: a });
    await spec.apply([
      ...created(r),
      ...on(r, {
        type: 'CollaborationRequestAccepted',
        data: { collaboratorId: a, collaboratorName: 'Anna Verdi', acceptedAt: '2026-11-24T12:00:00.000Z', unlockId: r.unlockId, purchaseDeadline: '2026-11-25T12:00:00.000Z' },
      }),
      ...on(r, { type: 'CollaborationRequestExpired', data: { reason: 'not_purchased', collaboratorId: a } }),
    ]);
    const expired = (await of(r)).filter((n) => n.notification_type === 'request_expired');
    expect(expired.map((n) => [n.user_id, n.title, n.message])).toEqual([
      [a, 'Collaborazione non confermata', '«Forno Aurora» non ha confermato in tempo la collaborazione che avevi accettato: la richiesta è scaduta.'],
      [shopkeeper, 'Richiesta scaduta', 'Il pacchetto non è stato acquistato in tempo: la collaborazione con Anna Verdi per «Forno Aurora» è scaduta.'],
    ]);
  });

  it('decides the fan-out at the request’s place in the log: one approved after it is not told, one suspended after it keeps its notice', async () => {
    const late = await collaborator('Arrivata dopo', { commands: [] });
    const leaving = await collaborator('Sospesa dopo');
    const r = request();
    await spec.apply([
      ...created(r),
      ...log.decide(collaboratorStreamId(late), collaboratorDecider, { type: 'Approve', canActivateSessions: false }),
      ...log.decide(collaboratorStreamId(leaving), collaboratorDecider, { type: 'Suspend', reason: 'Verifiche' }),
    ]);
    const told = (await of(r)).filter((n) => n.notification_type === 'new_request').map((n) => n.user_id);
    expect(told).toContain(leaving);
    expect(told).not.toContain(late);
    // The next request reaches the newly approved one and no longer the suspended one.
    const next = request();
    await spec.apply(created(next));
    const toldNext = (await of(next)).filter((n) => n.notification_type === 'new_request').map((n) => n.user_id);
    expect(toldNext).toContain(late);
    expect(toldNext).not.toContain(leaving);
  });

  it('reads a notice, then all, for their recipient only; the list marks the expired ones and the unread count leaves them out', async () => {
    const reader = await collaborator('Lettrice');
    const r = request({ responseDeadline: '2099-01-01T00:00:00.000Z' });
    const old = request({ responseDeadline: '2026-11-24T11:00:00.000Z' });
    await spec.apply([...created(r), ...created(old)]);
    const page = await collaboratorNotificationPage(spec.db, reader, { page: 1, pageSize: 10 });
    expect(page.total).toBe(2);
    expect(page.rows.map((n) => [n.requestId, n.expired, n.isRead])).toEqual([
      [old.requestId, true, false],
      [r.requestId, false, false],
    ]);
    expect(await collaboratorUnreadCount(spec.db, reader)).toBe(1);
    const stream = notificationsStreamId(reader, 'collaboration');
    const decider = notificationsDecider(reader, 'collaboration');
    await spec.apply(log.decide(stream, decider, { type: 'ReadNotification', notificationId: page.rows[1]!.id }));
    expect(await collaboratorUnreadCount(spec.db, reader)).toBe(0);
    // Someone else's id changes nothing of theirs.
    await spec.apply(
      log.decide(notificationsStreamId(a, 'collaboration'), notificationsDecider(a, 'collaboration'), { type: 'ReadAllNotifications', notificationIds: [page.rows[0]!.id] }),
    );
    expect((await collaboratorNotificationPage(spec.db, reader, { page: 1, pageSize: 10 })).rows.map((n) => n.isRead)).toEqual([false, true]);
    await spec.apply(log.decide(stream, decider, { type: 'ReadAllNotifications', notificationIds: page.rows.map((n) => n.id) }));
    expect((await collaboratorNotificationPage(spec.db, reader, { page: 1, pageSize: 10 })).rows.map((n) => n.isRead)).toEqual([true, true]);
  });
});
