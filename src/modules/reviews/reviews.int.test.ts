import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/support/app.js';
import { readModelsCaughtUp } from '../../../tests/support/caught-up.js';
import { approvedCollaborator as approvedNear, sessionInThePast } from '../../../tests/support/collaboration.js';
import { loggedIn, openShop, orderForPickup, places, useLoggedIn, type Person, type Shop } from '../../../tests/support/marketplace.js';
import { systemContext } from '../../platform/domain/context.js';
import { startSystem } from '../../system.js';
import { orderSubject, sessionSubject, submitReview } from './commands.js';
import { runReviewUpkeep } from './deadlines.js';
import { hangAfter } from '../../../tests/support/time-limits.js';

const t = useTestApp();
const admin = useLoggedIn(t, 'admin');
const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;
const caughtUp = async () => expect(await readModelsCaughtUp(t.system)).toBe(true);

/** A collaborator approved near the tests' shops (Rome). */
const approvedCollaborator = (name?: string): Promise<Person> => approvedNear(t, admin, places.rome, name);

interface Work {
  shop: Shop;
  c: Person;
  assignmentId: string;
  sessionId: string;
  /** When the session was closed with the closure code. */
  completedAt: Date;
}

/**
 * An assignment of the shop to the collaborator and one session of it that happened in the past,
 * decided on their streams at their own times (the clock moved back): scheduled, activated with
 * its code and, unless `close` is false, closed with the closure code `completedAgo` ago.
 */
async function pastSession(completedAgo: number, { close = true, shop: given, c: known }: { close?: boolean; shop?: Shop; c?: Person } = {}): Promise<Work> {
  const shop = given ?? (await openShop(t, admin.browser));
  const c = known ?? (await approvedCollaborator());
  const completedAt = new Date(Date.now() - completedAgo);
  const start = completedAt.getTime() - hour;
  const { assignmentId, sessionId } = await sessionInThePast(t.system.store, shop, c, { start, completedAt: close ? completedAt.getTime() : null });
  await caughtUp();
  return { shop, c, assignmentId, sessionId, completedAt };
}

const review = (who: Person, sessionId: string, body: Record<string, unknown>) => who.browser.post(`/api/reviews/sessions/${sessionId}`, body);
const received = async (who: Person) => (await who.browser.get('/api/reviews/received')).json();
const ratingOf = async (shop: Shop, c: Person) => (await shop.owner.browser.get(`/api/collaborators/user/${c.id}`)).json().rating;

