import { describe, expect, it } from 'vitest';
import { fold } from '../../platform/domain/decider.js';
import { DomainError } from '../../platform/domain/errors.js';
import { unlockDecider, type UnlockEvent } from '../package-unlocks/unlock.js';
import { offerEnds, requestDecider, type RequestCommand, type RequestEvent, type RequestFields } from './request.js';

const t0 = new Date('2026-06-01T08:00:00.000Z');
const later = (ms: number) => new Date(t0.getTime() + ms);
const hour = 3_600_000;

const fields = (extra: Partial<RequestFields> = {}): RequestFields => ({
  requestId: 'r1',
  shopkeeperId: 's1',
  storeId: 'st1',
  storeName: 'Bottega',
  requestType: 'waiting',
  collaboratorId: null,
  message: 'Aiuto con le consegne',
  estimatedDuration: 60,
  urgencyLevel: 'normal',
  maxBudgetCents: 5000,
  requiredServices: ['delivery'],
  responseDeadline: later(24 * hour).toISOString(),
  unlockId: 'u1',
  packageId: 'p1',
  ...extra,
});

/** The state after `commands`, each decided on the state the ones before left. */
function run(...commands: RequestCommand[]) {
  let events: RequestEvent[] = [];
  for (const c of commands) events = [...events, ...requestDecider.decide(c, fold(requestDecider, events))];
  return { events, state: fold(requestDecider, events) };
}
/** The kind and message of the DomainError `f` throws; null when it throws none. */
const refused = (f: () => unknown): [string, string] | null => {
  try {
    f();
  } catch (e) {
    if (e instanceof DomainError) return [e.kind, e.message];
    throw e;
  }
  return null;
};
const accept = (who: string, now = later(hour)): RequestCommand => ({
  type: 'AcceptRequest',
  collaboratorId: who,
  collaboratorName: who,
  now,
  purchaseDeadline: later(25 * hour).toISOString(),
});

