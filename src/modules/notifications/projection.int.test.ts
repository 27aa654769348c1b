import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { anOrder, aReservation } from '../../../tests/support/order-events.js';
import { useProjection } from '../../../tests/support/projection.js';
import { derivedId } from '../../platform/commands/ids.js';
import { formatCents } from '../../platform/domain/money.js';
import type { RecordedEvent } from '../../platform/eventstore/types.js';
import { EventLog } from '../../platform/testing/projection-spec.js';
import { demoShops } from '../../seed.js';
import { orderDecider, orderStreamId, type OrderCommand, type OrderPlacedData } from '../orders/order.js';
import { reservationDecider, reservationStreamId, type ReservationCommand, type ReservationRequestedData } from '../reservations/reservation.js';
import { storeDecider, storeStreamId, type StoreCommand } from '../stores/store.js';
import { notificationsDecider, notificationsStreamId, type NotificationsCommand } from './notifications.js';
import { notificationPreferencesDecider, notificationPreferencesStreamId } from './preferences.js';
import { readModel } from '../index.js';
import type { CollaboratorEvent } from '../collaborators/collaborator.js';
import type { SessionEvent } from '../collaboration-sessions/session.js';
import type { ReportEvent } from '../reports/report.js';

const spec = useProjection(readModel('notifications'));
const log = new EventLog();
const order = (o: OrderPlacedData, command: OrderCommand, events = log) => events.decide(orderStreamId(o.orderId), orderDecider, command);
const reservation = (r: ReservationRequestedData, command: ReservationCommand) => log.decide(reservationStreamId(r.reservationId), reservationDecider, command);
const store = (id: string, command: StoreCommand) => log.decide(storeStreamId(id), storeDecider, command);
const notifications = (userId: string, command: NotificationsCommand) => log.decide(notificationsStreamId(userId), notificationsDecider(userId), command);

const of = (userId: string) =>
  spec.rows<{ id: string; title: string; message: string; link: string | null; read: boolean; created_at: Date }>(
    'SELECT id, title, message, link, read, created_at FROM notifications WHERE user_id = $1 ORDER BY created_at, title',
    [userId],
  );
const name = (o: { orderId: string }) => `ordine ${o.orderId.slice(0, 8).toUpperCase()}`;
const note = (event: RecordedEvent, recipient: 'first' | 'second', userId: string, title: string, message: string, link: string | null) => ({
  id: recipient === 'first' ? event.id : derivedId(event.id, userId),
  title,
  message,
  link,
  read: false,
  created_at: new Date(event.metadata.at),
});