describe('the reviews of a session, both ways', () => {
  it('blind: the first stays hidden from the other side until the second arrives; then both public, the ratings follow', async () => {
    const { shop, c, assignmentId, sessionId } = await pastSession(day);
    expect((await shop.owner.browser.get('/api/reviews/to-write')).json()).toEqual([
      expect.objectContaining({ subjectType: 'session', subjectId: sessionId, reviewerType: 'shopkeeper', revieweeName: 'Luca Bianchi' }),
    ]);
    const first = await review(shop.owner, sessionId, {
      overallRating: 3,
      quality: 4,
      punctuality: 2,
      comment: 'Preciso ma in ritardo',
      wouldRecommend: true,
      improvementAreas: 'Puntualità',
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      reviewerType: 'shopkeeper',
      revieweeType: 'collaborator',
      revieweeId: c.id,
      overallRating: 3,
      quality: 4,
      punctuality: 2,
      communication: null,
      wouldWorkAgain: true,
      published: false,
    });
    expect((await shop.owner.browser.get('/api/reviews/to-write')).json()).toEqual([]);
    // The collaborator sees nothing of it yet, nor does anyone on the public profile; the rating stays 5.
    expect(await received(c)).toEqual([]);
    expect((await c.browser.get('/api/notifications')).json<{ title: string }[]>().map((n) => n.title)).not.toContain('Nuova recensione');
    expect((await t.app.inject({ method: 'GET', url: `/api/reviews/collaborators/${c.id}` })).json()).toEqual({ average: null, count: 0, reviews: [] });
    expect(await ratingOf(shop, c)).toBe(5);
    expect((await c.browser.get(`/api/reviews/${first.json().id}/reply`)).statusCode).toBe(404);
    expect((await c.browser.get('/api/reviews/to-write')).json().map((w: { subjectId: string }) => w.subjectId)).toEqual([sessionId]);
    expect((await shop.owner.browser.get(`/api/assignments/${assignmentId}`)).json()).toMatchObject({ shopkeeperRating: null, collaboratorRating: null });

    // No second review, no edit.
    const again = await review(shop.owner, sessionId, { overallRating: 5 });
    expect([again.statusCode, again.json().message]).toEqual([409, 'Hai già lasciato una recensione: una recensione inviata non si può modificare.']);

    const second = await review(c, sessionId, { overallRating: 5, communication: 5, comment: 'Negozio accogliente', wouldWorkAgain: false });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json()).toMatchObject({ reviewerType: 'collaborator', revieweeType: 'store', published: true, wouldWorkAgain: false });
    expect((await received(c)).map((r: { comment: string; published: boolean }) => [r.comment, r.published])).toEqual([['Preciso ma in ritardo', true]]);
    expect((await received(shop.owner)).map((r: { comment: string }) => r.comment)).toEqual(['Negozio accogliente']);
    expect((await shop.owner.browser.get('/api/reviews/written')).json()[0]).toMatchObject({ id: first.json().id, published: true });
    const profile = await t.app.inject({ method: 'GET', url: `/api/reviews/collaborators/${c.id}` });
    expect(profile.headers['x-total-count']).toBe('1');
    expect(profile.json()).toMatchObject({ average: 3, count: 1, reviews: [{ overallRating: 3, comment: 'Preciso ma in ritardo', reviewerName: 'Prova R.' }] });
    expect(profile.json().reviews[0]).not.toHaveProperty('reviewerId');
    // The collaborator's rating and the assignment's ratings follow the published reviews.
    expect(await ratingOf(shop, c)).toBe(3);
    expect((await c.browser.get(`/api/assignments/${assignmentId}`)).json()).toMatchObject({
      shopkeeperRating: 3,
      shopkeeperReview: 'Preciso ma in ritardo',
      collaboratorRating: 5,
      collaboratorReview: 'Negozio accogliente',
    });
    // Each side heard of the review they received, once it was public (the collaborator not before).
    const notices = async (who: Person) =>
      (await who.browser.get('/api/notifications')).json<{ title: string; message: string; link: string }[]>().filter((n) => n.title === 'Nuova recensione');
    expect(await notices(c)).toEqual([
      expect.objectContaining({ message: 'Hai ricevuto una recensione da 3 stelle su 5: «Preciso ma in ritardo»', link: '/collaborator/reviews' }),
    ]);
    expect(await notices(shop.owner)).toEqual([
      expect.objectContaining({ message: 'Hai ricevuto una recensione da 5 stelle su 5: «Negozio accogliente»', link: '/shopkeeper/reviews' }),
    ]);
    // "Collaborators covering my shop" ranks by the same rating.
    const covering = (await shop.owner.browser.get('/api/collaborators/covering-my-shop')).json();
    expect(covering.find((x: { userId: string }) => x.userId === c.id)?.rating).toBe(3);

    // A second session of the same pair, both 5: the average of the published reviews.
    const next = await pastSession(hour, { shop, c });
    expect((await review(shop.owner, next.sessionId, { overallRating: 5 })).statusCode).toBe(201);
    expect(await ratingOf(shop, c)).toBe(3);
    expect((await review(c, next.sessionId, { overallRating: 4 })).statusCode).toBe(201);
    expect(await ratingOf(shop, c)).toBe(4);

    // The admin's list and the review's history.
    const list = await admin.browser.get(`/api/admin/reviews?filter=${encodeURIComponent(JSON.stringify({ subjectId: sessionId }))}`);
    expect(list.statusCode, list.body).toBe(200);
    expect(
      list
        .json()
        .map((r: { reviewerType: string }) => r.reviewerType)
        .sort(),
    ).toEqual(['collaborator', 'shopkeeper']);
    const history = await admin.browser.get(`/api/admin/history/review/${sessionId}`);
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json().map((e: { type: string }) => e.type)).toEqual(['ReviewSubmitted', 'ReviewSubmitted', 'ReviewsPublished']);
  });

  it('only its two parties review it; only once it is completed; only within 14 days', async () => {
    const { shop, c, sessionId } = await pastSession(day);
    const otherShop = await openShop(t, admin.browser);
    const otherCollaborator = await approvedCollaborator('Marta Neri');
    const customer = await loggedIn(t, 'customer');
    expect((await review(otherShop.owner, sessionId, { overallRating: 1 })).statusCode).toBe(404);
    expect((await review(otherCollaborator, sessionId, { overallRating: 1 })).statusCode).toBe(404);
    expect((await review(customer, sessionId, { overallRating: 1 })).statusCode).toBe(403);
    expect((await review(shop.owner, randomUUID(), { overallRating: 1 })).statusCode).toBe(404);
    const bad = await review(shop.owner, sessionId, { overallRating: 6, quality: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ overallRating: 'Valutazione complessiva: un numero intero da 1 a 5.', quality: 'Qualità: un numero intero da 1 a 5.' });
    expect((await review(shop.owner, sessionId, {})).statusCode).toBe(400);

    const open = await pastSession(-day, { close: false, shop, c });
    const early = await review(c, open.sessionId, { overallRating: 5 });
    expect([early.statusCode, early.json().message]).toEqual([422, 'Puoi lasciare una recensione solo su una sessione completata.']);

    const old = await pastSession(15 * day, { shop, c });
    const late = await review(c, old.sessionId, { overallRating: 5 });
    expect([late.statusCode, late.json().message]).toEqual([422, 'Il tempo per lasciare una recensione è scaduto (14 giorni dal completamento).']);
    expect((await c.browser.get('/api/reviews/to-write')).json().map((w: { subjectId: string }) => w.subjectId)).toEqual([sessionId]);
  });

  it('a lone review is public once 14 days pass: the upkeep publishes it, once', async () => {
    const { shop, c, sessionId, completedAt } = await pastSession(13 * day);
    expect((await review(shop.owner, sessionId, { overallRating: 2, comment: 'Non si è presentato in tempo' })).statusCode).toBe(201);
    expect(await runReviewUpkeep(t.system, new Date())).toEqual({ looked: 0, published: 0, failed: 0 });
    expect(await received(c)).toEqual([]);
    // The clock moved past the window: the upkeep publishes it, a second run adds nothing.
    const after = new Date(completedAt.getTime() + 14 * day + minute);
    expect(await runReviewUpkeep(t.system, after)).toMatchObject({ published: 1, failed: 0 });
    expect(await runReviewUpkeep(t.system, after)).toMatchObject({ published: 0, failed: 0 });
    await caughtUp();
    const events = (await t.system.store.readStream(`review-${sessionId}`)).map((e) => [e.type, (e.data as { reason?: string }).reason]);
    expect(events).toEqual([
      ['ReviewSubmitted', undefined],
      ['ReviewsPublished', 'deadline'],
    ]);
    expect((await received(c)).map((r: { overallRating: number }) => r.overallRating)).toEqual([2]);
    expect(await ratingOf(shop, c)).toBe(2);
  });

  it('past the window, a read shows it before the upkeep ran; the upkeep publishes it once, from either process', async () => {
    const { shop, c, sessionId, completedAt } = await pastSession(15 * day);
    // Written on its first day (the clock moved back).
    const reviewer = { id: c.id, role: 'collaborator' };
    const { position } = await submitReview(
      t.system,
      await sessionSubject(t.system.store, sessionId, reviewer),
      reviewer,
      {
        overallRating: 4,
        quality: null,
        punctuality: null,
        communication: null,
        professionalism: null,
        comment: 'Pagamenti puntuali',
        wouldRecommend: true,
        wouldWorkAgain: true,
        positivePoints: '',
        improvementAreas: '',
      },
      systemContext(new Date(completedAt.getTime() + day)),
    );
    expect(await t.system.projections.waitFor(position!, hangAfter(5000))).toBe(true);
    // Not written as published yet, read as public already.
    const { rows } = await t.system.pool.query('SELECT published_at FROM reviews WHERE subject_id = $1', [sessionId]);
    expect(rows).toEqual([{ published_at: null }]);
    expect((await received(shop.owner)).map((r: { comment: string; published: boolean }) => [r.comment, r.published])).toEqual([['Pagamenti puntuali', true]]);
    // The shopkeeper missed the window.
    expect((await review(shop.owner, sessionId, { overallRating: 1 })).statusCode).toBe(422);
    const publications = async () => (await t.system.store.readStream(`review-${sessionId}`)).filter((e) => e.type === 'ReviewsPublished').length;
    expect(await publications()).toBe(0);
    // Another system on the same data (a second process, or one restarted): the upkeep of either,
    // run at the same moment in both, publishes it once.
    const system = await startSystem({ DATABASE_URL: t.db.url, DATA_DIR: '/nonexistent' }, { secret: randomBytes(32) });
    try {
      const reports = await Promise.all([runReviewUpkeep(system, new Date()), runReviewUpkeep(t.system, new Date())]);
      expect(reports.map((r) => r.failed)).toEqual([0, 0]);
      expect(await publications()).toBe(1);
      expect(await runReviewUpkeep(system, new Date())).toMatchObject({ published: 0, failed: 0 });
    } finally {
      await system.stop();
    }
    await caughtUp();
    expect((await t.system.store.readStream(`review-${sessionId}`)).filter((e) => e.type === 'ReviewsPublished')).toHaveLength(1);
    const { rows: after } = await t.system.pool.query('SELECT published_at FROM reviews WHERE subject_id = $1', [sessionId]);
    expect(after[0].published_at).toEqual(new Date(completedAt.getTime() + 14 * day));
  });
});