describe('a collaboration request', () => {
  it('waiting: the first accept wins, a second by another is 409, the same one again changes nothing', () => {
    const { state } = run({ type: 'CreateRequest', fields: fields(), now: t0 }, accept('c1'));
    expect(state).toMatchObject({ status: 'accepted', collaboratorId: 'c1' });
    expect(refused(() => requestDecider.decide(accept('c2'), state))).toEqual(['conflict', 'Questa richiesta è già stata accettata da un altro collaboratore.']);
    expect(requestDecider.decide(accept('c1', later(2 * hour)), state)).toEqual([]);
  });

  it('is expired for whoever acts at or after its response deadline, even before the upkeep writes it', () => {
    const { state } = run({ type: 'CreateRequest', fields: fields(), now: t0 });
    expect(refused(() => requestDecider.decide(accept('c1', later(24 * hour)), state))).toEqual(['rule', 'La richiesta è scaduta.']);
    expect(refused(() => requestDecider.decide({ type: 'CancelRequest', shopkeeperId: 's1', reason: '', now: later(25 * hour) }, state))).toEqual([
      'rule',
      'La richiesta è scaduta.',
    ]);
    expect(requestDecider.decide({ type: 'ExpireRequest', now: later(23 * hour) }, state)).toEqual([]);
    expect(requestDecider.decide({ type: 'ExpireRequest', now: later(24 * hour) }, state)).toEqual([
      { type: 'CollaborationRequestExpired', data: { reason: 'deadline', collaboratorId: null } },
    ]);
  });

  it('direct: only the one asked accepts or rejects; a rejection closes it', () => {
    const created = { type: 'CreateRequest', fields: fields({ requestType: 'direct', collaboratorId: 'c1' }), now: t0 } as const;
    const { state } = run(created);
    expect(state.status).toBe('pending');
    expect(refused(() => requestDecider.decide(accept('c2'), state))).toEqual(['not-found', 'Richiesta di collaborazione non trovata.']);
    const { state: rejected } = run(created, { type: 'DeclineRequest', collaboratorId: 'c1', reason: 'Sono fuori città', now: later(hour) });
    expect(rejected.status).toBe('rejected');
    expect(refused(() => requestDecider.decide(accept('c1'), rejected))).toEqual(['rule', 'La richiesta è già stata rifiutata.']);
    expect(refused(() => run({ type: 'CreateRequest', fields: fields({ requestType: 'direct' }), now: t0 }))).toEqual(['rule', 'Scegli il collaboratore a cui chiedere.']);
  });

  it('auto_match: offered in turn, each for its window; a lapsed offer goes to the next, never twice to the same, then expires no_match', () => {
    const first = { collaboratorId: 'c1', offeredUntil: offerEnds(t0, 'normal', fields().responseDeadline) };
    expect(first.offeredUntil).toBe(later(4 * hour).toISOString());
    const created = { type: 'CreateRequest', fields: fields({ requestType: 'auto_match' }), now: t0, firstOffer: first } as const;
    expect(refused(() => run({ ...created, firstOffer: null }))).toEqual(['rule', 'Nessun collaboratore disponibile copre il tuo negozio con i servizi richiesti.']);
    const early = run(created, { type: 'PassOffer', now: later(3 * hour), next: { collaboratorId: 'c2', offeredUntil: later(7 * hour).toISOString() } });
    expect(early.state).toMatchObject({ status: 'pending', collaboratorId: 'c1' });
    const passed = run(created, { type: 'PassOffer', now: later(4 * hour), next: { collaboratorId: 'c2', offeredUntil: later(8 * hour).toISOString() } });
    expect(passed.state).toMatchObject({ status: 'pending', collaboratorId: 'c2', offered: ['c1', 'c2'] });
    // c1's window is over: too late for them.
    expect(refused(() => requestDecider.decide(accept('c1', later(5 * hour)), passed.state))).toEqual(['not-found', 'Richiesta di collaborazione non trovata.']);
    const again = requestDecider.decide({ type: 'PassOffer', now: later(8 * hour), next: { collaboratorId: 'c1', offeredUntil: later(12 * hour).toISOString() } }, passed.state);
    expect(again.map((e) => e.type)).toEqual(['CollaborationRequestOfferLapsed', 'CollaborationRequestExpired']);
    expect(again[1]!.data).toEqual({ reason: 'no_match', collaboratorId: null });
    // Declined by the current one: the next follows in the same append.
    const declined = requestDecider.decide(
      { type: 'DeclineRequest', collaboratorId: 'c2', reason: 'No', now: later(5 * hour), next: { collaboratorId: 'c3', offeredUntil: later(9 * hour).toISOString() } },
      passed.state,
    );
    expect(declined.map((e) => e.type)).toEqual(['CollaborationRequestDeclined', 'CollaborationRequestOffered']);
    // An offer window that passed: acting on it is refused even before the upkeep passes it on.
    expect(refused(() => requestDecider.decide(accept('c2', later(8 * hour)), passed.state))?.[0]).toBe('rule');
  });

  it('is cancelled by its shopkeeper only, before acceptance', () => {
    const { state } = run({ type: 'CreateRequest', fields: fields(), now: t0 });
    expect(refused(() => requestDecider.decide({ type: 'CancelRequest', shopkeeperId: 'other', reason: '', now: later(hour) }, state))?.[0]).toBe('not-found');
    expect(run({ type: 'CreateRequest', fields: fields(), now: t0 }, { type: 'CancelRequest', shopkeeperId: 's1', reason: 'Risolto', now: later(hour) }).state.status).toBe(
      'cancelled',
    );
    const { state: accepted } = run({ type: 'CreateRequest', fields: fields(), now: t0 }, accept('c1'));
    expect(refused(() => requestDecider.decide({ type: 'CancelRequest', shopkeeperId: 's1', reason: '', now: later(2 * hour) }, accepted))?.[0]).toBe('conflict');
  });
});

