import type pg from 'pg';
import type { OrderEvent, OrderRef } from '../orders/order.js';
import type { AccessEvent } from '../collaboration-sessions/access.js';
import type { SessionEvent } from '../collaboration-sessions/session.js';
import type { NotificationsEvent } from './decider.js';
import { noticeKindOf, type NotificationPreferencesEvent } from './preferences.js';
import type { ReservationEvent, ReservationRef } from '../reservations/reservation.js';
import { formatCents } from '../../platform/domain/money.js';
import { derivedId } from '../../platform/commands/ids.js';
import type { StoreEvent } from '../stores/store.js';
import type { EntitlementEvent } from '../packages/entitlement.js';
import { creditsCount, type CreditsEvent } from '../credits/ledger.js';
import type { CollaboratorEvent } from '../collaborators/collaborator.js';
import type { CaseEvent } from '../complaints/case.js';
import type { ReviewEvent } from '../reviews/review.js';
import type { ReportEvent } from '../reports/report.js';
import { noticeWhen } from '../packages/mails.js';
import type { RecordedEvent } from '../../platform/eventstore/types.js';
import { byEventType, inRuns, type Projection, type Recorded } from '../../platform/projections/projection.js';

/** Where a committed notification is announced to open streams (src/modules/notifications/stream.ts). */
export const notificationChannel = 'vicino_notifications';

/**
 * Only what happened lately is pushed live: a rebuild re-inserts every past notification and
 * must not replay them all on users' screens.
 */
const liveForMs = 10 * 60_000;

type Recipient = 'first' | 'second';

interface Note {
  event: RecordedEvent;
  recipient: Recipient;
  userId: string;
  title: string;
  message: string;
  link: string | null;
}

/**
 * Notifications, each for `userId` about its `event`, in one statement. A notification's id is
 * the event's for the first recipient and derived from the event and the user for another, so a
 * replay adds none twice. Only a new one is announced, and from inside the transaction, so
 * listeners hear of it at commit, when the row can be read; the announcement names the event (its
 * position and type), for the stream to push it once the other read models show it too — unless its
 * user turned live notices of its kind off (notification_preferences). Of those announced, a user
 * with a browser subscribed to Web Push gets it queued in push_outbox (src/modules/notifications/web-push-process.ts).
 * `orders`: new orders' delivery types, kept for their later notices, in the same statement.
 */
async function notifyAll(tx: pg.ClientBase, notes: Note[], orders: { order_id: string; delivery_type: string }[] = []): Promise<void> {
  const rows = notes.map(({ event, recipient, userId, title, message, link }) => ({
    id: recipient === 'first' ? event.id : derivedId(event.id, userId),
    user_id: userId,
    title,
    message,
    link,
    at: event.metadata.at,
    live: Date.now() - Date.parse(event.metadata.at) < liveForMs,
    position: event.position,
    type: event.type,
    kind: noticeKindOf(event.type),
  }));
  await tx.query(
    `WITH n AS (
       SELECT * FROM jsonb_to_recordset($1::jsonb) AS n (id uuid, user_id uuid, title text, message text, link text, at timestamptz, live boolean, position text, type text, kind text)
     ), added AS (
       INSERT INTO notifications (id, user_id, title, message, link, created_at) SELECT id, user_id, title, message, link, at FROM n
       ON CONFLICT (id) DO NOTHING RETURNING id
     ), kept AS (
       INSERT INTO notification_orders (order_id, delivery_type)
       SELECT order_id, delivery_type FROM jsonb_to_recordset($3::jsonb) AS o (order_id uuid, delivery_type text)
       ON CONFLICT DO NOTHING
     ), told AS (
       SELECT n.* FROM added JOIN n USING (id)
       WHERE n.live AND NOT EXISTS (SELECT FROM notification_preferences p WHERE p.user_id = n.user_id AND p.kind = n.kind AND NOT p.live)
     ), pushed AS (
       INSERT INTO push_outbox (notification_id, user_id)
       SELECT id, user_id FROM told t WHERE EXISTS (SELECT FROM push_subscriptions s WHERE s.user_id = t.user_id)
       ON CONFLICT DO NOTHING
     )
     SELECT pg_notify($2, json_build_object('userId', user_id, 'id', id, 'position', position, 'type', type)::text) FROM told`,
    [JSON.stringify(rows), notificationChannel, JSON.stringify(orders)],
  );
}