describe('notifications projection', () => {
  it('tells the customer and the shop of a new order, the customer of each move, and adds none twice on a replay', async () => {
    const o = anOrder('shipping');
    const [placed] = order(o, { type: 'PlaceOrder', order: o });
    const [accepted] = order(o, { type: 'AcceptOrder', by: 'shopkeeper' });
    const [ready] = order(o, { type: 'MarkOrderReady', by: 'shopkeeper' });
    const [shipped] = order(o, { type: 'ShipOrder', by: 'shopkeeper' });
    const [completed] = order(o, { type: 'CompleteOrder', by: 'shopkeeper' });
    const events = [placed!, accepted!, ready!, shipped!, completed!];
    await spec.apply(events);
    await spec.apply(events);
    const link = `/customer/orders/${o.orderId}`;
    expect(await of(o.userId)).toEqual([
      note(placed!, 'first', o.userId, 'Ordine inviato', `Il tuo ${name(o)} presso «Forno Rossi» (${formatCents(1500)}) è stato inviato: il negozio lo confermerà a breve.`, link),
      note(accepted!, 'first', o.userId, 'Ordine accettato', `Il tuo ${name(o)} presso «Forno Rossi» è stato accettato ed è in preparazione.`, link),
      note(ready!, 'first', o.userId, 'Ordine pronto', `Il tuo ${name(o)} presso «Forno Rossi» è pronto e sta per partire.`, link),
      note(shipped!, 'first', o.userId, 'Ordine in consegna', `Il tuo ${name(o)} presso «Forno Rossi» è stato spedito ed è in consegna.`, link),
      note(completed!, 'first', o.userId, 'Ordine completato', `Il tuo ${name(o)} presso «Forno Rossi» è completato. Grazie per aver scelto un negozio del quartiere!`, link),
    ]);
    expect(await of(o.storeOwnerId)).toEqual([
      note(
        placed!,
        'second',
        o.storeOwnerId,
        'Nuovo ordine',
        `Giulia Bianchi ha ordinato presso «Forno Rossi» (${name(o)}): ${formatCents(1500)}, spedizione.`,
        `/shopkeeper/orders/${o.orderId}`,
      ),
    ]);
    expect(await spec.rows('SELECT delivery_type FROM notification_orders WHERE order_id = $1', [o.orderId])).toEqual([{ delivery_type: 'shipping' }]);
  });

  it('tells a pickup order ready for collection, and a cancellation to whom it concerns, with the reason', async () => {
    const [pickup, byCustomer] = [anOrder('pickup'), anOrder('pickup')];
    const events = [
      ...order(pickup, { type: 'PlaceOrder', order: pickup }),
      ...order(pickup, { type: 'AcceptOrder', by: 'shopkeeper' }),
      ...order(pickup, { type: 'MarkOrderReady', by: 'shopkeeper' }),
      ...order(pickup, { type: 'CancelOrder', by: 'store', reason: 'Forno guasto' }),
      ...order(byCustomer, { type: 'PlaceOrder', order: byCustomer }),
      ...order(byCustomer, { type: 'CancelOrder', by: 'customer', reason: '' }),
    ];
    await spec.apply(events);
    expect((await of(pickup.userId)).map((n) => n.message).slice(2)).toEqual([
      `Il tuo ${name(pickup)} presso «Forno Rossi» è pronto per il ritiro. Il codice da mostrare in negozio è nella pagina dell’ordine.`,
      `«Forno Rossi» ha annullato il tuo ${name(pickup)}. Motivo: Forno guasto`,
    ]);
    // The shop cancelled it: it hears of nothing but the order.
    expect((await of(pickup.storeOwnerId)).map((n) => n.title)).toEqual(['Nuovo ordine']);
    expect((await of(byCustomer.userId)).at(-1)).toMatchObject({ title: 'Ordine annullato', message: `Hai annullato l’${name(byCustomer)} presso «Forno Rossi».` });
    expect((await of(byCustomer.storeOwnerId)).at(-1)).toEqual(
      note(
        events.at(-1)!,
        'second',
        byCustomer.storeOwnerId,
        'Ordine annullato dal cliente',
        `Il cliente ha annullato l’${name(byCustomer)} presso «Forno Rossi»; i prodotti tornano disponibili.`,
        `/shopkeeper/orders/${byCustomer.orderId}`,
      ),
    );
  });

  it('tells the owner when the store is approved, suspended and reactivated', async () => {
    const [storeId, ownerId] = [randomUUID(), randomUUID()];
    const profile = { ...demoShops[0]!.profile, name: 'Bottega Blu' };
    const events = [
      ...store(storeId, { type: 'CreateStore', storeId, ownerId, slug: 'bottega-blu', profile }),
      ...store(storeId, { type: 'ApproveStore' }),
      ...store(storeId, { type: 'SuspendStore', reason: 'Reclami' }),
      ...store(storeId, { type: 'ReactivateStore' }),
    ];
    await spec.apply(events);
    expect(await of(ownerId)).toEqual([
      note(events[1]!, 'first', ownerId, 'Negozio approvato', '«Bottega Blu» è online: i clienti della zona ora possono trovarlo.', '/dashboard/shopkeeper'),
      note(events[2]!, 'first', ownerId, 'Negozio sospeso', '«Bottega Blu» è stato sospeso. Motivo: Reclami', '/dashboard/shopkeeper'),
      note(events[3]!, 'first', ownerId, 'Negozio riattivato', '«Bottega Blu» è di nuovo visibile ai clienti.', '/dashboard/shopkeeper'),
    ]);
  });

  it('tells the customer and the shop of a reservation, and the customer of its steps and its expiry', async () => {
    const r = aReservation();
    const now = new Date('2026-06-10T08:00:00.000Z');
    const events = [
      ...reservation(r, { type: 'RequestReservation', reservation: r, now }),
      ...reservation(r, { type: 'ConfirmReservation', shopkeeperNotes: 'Al banco' }),
      ...reservation(r, { type: 'MarkReservationReady' }),
      ...reservation(r, { type: 'ExpireReservation', now: new Date('2026-06-11T00:00:00.000Z') }),
    ];
    await spec.apply(events);
    const link = '/customer/reservations';
    expect(await of(r.userId)).toEqual([
      note(
        events[0]!,
        'first',
        r.userId,
        'Prenotazione inviata',
        'La tua prenotazione di 2 × «Pane di Altamura» presso «Forno Rossi» per il 10 giugno 2026 è stata inviata: il negozio la confermerà a breve.',
        link,
      ),
      note(
        events[1]!,
        'first',
        r.userId,
        'Prenotazione confermata',
        '«Forno Rossi» ha confermato la tua prenotazione di 2 × «Pane di Altamura» per il 10 giugno 2026. Nota del negozio: Al banco',
        link,
      ),
      note(events[2]!, 'first', r.userId, 'Prenotazione pronta', 'La tua prenotazione di 2 × «Pane di Altamura» presso «Forno Rossi» è pronta per il ritiro.', link),
      note(
        events[3]!,
        'first',
        r.userId,
        'Prenotazione scaduta',
        'La tua prenotazione di 2 × «Pane di Altamura» presso «Forno Rossi» per il 10 giugno 2026 è scaduta: non è stata ritirata in tempo.',
        link,
      ),
    ]);
    expect(await of(r.storeOwnerId)).toEqual([
      note(
        events[0]!,
        'second',
        r.storeOwnerId,
        'Nuova prenotazione',
        'Giulia Bianchi ha prenotato 2 × «Pane di Altamura» per il 10 giugno 2026 (ritiro verso le 17:30).',
        '/shopkeeper/reservations',
      ),
    ]);
  });

  it('marks what a user reads as read, one or all those seen, not another user’s', async () => {
    const [a, b] = [anOrder('pickup'), anOrder('pickup')];
    await spec.apply([
      ...order(a, { type: 'PlaceOrder', order: a }),
      ...order(a, { type: 'AcceptOrder', by: 'shopkeeper' }),
      ...order(a, { type: 'MarkOrderReady', by: 'shopkeeper' }),
      ...order(b, { type: 'PlaceOrder', order: b }),
    ]);
    const [first, second, third] = await of(a.userId);
    const [other] = await of(b.userId);
    await spec.apply([
      ...notifications(a.userId, { type: 'ReadNotification', notificationId: first!.id }),
      // Another user's notification among the ids: not theirs to read.
      ...notifications(a.userId, { type: 'ReadAllNotifications', notificationIds: [first!.id, second!.id, other!.id] }),
    ]);
    expect((await of(a.userId)).map((n) => [n.id, n.read])).toEqual([
      [first!.id, true],
      [second!.id, true],
      [third!.id, false],
    ]);
    expect((await of(b.userId))[0]!.read).toBe(false);
  });

  it('keeps the channels each user chose per kind, and queues a live notice for Web Push only where wanted', async () => {
    const [withPush, quiet] = [anOrder('pickup'), anOrder('pickup')];
    for (const o of [withPush, quiet]) {
      await spec.pool.query(`INSERT INTO push_subscriptions (endpoint, user_id, session_id, p256dh, auth, created_at) VALUES ($1, $2, $3, 'k', 'a', now())`, [
        `https://push.example/${o.userId}`,
        o.userId,
        randomUUID(),
      ]);
    }
    const preferences = log.decide(notificationPreferencesStreamId(quiet.userId), notificationPreferencesDecider(quiet.userId), {
      type: 'SetNotificationPreferences',
      role: 'customer',
      changes: { orders: { live: false }, reservations: { email: false } },
    });
    await spec.apply(preferences);
    expect(await spec.rows('SELECT kind, live, email FROM notification_preferences WHERE user_id = $1 ORDER BY kind', [quiet.userId])).toEqual([
      { kind: 'orders', live: false, email: true },
      { kind: 'reservations', live: true, email: false },
    ]);
    // Only what happened in the last minutes goes out live: these orders are placed now.
    const live = new EventLog(new Date());
    await spec.apply([...order(withPush, { type: 'PlaceOrder', order: withPush }, live), ...order(quiet, { type: 'PlaceOrder', order: quiet }, live)]);
    const queued = await spec.rows('SELECT user_id FROM push_outbox WHERE user_id = ANY($1::uuid[])', [[withPush.userId, quiet.userId]]);
    expect(queued).toEqual([{ user_id: withPush.userId }]);
    expect(await of(quiet.userId)).toHaveLength(1);
  });

  it('applies the notices other modules declare: both sides of a report, a collaborator’s profile, a burnt session code; nothing when a rule tells no one', async () => {
    const [shopkeeper, collaborator] = [randomUUID(), randomUUID()];
    const reportId = randomUUID();
    const parties = { shopkeeperId: shopkeeper, collaboratorId: collaborator, reportTitle: 'Consegna in ritardo' };
    const [started] = log.record<ReportEvent>(`report-${reportId}`, [
      { type: 'ReportInvestigationStarted', data: { ...parties, adminUserId: randomUUID(), startedAt: '2026-11-24T10:00:00.000Z' } },
    ]);
    const [approved] = log.record<CollaboratorEvent>(`collaborator-${collaborator}`, [{ type: 'CollaboratorApproved', data: { canActivateSessions: true } }]);
    const [burnt, unknown] = log.record<SessionEvent>(`collaboration-session-${randomUUID()}`, [
      { type: 'SessionCodeBurnt', data: { kind: 'closure', shopkeeperId: shopkeeper, collaboratorName: 'Marco Verdi' } },
      { type: 'SessionCodeBurnt', data: { kind: 'activation' } },
    ]);
    await spec.apply([started!, approved!, burnt!, unknown!]);
    const reportLink = `/collaborator/reports/${reportId}`;
    const said = 'L’amministrazione sta verificando la segnalazione «Consegna in ritardo».';
    expect(await of(shopkeeper)).toEqual([
      note(started!, 'first', shopkeeper, 'Segnalazione in verifica', said, reportLink),
      note(
        burnt!,
        'first',
        shopkeeper,
        'Codice di chiusura bloccato',
        'Il codice di chiusura della sessione con Marco Verdi è stato inserito sbagliato 5 volte ed è bloccato: generane uno nuovo dalla sessione e dallo al collaboratore di persona.',
        '/shopkeeper/collaborations',
      ),
    ]);
    expect(await of(collaborator)).toEqual(
      [
        note(
          approved!,
          'first',
          collaborator,
          'Profilo da collaboratore approvato',
          'Il tuo profilo è approvato e puoi attivare sessioni: i negozi della tua zona possono chiederti aiuto.',
          '/collaborator/profile',
        ),
        note(started!, 'second', collaborator, 'Segnalazione in verifica', said, reportLink),
      ].sort((a, b) => a.created_at.getTime() - b.created_at.getTime() || a.title.localeCompare(b.title)),
    );
    expect(await spec.rows('SELECT count(*)::int AS n FROM notifications WHERE id = $1', [unknown!.id])).toEqual([{ n: 0 }]);
  });
});