describe('a package unlock', () => {
  const unlock = (...events: UnlockEvent[]) =>
    fold(unlockDecider, [{ type: 'PackageUnlockCreated', data: { unlockId: 'u1', requestId: 'r1', shopkeeperId: 's1', storeId: 'st1', packageId: 'p1' } }, ...events]);
  const deadline = later(24 * hour).toISOString();
  const unlocked: UnlockEvent = { type: 'PackageUnlockUnlocked', data: { collaboratorId: 'c1', unlockedBy: 'collaborator_accepted', purchaseDeadline: deadline } };

  it('is bought once before its deadline; the same payment again is nothing, another is refused; after the deadline it lapses', () => {
    expect(refused(() => unlockDecider.decide({ type: 'RecordPurchase', paymentId: 'pay1', amountCents: 4900, now: later(hour) }, unlock()))?.[0]).toBe('rule');
    const bought = unlockDecider.decide({ type: 'RecordPurchase', paymentId: 'pay1', amountCents: 4900, now: later(hour) }, unlock(unlocked));
    expect(bought).toEqual([{ type: 'PackageUnlockPurchased', data: { paymentId: 'pay1', amountCents: 4900, collaboratorId: 'c1' } }]);
    const state = unlock(unlocked, ...bought);
    expect(unlockDecider.decide({ type: 'RecordPurchase', paymentId: 'pay1', amountCents: 4900, now: later(hour) }, state)).toEqual([]);
    expect(refused(() => unlockDecider.decide({ type: 'RecordPurchase', paymentId: 'pay2', amountCents: 4900, now: later(hour) }, state))?.[0]).toBe('conflict');
    expect(unlockDecider.decide({ type: 'LapseUnlock', now: later(30 * hour) }, state)).toEqual([]);
    // Paid after the deadline: refused (the payment is refunded).
    expect(refused(() => unlockDecider.decide({ type: 'RecordPurchase', paymentId: 'pay1', amountCents: 4900, now: later(24 * hour) }, unlock(unlocked)))).toEqual([
      'rule',
      'Il tempo per acquistare questo pacchetto è scaduto.',
    ]);
    expect(unlockDecider.decide({ type: 'LapseUnlock', now: later(23 * hour) }, unlock(unlocked))).toEqual([]);
    expect(unlockDecider.decide({ type: 'LapseUnlock', now: later(24 * hour) }, unlock(unlocked))).toEqual([{ type: 'PackageUnlockLapsed', data: {} }]);
  });

  it('the admin unlocks with a reason, perhaps free of charge: then bought without a payment', () => {
    const cmd = {
      type: 'AdminUnlock',
      adminUserId: 'a1',
      reason: 'Cliente storico',
      specialConditions: 'Prima collaborazione gratuita',
      freeOfCharge: true,
      purchaseDeadline: deadline,
      now: t0,
    } as const;
    const events = unlockDecider.decide(cmd, unlock());
    const state = unlock(...events);
    expect(state).toMatchObject({ status: 'unlocked_admin', freeOfCharge: true });
    expect(unlockDecider.decide({ type: 'RecordPurchase', paymentId: null, amountCents: 0, now: later(hour) }, state)[0]!.type).toBe('PackageUnlockPurchased');
    expect(refused(() => unlockDecider.decide({ ...cmd, reason: ' ' }, unlock()))?.[0]).toBe('rule');
  });
});

describe('a collaboration request’s times (issue [16])', () => {
  it('refuses deadlines and offers the read model cannot store, or no time at all', () => {
    expect(refused(() => run({ type: 'CreateRequest', fields: fields({ responseDeadline: 'non è una data' }), now: t0 }))).toEqual([
      'rule',
      'Scadenza della risposta: data e ora non valide.',
    ]);
    expect(
      refused(() =>
        run({ type: 'CreateRequest', fields: fields({ requestType: 'auto_match' }), now: t0, firstOffer: { collaboratorId: 'c1', offeredUntil: '+275760-09-13T00:00:00.000Z' } }),
      ),
    ).toEqual(['rule', 'Scadenza dell’offerta: data e ora non valide.']);
    expect(refused(() => run({ type: 'CreateRequest', fields: fields(), now: t0 }, { ...accept('c1'), purchaseDeadline: '0000-12-31T23:59:59.999Z' } as RequestCommand))).toEqual([
      'rule',
      'Scadenza dell’acquisto: data e ora non valide.',
    ]);
  });
});