/** A notification for `userId` about `event` (notifyAll). */
const notify = (tx: pg.ClientBase, event: RecordedEvent, recipient: Recipient, userId: string, title: string, message: string, link: string | null) =>
  notifyAll(tx, [{ event, recipient, userId, title, message, link }]);

/** A case's page (complaints and disputes, issue [14]). */
const caseLink = (event: RecordedEvent) => `/complaints/${event.streamId.slice('complaint-'.length)}`;

/** How people read an order's id: "ordine A1B2C3D4". */
const orderName = (orderId: string): string => `ordine ${orderId.slice(0, 8).toUpperCase()}`;
const customerOrderLink = (ref: OrderRef): string => `/customer/orders/${ref.orderId}`;
const shopOrderLink = (ref: OrderRef): string => `/shopkeeper/orders/${ref.orderId}`;

const day = new Intl.DateTimeFormat('it-IT', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
/** "12 marzo 2027" of an instant, as Italy reads it. */
const instantDay = new Intl.DateTimeFormat('it-IT', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Rome' });

/** "12 marzo, 18:30" of an instant, as Italy reads it (a delivery's deadline). */
const instantMinute = new Intl.DateTimeFormat('it-IT', { day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Rome' });

/** The owner of a credits' ledger (stream `credits-<userId>`). */
const creditsOwner = (event: RecordedEvent): string => event.streamId.slice('credits-'.length);
/** The credits' page of the owner's role (shopkeepers' and collaborators' have one each). */
async function creditsLink(tx: pg.ClientBase, userId: string): Promise<string> {
  const { rows } = await tx.query<{ role: string }>('SELECT role FROM users WHERE id = $1', [userId]);
  return rows[0]?.role === 'collaborator' ? '/collaborator/credits' : '/shopkeeper/credits';
}
/** "12 marzo 2026" from "2026-03-12". */
const dayName = (date: string): string => {
  const at = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(at.getTime()) ? date : day.format(at);
};
const reservationWhat = (ref: ReservationRef): string => `${ref.quantity} × «${ref.productName}»`;
const customerReservations = '/customer/reservations';
const shopReservations = '/shopkeeper/reservations';

const withReason = (text: string, reason: string): string => (reason.trim() ? `${text} Motivo: ${reason.trim()}` : text);


const collaboratorOf = (event: RecordedEvent): string => event.streamId.slice('collaborator-'.length);

/** The admin's answers to a report (issue [14]), told to both sides of its assignment, each linking to the report. */
function reportNotice(event: RecordedEvent & { data: { shopkeeperId: string; collaboratorId: string } }, tx: pg.ClientBase, title: string, message: string): Promise<void> {
  const link = `/collaborator/reports/${event.streamId.slice('report-'.length)}`;
  return notifyAll(tx, [
    { event, recipient: 'first', userId: event.data.shopkeeperId, title, message, link },
    { event, recipient: 'second', userId: event.data.collaboratorId, title, message, link },
  ]);
}
const collaboratorProfileLink = '/collaborator/profile';

/** A run of new orders: the customer's notice and the shop's of each, in one statement. */
async function ordersPlaced(events: Recorded<OrderEvent, 'OrderPlaced'>[], tx: pg.ClientBase): Promise<void> {
  const orders = events.map(({ data: o }) => ({ order_id: o.orderId, delivery_type: o.deliveryType }));
  await notifyAll(tx, events.flatMap((event) => {
    const o = event.data;
    const how = o.deliveryType === 'pickup' ? 'ritiro in negozio' : 'spedizione';
    return [
      { event, recipient: 'first' as const, userId: o.userId, title: 'Ordine inviato',
        message: `Il tuo ${orderName(o.orderId)} presso «${o.storeName}» (${formatCents(o.totalCents)}) è stato inviato: il negozio lo confermerà a breve.`,
        link: customerOrderLink(o) },
      { event, recipient: 'second' as const, userId: o.storeOwnerId, title: 'Nuovo ordine',
        message: `${o.customerName} ha ordinato presso «${o.storeName}» (${orderName(o.orderId)}): ${formatCents(o.totalCents)}, ${how}.`,
        link: shopOrderLink(o) },
    ];
  }), orders);
}

async function orderReady(event: Recorded<OrderEvent, 'OrderReady'>, tx: pg.ClientBase): Promise<void> {
  const ref = event.data;
  const { rows } = await tx.query<{ delivery_type: string }>('SELECT delivery_type FROM notification_orders WHERE order_id = $1', [ref.orderId]);
  const message = rows[0]?.delivery_type === 'shipping'
    ? `Il tuo ${orderName(ref.orderId)} presso «${ref.storeName}» è pronto e sta per partire.`
    : `Il tuo ${orderName(ref.orderId)} presso «${ref.storeName}» è pronto per il ritiro. Il codice da mostrare in negozio è nella pagina dell’ordine.`;
  await notify(tx, event, 'first', ref.userId, 'Ordine pronto', message, customerOrderLink(ref));
}

async function orderCancelled(event: Recorded<OrderEvent, 'OrderCancelled'>, tx: pg.ClientBase): Promise<void> {
  const c = event.data;
  const order = orderName(c.orderId);
  // Paid online: the refund follows through the provider (OrderRefunded says when it is done).
  const refund = c.paymentStatus === 'paid' || c.paymentStatus === 'refunded' ? ' L’importo pagato ti sarà rimborsato sul metodo con cui hai pagato.' : '';
  const toCustomer =
    c.by === 'customer'
      ? `Hai annullato l’${order} presso «${c.storeName}».`
      : c.by === 'store'
        ? withReason(`«${c.storeName}» ha annullato il tuo ${order}.`, c.reason)
        : c.by === 'system'
          ? withReason(`Il tuo ${order} presso «${c.storeName}» è stato annullato.`, c.reason)
          : withReason(`Il tuo ${order} presso «${c.storeName}» è stato annullato dall’amministrazione.`, c.reason);
  await notify(tx, event, 'first', c.userId, 'Ordine annullato', toCustomer + refund, customerOrderLink(c));
  if (c.by === 'system') {
    await notify(tx, event, 'second', c.storeOwnerId, 'Ordine annullato',
      withReason(`L’${order} presso «${c.storeName}» si è annullato da solo; i prodotti tornano disponibili.`, c.reason), shopOrderLink(c));
  } else if (c.by !== 'store') {
    const who = c.by === 'customer' ? 'Il cliente' : 'L’amministrazione';
    await notify(tx, event, 'second', c.storeOwnerId, c.by === 'customer' ? 'Ordine annullato dal cliente' : 'Ordine annullato',
      withReason(`${who} ha annullato l’${order} presso «${c.storeName}»; i prodotti tornano disponibili.`, c.reason),
      shopOrderLink(c));
  }
}

async function reservationCancelled(event: Recorded<ReservationEvent, 'ReservationCancelled'>, tx: pg.ClientBase): Promise<void> {
  const r = event.data;
  const what = `${reservationWhat(r)} presso «${r.storeName}» per il ${dayName(r.reservationDate)}`;
  if (r.expired) {
    await notify(tx, event, 'first', r.userId, 'Prenotazione scaduta',
      `La tua prenotazione di ${what} è scaduta: non è stata ritirata in tempo.`, customerReservations);
    return;
  }
  const toCustomer = r.by === 'customer'
    ? `Hai annullato la prenotazione di ${what}.`
    : withReason(`«${r.storeName}» ha annullato la tua prenotazione di ${what}.`, r.reason);
  await notify(tx, event, 'first', r.userId, 'Prenotazione annullata', toCustomer, customerReservations);
  if (r.by === 'customer') {
    await notify(tx, event, 'second', r.storeOwnerId, 'Prenotazione annullata dal cliente',
      withReason(`Il cliente ha annullato la prenotazione di ${reservationWhat(r)} per il ${dayName(r.reservationDate)}.`, r.reason),
      shopReservations);
  }
}

/** The `notifications` read model: what each user is told, in Italian, and what they have read. */
export const notificationsProjection: Projection = {
  name: 'notifications',
  version: 3,
  tables: ['notifications', 'notification_orders', 'notification_preferences'],
  apply: byEventType<StoreEvent | OrderEvent | ReservationEvent | NotificationsEvent | NotificationPreferencesEvent | EntitlementEvent | CreditsEvent | CollaboratorEvent | CaseEvent | ReportEvent | ReviewEvent | AccessEvent | SessionEvent>({
    StoreApproved: (event, tx) =>
      notify(tx, event, 'first', event.data.ownerId, 'Negozio approvato', `«${event.data.name}» è online: i clienti della zona ora possono trovarlo.`, '/dashboard/shopkeeper'),
    StoreSuspended: (event, tx) =>
      notify(tx, event, 'first', event.data.ownerId, 'Negozio sospeso', `«${event.data.name}» è stato sospeso. Motivo: ${event.data.reason}`, '/dashboard/shopkeeper'),
    StoreReactivated: (event, tx) =>
      notify(tx, event, 'first', event.data.ownerId, 'Negozio riattivato', `«${event.data.name}» è di nuovo visibile ai clienti.`, '/dashboard/shopkeeper'),
    PackageExpiryNoticed: (event, tx) =>
      notify(tx, event, 'first', event.data.userId, 'Pacchetto in scadenza',
        `Il tuo pacchetto «${event.data.packageName}» scade ${noticeWhen[event.data.notice]}: rinnovalo per non perdere le opzioni che abilita.`, '/shopkeeper/packages'),
    PackageExpired: (event, tx) =>
      notify(tx, event, 'first', event.data.userId, 'Pacchetto scaduto',
        `Il tuo pacchetto «${event.data.terms.name}» è scaduto: le opzioni che abilitava sono state disattivate. Gli ordini già ricevuti restano come sono.`, '/shopkeeper/packages'),
    PackageDeactivated: (event, tx) =>
      notify(tx, event, 'first', event.data.userId, 'Pacchetto disattivato',
        `Il tuo pacchetto «${event.data.terms.name}» non è più attivo (${event.data.reason.toLowerCase()}): le opzioni che abilitava e che nessun altro tuo pacchetto include sono state disattivate. Gli ordini già ricevuti restano come sono.`, '/shopkeeper/packages'),
    CreditsExpiryNoticed: async (event, tx) => {
      const userId = creditsOwner(event);
      const n = creditsCount(event.data.credits);
      await notify(tx, event, 'first', userId, 'Crediti AI in scadenza',
        `${n} AI ${event.data.credits === 1 ? 'scade' : 'scadono'} il ${instantDay.format(new Date(event.data.expiresAt))}: usali prima, poi non saranno più disponibili.`, await creditsLink(tx, userId));
    },
    CreditsExpired: async (event, tx) => {
      const userId = creditsOwner(event);
      await notify(tx, event, 'first', userId, 'Crediti AI scaduti',
        `${creditsCount(event.data.credits)} AI ${event.data.credits === 1 ? 'è scaduto' : 'sono scaduti'} 12 mesi dopo l’acquisto.`, await creditsLink(tx, userId));
    },
    // Reviews (issue [14]): who was reviewed hears of it once the review is public (a blind one when both are in, or 14 days later).
    ReviewsPublished: async (event, tx) => {
      const notes: Note[] = [];
      for (const review of event.data.reviews) {
        const owner = review.revieweeType === 'store'
          ? (await tx.query<{ owner_id: string }>('SELECT owner_id FROM stores WHERE id = $1', [review.revieweeId])).rows[0]?.owner_id
          : review.revieweeId;
        if (!owner) continue;
        notes.push({
          event, recipient: notes.length === 0 ? 'first' : 'second', userId: owner, title: 'Nuova recensione',
          message: `Hai ricevuto una recensione da ${review.overallRating} ${review.overallRating === 1 ? 'stella' : 'stelle'} su 5${review.comment ? `: «${review.comment.slice(0, 140)}»` : '.'}`,
          link: review.revieweeType === 'store' ? '/shopkeeper/reviews' : '/collaborator/reviews',
        });
      }
      if (notes.length) await notifyAll(tx, notes);
    },
    // A complaint or a dispute (issue [14]): each party hears of the moves that concern them.
    CaseTaken: (event, tx) =>
      notify(tx, event, 'first', event.data.complainantId, event.data.round === 2 ? 'Ricorso in esame' : 'Caso in esame',
        event.data.round === 2 ? 'Un altro amministratore sta esaminando il tuo ricorso.' : 'Un amministratore ha preso in carico il tuo caso.', caseLink(event)),
    CaseRespondentAsked: (event, tx) =>
      notify(tx, event, 'first', event.data.respondentId, 'Ti chiediamo di rispondere',
        `Un amministratore ti chiede di rispondere a un caso che ti riguarda entro il ${instantDay.format(new Date(event.data.answerBy))}: ${event.data.question}`, caseLink(event)),
    CaseRespondentAnswered: (event, tx) =>
      notify(tx, event, 'first', event.data.complainantId, 'L’altra parte ha risposto', 'Nel tuo caso è arrivata la risposta dell’altra parte.', caseLink(event)),
    CaseResolved: (event, tx) =>
      notifyAll(tx, [
        { event, recipient: 'first', userId: event.data.complainantId, title: 'Caso risolto', message: event.data.adminResponse, link: caseLink(event) },
        // The other party hears of the decision if they were asked to answer (before, the case is not theirs to read).
        ...(event.data.respondentAsked
          ? [{ event, recipient: 'second' as const, userId: event.data.respondentId, title: 'Caso risolto', message: `Decisione: ${event.data.resolutionAction}`, link: caseLink(event) }]
          : []),
      ]),
    CaseRejected: (event, tx) =>
      notify(tx, event, 'first', event.data.complainantId, 'Caso respinto', withReason(event.data.round === 2 ? 'Il ricorso è stato respinto: la decisione è definitiva.' : 'Il tuo caso è stato respinto.', event.data.reason), caseLink(event)),
    CaseCompensationPaid: (event, tx) =>
      notify(tx, event, 'first', event.data.complainantId, 'Indennizzo pagato',
        event.data.compensation.method === 'refund'
          ? `Ti abbiamo rimborsato ${formatCents(event.data.compensation.amountCents)} sul metodo di pagamento usato.`
          : `Hai ricevuto ${creditsCount(event.data.compensation.credits)} AI come indennizzo.`, caseLink(event)),
    CaseAppealed: async (event, tx) => {
      if (event.data.respondentAsked) await notify(tx, event, 'first', event.data.respondentId, 'Ricorso presentato', 'Chi ha presentato il caso ha fatto ricorso: un altro amministratore lo riesaminerà.', caseLink(event));
    },
    ReportInvestigationStarted: (event, tx) =>
      reportNotice(event, tx, 'Segnalazione in verifica', `L’amministrazione sta verificando la segnalazione «${event.data.reportTitle}».`),
    ReportResolved: (event, tx) =>
      reportNotice(event, tx, 'Segnalazione risolta',
        `La segnalazione «${event.data.reportTitle}» è risolta: ${event.data.adminResponse}${event.data.refund ? ` Rimborso al negozio: ${formatCents(event.data.refund.amountCents)}.` : ''}`),
    ReportClosed: (event, tx) =>
      reportNotice(event, tx, 'Segnalazione chiusa', withReason(`La segnalazione «${event.data.reportTitle}» è stata chiusa.`, event.data.adminResponse ?? '').replace('Motivo:', 'Risposta:')),
    // The admin's decisions on a collaborator's profile, told to the collaborator.
    CollaboratorApproved: (event, tx) =>
      notify(tx, event, 'first', collaboratorOf(event), 'Profilo da collaboratore approvato',
        event.data.canActivateSessions
          ? 'Il tuo profilo è approvato e puoi attivare sessioni: i negozi della tua zona possono chiederti aiuto.'
          : 'Il tuo profilo è approvato: i negozi della tua zona possono chiederti aiuto.', collaboratorProfileLink),
    CollaboratorRejected: (event, tx) =>
      notify(tx, event, 'first', collaboratorOf(event), 'Profilo da collaboratore non approvato',
        withReason('Il tuo profilo non è stato approvato: correggilo e tornerà in attesa di approvazione.', event.data.reason), collaboratorProfileLink),
    CollaboratorSuspended: (event, tx) =>
      notify(tx, event, 'first', collaboratorOf(event), 'Profilo da collaboratore sospeso',
        withReason('Il tuo profilo è sospeso: non sei più proposto ai negozi.', event.data.reason), collaboratorProfileLink),
    CollaboratorReactivated: (event, tx) =>
      notify(tx, event, 'first', collaboratorOf(event), 'Profilo da collaboratore riattivato',
        'Il tuo profilo è di nuovo attivo: i negozi della tua zona possono chiederti aiuto.', collaboratorProfileLink),
    CreditsWithdrawn: async (event, tx) => {
      const userId = creditsOwner(event);
      await notify(tx, event, 'first', userId, 'Crediti AI ripresi',
        `${creditsCount(event.data.credits)} AI ${event.data.credits === 1 ? 'è stato ripreso' : 'sono stati ripresi'}: ${event.data.reason.toLowerCase()}.`, await creditsLink(tx, userId));
    },

    OrderPlaced: inRuns(ordersPlaced),
    OrderAccepted: (event, tx) =>
      notify(tx, event, 'first', event.data.userId, 'Ordine accettato',
        `Il tuo ${orderName(event.data.orderId)} presso «${event.data.storeName}» è stato accettato ed è in preparazione.`, customerOrderLink(event.data)),
    OrderReady: orderReady,
    OrderShipped: (event, tx) =>
      notify(tx, event, 'first', event.data.userId, 'Ordine in consegna',
        `Il tuo ${orderName(event.data.orderId)} presso «${event.data.storeName}» è stato spedito ed è in consegna.`, customerOrderLink(event.data)),
    OrderCompleted: (event, tx) =>
      notify(tx, event, 'first', event.data.userId, 'Ordine completato',
        `Il tuo ${orderName(event.data.orderId)} presso «${event.data.storeName}» è completato. Grazie per aver scelto un negozio del quartiere!`, customerOrderLink(event.data)),
    OrderCancelled: orderCancelled,
    // A collaborator accepted the delivery (issue [13]): the customer learns who brings it and by when, the shop who took it.
    OrderDeliveryAssigned: (event, tx) =>
      notifyAll(tx, [
        { event, recipient: 'first', userId: event.data.userId, title: 'Consegna affidata',
          message: `Il tuo ${orderName(event.data.orderId)} presso «${event.data.storeName}» te lo porta ${event.data.collaboratorName}, entro il ${instantMinute.format(new Date(event.data.deadline))}. Tieni pronto il codice di consegna.`,
          link: customerOrderLink(event.data) },
        { event, recipient: 'second', userId: event.data.storeOwnerId, title: 'Consegna accettata',
          message: `${event.data.collaboratorName} ha accettato la consegna dell’${orderName(event.data.orderId)}.`, link: shopOrderLink(event.data) },
      ]),
    // The customer's code burnt after five wrong tries (issue [16]): they are told, the new code is on the order's page (never in a notice).
    OrderCodeReissued: (event, tx) => {
      const what = event.data.kind === 'pickup' ? 'di ritiro' : 'di consegna';
      return notify(tx, event, 'first', event.data.userId, `Nuovo codice ${what}`,
        `Per il tuo ${orderName(event.data.orderId)} presso «${event.data.storeName}» è stato inserito 5 volte un codice ${what} sbagliato: per sicurezza l’abbiamo cambiato. Trovi il nuovo codice nella pagina dell’ordine; quello vecchio non vale più.`,
        customerOrderLink(event.data));
    },
    // A standing access's code burnt after five wrong tries (issue [16]): its shopkeeper has a new one to give.
    StoreAccessCodeReissued: (event, tx) =>
      notify(tx, event, 'first', event.data.shopkeeperId, 'Nuovo codice di accesso',
        `Il codice di accesso permanente per ${event.data.collaboratorName} presso «${event.data.storeName}» è stato inserito sbagliato 5 volte: per sicurezza l’abbiamo cambiato. Dai al collaboratore il nuovo codice che trovi tra i suoi accessi; quello vecchio non vale più.`,
        '/shopkeeper/collaborations'),
    // A session's code burnt after five wrong tries (issue [16]): its shopkeeper reissues it for the collaborator.
    SessionCodeBurnt: (event, tx) => {
      if (!event.data.shopkeeperId) return Promise.resolve();
      const what = event.data.kind === 'closure' ? 'di chiusura' : 'di attivazione';
      return notify(tx, event, 'first', event.data.shopkeeperId, `Codice ${what} bloccato`,
        `Il codice ${what} della sessione con ${event.data.collaboratorName ?? 'il collaboratore'} è stato inserito sbagliato 5 volte ed è bloccato: generane uno nuovo dalla sessione e dallo al collaboratore di persona.`,
        '/shopkeeper/collaborations');
    },
    OrderPaid: (event, tx) =>
      notify(tx, event, 'first', event.data.storeOwnerId, 'Ordine pagato',
        `L’${orderName(event.data.orderId)} presso «${event.data.storeName}» è stato pagato online (${formatCents(event.data.totalCents)}): ora puoi accettarlo.`, shopOrderLink(event.data)),
    OrderRefunded: (event, tx) =>
      notify(tx, event, 'first', event.data.userId, 'Rimborso effettuato',
        `Ti abbiamo rimborsato ${formatCents(event.data.totalCents)} per il tuo ${orderName(event.data.orderId)} presso «${event.data.storeName}».`, customerOrderLink(event.data)),

    ReservationRequested: async (event, tx) => {
      const r = event.data;
      await notify(tx, event, 'first', r.userId, 'Prenotazione inviata',
        `La tua prenotazione di ${reservationWhat(r)} presso «${r.storeName}» per il ${dayName(r.reservationDate)} è stata inviata: il negozio la confermerà a breve.`,
        customerReservations);
      await notify(tx, event, 'second', r.storeOwnerId, 'Nuova prenotazione',
        `${r.customerName} ha prenotato ${reservationWhat(r)} per il ${dayName(r.reservationDate)}${r.preferredPickupTime ? ` (ritiro verso le ${r.preferredPickupTime})` : ''}.`,
        shopReservations);
    },
    ReservationConfirmed: (event, tx) => {
      const r = event.data;
      const note = r.shopkeeperNotes.trim() ? ` Nota del negozio: ${r.shopkeeperNotes.trim()}` : '';
      return notify(tx, event, 'first', r.userId, 'Prenotazione confermata',
        `«${r.storeName}» ha confermato la tua prenotazione di ${reservationWhat(r)} per il ${dayName(r.reservationDate)}.${note}`, customerReservations);
    },
    ReservationReady: (event, tx) =>
      notify(tx, event, 'first', event.data.userId, 'Prenotazione pronta',
        `La tua prenotazione di ${reservationWhat(event.data)} presso «${event.data.storeName}» è pronta per il ritiro.`, customerReservations),
    ReservationCompleted: (event, tx) =>
      notify(tx, event, 'first', event.data.userId, 'Prenotazione ritirata',
        `Hai ritirato ${reservationWhat(event.data)} presso «${event.data.storeName}». Grazie!`, customerReservations),
    ReservationCancelled: reservationCancelled,

    NotificationRead: (event, tx) =>
      tx.query('UPDATE notifications SET read = true WHERE id = $1 AND user_id = $2', [event.data.notificationId, event.data.userId]),
    AllNotificationsRead: (event, tx) =>
      tx.query('UPDATE notifications SET read = true WHERE user_id = $1 AND id = ANY($2::uuid[])', [event.data.userId, event.data.notificationIds]),
    NotificationPreferencesChanged: (event, tx) =>
      tx.query(
        `INSERT INTO notification_preferences (user_id, kind, live, email)
         SELECT $1, kind, (c->>'live')::boolean, (c->>'email')::boolean FROM jsonb_each($2::jsonb) AS e (kind, c)
         ON CONFLICT (user_id, kind) DO UPDATE SET live = EXCLUDED.live, email = EXCLUDED.email`,
        [event.data.userId, JSON.stringify(event.data.changes)],
      ),
  }),
};