describe('a customer’s review of a shop', () => {
  async function completedOrder(shop: Shop, customer: Person): Promise<string> {
    const order = await orderForPickup(customer.browser, shop.store.id, [[shop.productIds[0]!, 1]]);
    const { pickupCode } = (await customer.browser.get(`/api/orders/${order.id}`)).json();
    expect((await shop.owner.browser.post(`/api/orders/${order.id}/accept`)).statusCode).toBe(200);
    expect((await shop.owner.browser.post(`/api/orders/${order.id}/ready`)).statusCode).toBe(200);
    expect((await shop.owner.browser.post(`/api/orders/${order.id}/complete`, { pickupCode })).statusCode).toBe(200);
    return order.id;
  }

  it('after a completed order, once, only its customer; public at once; its rating replaces the 4.5 of favourites; the shop answers once', async () => {
    const shop = await openShop(t, admin.browser);
    const customer = await loggedIn(t, 'customer', { name: 'Giulia Verdi' });
    const other = await loggedIn(t, 'customer');
    expect((await customer.browser.post('/api/favorites', { storeId: shop.store.id })).statusCode).toBe(201);
    expect((await customer.browser.get('/api/favorites')).json()[0]).toMatchObject({ id: shop.store.id, rating: null });

    const pending = await orderForPickup(customer.browser, shop.store.id, [[shop.productIds[0]!, 1]]);
    const early = await customer.browser.post(`/api/reviews/orders/${pending.id}`, { overallRating: 5 });
    expect([early.statusCode, early.json().message]).toEqual([422, 'Puoi recensire il negozio solo dopo che l’ordine è stato completato.']);

    const orderId = await completedOrder(shop, customer);
    await caughtUp();
    expect((await customer.browser.get('/api/reviews/to-write')).json()).toEqual([
      expect.objectContaining({ subjectType: 'order', subjectId: orderId, revieweeName: shop.store.name }),
    ]);
    expect((await other.browser.post(`/api/reviews/orders/${orderId}`, { overallRating: 1 })).statusCode).toBe(404);
    expect((await shop.owner.browser.post(`/api/reviews/orders/${orderId}`, { overallRating: 5 })).statusCode).toBe(403);
    const done = await customer.browser.post(`/api/reviews/orders/${orderId}`, { overallRating: 4, comment: 'Pane ottimo, un po’ di attesa' });
    expect(done.statusCode, done.body).toBe(201);
    expect(done.json()).toMatchObject({ subjectType: 'order', reviewerType: 'customer', revieweeType: 'store', revieweeId: shop.store.id, published: true });
    const again = await customer.browser.post(`/api/reviews/orders/${orderId}`, { overallRating: 1 });
    expect(again.statusCode).toBe(409);
    expect((await customer.browser.get('/api/reviews/to-write')).json()).toEqual([]);

    // The rating replaces the 4.5 shown until now: favourites, the shop's page, its reviews.
    expect((await customer.browser.get('/api/favorites')).json()[0]).toMatchObject({ rating: 4 });
    expect((await t.app.inject({ method: 'GET', url: `/api/stores/${shop.store.id}` })).json()).toMatchObject({ rating: 4 });
    const page = await t.app.inject({ method: 'GET', url: `/api/reviews/stores/${shop.store.id}?page=1&pageSize=10` });
    expect(page.headers['x-total-count']).toBe('1');
    expect(page.json()).toMatchObject({ average: 4, count: 1, reviews: [{ reviewerName: 'Giulia V.', overallRating: 4, reply: null }] });

    // The shop's public answer, once; another shopkeeper's is not found.
    const reviewId = done.json().id;
    const otherShop = await openShop(t, admin.browser);
    expect((await otherShop.owner.browser.post(`/api/reviews/${reviewId}/reply`, { reply: 'Grazie!' })).statusCode).toBe(404);
    expect((await shop.owner.browser.post(`/api/reviews/${reviewId}/reply`, { reply: '' })).statusCode).toBe(400);
    const replied = await shop.owner.browser.post(`/api/reviews/${reviewId}/reply`, { reply: 'Grazie, la prossima volta più veloci!' });
    expect(replied.statusCode, replied.body).toBe(200);
    expect(replied.json()).toMatchObject({ reply: 'Grazie, la prossima volta più veloci!' });
    const twice = await shop.owner.browser.post(`/api/reviews/${reviewId}/reply`, { reply: 'Ancora' });
    expect([twice.statusCode, twice.json().message]).toEqual([409, 'Hai già risposto a questa recensione: la risposta non si può modificare.']);
    expect((await t.app.inject({ method: 'GET', url: `/api/reviews/stores/${shop.store.id}` })).json().reviews[0]).toMatchObject({
      reply: 'Grazie, la prossima volta più veloci!',
    });

    // The command refuses the order of another customer as not found, too.
    await expect(orderSubject(t.system.store, orderId, { id: other.id, role: 'customer' })).rejects.toMatchObject({ kind: 'not-found' });
  });
});
