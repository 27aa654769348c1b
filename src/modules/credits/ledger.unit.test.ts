import { describe, expect, it } from 'vitest';
import { fold } from '../../platform/domain/decider.js';
import { DomainError } from '../../platform/domain/errors.js';
import { deciderSpec } from '../../platform/testing/decider-spec.js';
import { balanceAt, creditsDecider, creditsExpireAt, UsedIds, type CreditsCommand, type CreditsEvent, type Usage } from './ledger.js';

const spec = deciderSpec(creditsDecider);
const now = new Date('2026-11-24T10:00:00.000Z');
const usage: Usage = { action: 'product-description', description: 'Descrizione di «Caciotta»', relatedEntity: { type: 'product', id: 'p1' } };
const purchase = { kind: 'purchase', paymentId: 'pay1', packageId: 'pk1' } as const;

/** A lot of `credits` bought, expiring at `expiresAt`. */
const added = (lotId: string, credits: number, expiresAt: string): CreditsEvent => ({ type: 'CreditsAdded', data: { lotId, credits, expiresAt, source: purchase } });
const early = added('a', 3, '2027-01-01T00:00:00.000Z');
const late = added('b', 10, '2027-06-01T00:00:00.000Z');

describe('AI credits', () => {
  it('spends from the lots that expire first, and a spend id once', () => {
    const spent: CreditsEvent = {
      type: 'CreditsSpent',
      data: {
        spendId: 's1',
        credits: 5,
        usage,
        lots: [
          { lotId: 'a', credits: 3 },
          { lotId: 'b', credits: 2 },
        ],
      },
    };
    spec.given([late, early]).when({ type: 'SpendCredits', spendId: 's1', credits: 5, usage, now }).then([spent]);
    const after = fold(creditsDecider, [late, early, spent]);
    expect(balanceAt(after, now)).toBe(8);
    expect(after).toMatchObject({ totalPurchased: 13, totalUsed: 5 });
    // The same request again: charged once.
    spec.given([late, early, spent]).when({ type: 'SpendCredits', spendId: 's1', credits: 5, usage, now }).thenNothing();
  });

  it('never goes below zero: what is missing is said, nothing is taken', () => {
    spec.given([early]).when({ type: 'SpendCredits', spendId: 's1', credits: 4, usage, now }).thenThrows({
      kind: 'rule',
      message: 'Crediti insufficienti: ne servono 4, ne hai 3. Acquistane altri nella pagina Crediti.',
    });
    spec
      .given([])
      .when({ type: 'SpendCredits', spendId: 's1', credits: 1, usage, now })
      .thenThrows(/^Crediti esauriti/);
    spec.given([early]).when({ type: 'SpendCredits', spendId: 's1', credits: 0, usage, now }).thenThrows(DomainError);
  });

  it('never spends a lot past its expiry, and expires what is left of it, once', () => {
    const later = new Date('2027-02-01T00:00:00.000Z');
    expect(balanceAt(fold(creditsDecider, [early, late]), later)).toBe(10);
    spec
      .given([early, late])
      .when({ type: 'SpendCredits', spendId: 's1', credits: 11, usage, now: later })
      .thenThrows(/ne hai 10/);
    const expired: CreditsEvent = { type: 'CreditsExpired', data: { lotId: 'a', credits: 3 } };
    spec.given([early, late]).when({ type: 'ExpireCredits', now: later }).then([expired]);
    spec.given([early, late, expired]).when({ type: 'ExpireCredits', now: later }).thenNothing();
  });

  it('tells the owner 30 days before a lot expires, once', () => {
    const soon = new Date('2026-12-05T00:00:00.000Z');
    const noticed: CreditsEvent = { type: 'CreditsExpiryNoticed', data: { lotId: 'a', credits: 3, expiresAt: '2027-01-01T00:00:00.000Z' } };
    spec.given([early, late]).when({ type: 'NoticeExpiry', now: soon }).then([noticed]);
    spec.given([early, late, noticed]).when({ type: 'NoticeExpiry', now: soon }).thenNothing();
    spec.given([early, late]).when({ type: 'NoticeExpiry', now }).thenNothing();
  });

  it('holds credits for an AI call: charged when it succeeded, given back to their lots when it failed, each once', () => {
    const held: CreditsEvent = { type: 'CreditsHeld', data: { holdId: 'h1', credits: 2, usage, lots: [{ lotId: 'a', credits: 2 }] } };
    spec.given([early]).when({ type: 'HoldCredits', holdId: 'h1', credits: 2, usage, now }).then([held]);
    expect(balanceAt(fold(creditsDecider, [early, held]), now)).toBe(1);
    const charged: CreditsEvent = { type: 'CreditsCharged', data: { holdId: 'h1', credits: 2, usage } };
    spec.given([early, held]).when({ type: 'ChargeHold', holdId: 'h1' }).then([charged]);
    spec.given([early, held, charged]).when({ type: 'ReleaseHold', holdId: 'h1', reason: 'x' }).thenNothing();
    const released: CreditsEvent = {
      type: 'CreditsReleased',
      data: { holdId: 'h1', credits: 2, reason: 'Il servizio AI non ha risposto in tempo.', lots: [{ lotId: 'a', credits: 2 }] },
    };
    spec.given([early, held]).when({ type: 'ReleaseHold', holdId: 'h1', reason: 'Il servizio AI non ha risposto in tempo.' }).then([released]);
    const back = fold(creditsDecider, [early, held, released]);
    expect([balanceAt(back, now), back.totalUsed]).toEqual([3, 0]);
    // The same call again (its id) holds nothing more.
    spec.given([early, held, released]).when({ type: 'HoldCredits', holdId: 'h1', credits: 2, usage, now }).thenNothing();
  });

  it('an admin adds and removes credits with a reason; added credits are not counted as purchased', () => {
    const gift: CreditsEvent = { type: 'CreditsAdded', data: { lotId: 'g', credits: 5, expiresAt: '2027-11-24T10:00:00.000Z', source: { kind: 'adjustment', reason: 'Omaggio' } } };
    const state = fold(creditsDecider, [gift]);
    expect([balanceAt(state, now), state.totalPurchased]).toEqual([5, 0]);
    spec
      .given([gift])
      .when({ type: 'RemoveCredits', adjustmentId: 'r1', credits: 2, reason: 'Errore', now })
      .then([{ type: 'CreditsRemoved', data: { adjustmentId: 'r1', credits: 2, reason: 'Errore', lots: [{ lotId: 'g', credits: 2 }] } }]);
  });

  it('a refunded purchase takes back what is left of its lot, once; credits held from it and given back stay unusable', () => {
    const held: CreditsEvent = { type: 'CreditsHeld', data: { holdId: 'h1', credits: 1, usage, lots: [{ lotId: 'a', credits: 1 }] } };
    const spent: CreditsEvent = { type: 'CreditsSpent', data: { spendId: 's1', credits: 1, usage, lots: [{ lotId: 'a', credits: 1 }] } };
    const withdrawn: CreditsEvent = { type: 'CreditsWithdrawn', data: { lotId: 'a', credits: 1, reason: 'Acquisto rimborsato' } };
    spec.given([early, late, spent, held]).when({ type: 'WithdrawLot', lotId: 'a', reason: 'Acquisto rimborsato' }).then([withdrawn]);
    spec.given([early, late, spent, held, withdrawn]).when({ type: 'WithdrawLot', lotId: 'a', reason: 'Acquisto rimborsato' }).thenNothing();
    spec.given([early]).when({ type: 'WithdrawLot', lotId: 'nessuno', reason: 'Acquisto rimborsato' }).thenNothing();
    const released: CreditsEvent = { type: 'CreditsReleased', data: { holdId: 'h1', credits: 1, reason: 'x', lots: [{ lotId: 'a', credits: 1 }] } };
    expect(balanceAt(fold(creditsDecider, [early, late, spent, held, withdrawn, released]), now)).toBe(10);
  });

  it('sends credits for a piece of work: they keep their expiry in the receiver’s ledger, what is left goes back to the lots they came from, once', () => {
    const sent: CreditsEvent = {
      type: 'CreditsSent',
      data: {
        transferId: 't1',
        credits: 5,
        toUserId: 'c1',
        assignmentId: 'a1',
        reason: 'Sessione di lavoro',
        lots: [
          { lotId: 'a', credits: 3, expiresAt: '2027-01-01T00:00:00.000Z' },
          { lotId: 'b', credits: 2, expiresAt: '2027-06-01T00:00:00.000Z' },
        ],
      },
    };
    spec.given([early, late]).when({ type: 'SendCredits', transferId: 't1', credits: 5, toUserId: 'c1', assignmentId: 'a1', reason: 'Sessione di lavoro', now }).then([sent]);
    spec
      .given([early, late, sent])
      .when({ type: 'SendCredits', transferId: 't1', credits: 5, toUserId: 'c1', assignmentId: 'a1', reason: 'Sessione di lavoro', now })
      .thenNothing();
    spec
      .given([early])
      .when({ type: 'SendCredits', transferId: 't2', credits: 4, toUserId: 'c1', assignmentId: null, reason: 'x', now })
      .thenThrows(/ne hai 3/);
    expect(balanceAt(fold(creditsDecider, [early, late, sent]), now)).toBe(8);

    // The collaborator's side: two lots, with the expiry of those they came from; one credit used.
    const received: CreditsEvent = {
      type: 'CreditsReceived',
      data: { transferId: 't1', credits: 5, fromUserId: 's1', assignmentId: 'a1', reason: 'Sessione di lavoro', lots: sent.data.lots },
    };
    const receive = { type: 'ReceiveCredits', transferId: 't1', fromUserId: 's1', assignmentId: 'a1', reason: 'Sessione di lavoro', lots: sent.data.lots } as const;
    spec.given([]).when(receive).then([received]);
    spec.given([received]).when(receive).thenNothing();
    const used: CreditsEvent = { type: 'CreditsSpent', data: { spendId: 's1', credits: 1, usage, lots: [{ lotId: 't1/a', credits: 1 }] } };
    spec.given([received]).when({ type: 'SpendCredits', spendId: 's1', credits: 1, usage, now }).then([used]);
    const givenBack: CreditsEvent = {
      type: 'TransferGivenBack',
      data: {
        transferId: 't1',
        credits: 4,
        reason: 'Sessione conclusa',
        lots: [
          { lotId: 'a', credits: 2 },
          { lotId: 'b', credits: 2 },
        ],
      },
    };
    spec.given([received, used]).when({ type: 'GiveBackTransfer', transferId: 't1', reason: 'Sessione conclusa' }).then([givenBack]);
    spec.given([received, used, givenBack]).when({ type: 'GiveBackTransfer', transferId: 't1', reason: 'Sessione conclusa' }).thenNothing();
    expect(balanceAt(fold(creditsDecider, [received, used, givenBack]), now)).toBe(0);

    // Back in the shop's ledger, to the lots they came from.
    const takenBack: CreditsEvent = { type: 'TransferTakenBack', data: { transferId: 't1', credits: 4, reason: 'Sessione conclusa', lots: givenBack.data.lots } };
    const takeBack = { type: 'TakeBackTransfer', transferId: 't1', credits: 4, lots: givenBack.data.lots, reason: 'Sessione conclusa' } as const;
    spec.given([early, late, sent]).when(takeBack).then([takenBack]);
    spec.given([early, late, sent, takenBack]).when(takeBack).thenNothing();
    const after = fold(creditsDecider, [early, late, sent, takenBack]);
    expect(after.lots.map((l) => [l.lotId, l.remaining])).toEqual([
      ['a', 2],
      ['b', 10],
    ]);
    expect(balanceAt(after, now)).toBe(12);
  });

  it('remembers every id used, past the few kept apart, and adding one never changes a state already kept', () => {
    let ids = UsedIds.none;
    const kept: UsedIds[] = [];
    for (let i = 0; i < 1000; i++) {
      kept.push(ids);
      ids = ids.with(`s${i}`);
    }
    expect([0, 255, 256, 257, 999].every((i) => ids.has(`s${i}`))).toBe(true);
    expect(ids.has('s1000')).toBe(false);
    expect([kept[300]!.has('s299'), kept[300]!.has('s300'), UsedIds.none.has('s0')]).toEqual([true, false, false]);
  });

  it('credits bought last for 12 months, the month’s last day when the month is shorter', () => {
    expect(creditsExpireAt(new Date('2026-11-24T10:00:00.000Z'))).toBe('2027-11-24T10:00:00.000Z');
    expect(creditsExpireAt(new Date('2028-02-29T09:00:00.000Z'))).toBe('2029-02-28T09:00:00.000Z');
  });
});

describe('the credits’ bounds (issue [16])', () => {
  it('refuses lots expiring at a time the read model cannot store, and credits moved back that are no whole number', () => {
    spec
      .given([])
      .when({ type: 'AddCredits', lotId: 'x', credits: 5, expiresAt: '+010000-01-01T00:00:00.000Z', source: purchase })
      .thenThrows(DomainError, { kind: 'rule', message: 'Scadenza dei crediti: data e ora non valide.' });
    const receiving = (lot: { lotId: string; credits: number; expiresAt: string }): CreditsCommand => ({
      type: 'ReceiveCredits',
      transferId: 't1',
      fromUserId: 's1',
      assignmentId: null,
      reason: 'x',
      lots: [lot],
    });
    spec
      .given([])
      .when(receiving({ lotId: 'a', credits: 5, expiresAt: '+010000-01-01T00:00:00.000Z' }))
      .thenThrows(DomainError, { kind: 'rule' });
    spec
      .given([])
      .when(receiving({ lotId: 'a', credits: 0.5, expiresAt: '2027-01-01T00:00:00.000Z' }))
      .thenThrows(DomainError, { kind: 'invalid' });
    const sent: CreditsEvent = {
      type: 'CreditsSent',
      data: { transferId: 't1', credits: 3, toUserId: 'c1', assignmentId: null, reason: 'x', lots: [{ lotId: 'a', credits: 3, expiresAt: '2027-01-01T00:00:00.000Z' }] },
    };
    spec
      .given([early, sent])
      .when({ type: 'TakeBackTransfer', transferId: 't1', credits: 0, lots: [{ lotId: 'a', credits: -8.881784197001254e-16 }], reason: 'x' })
      .thenThrows(DomainError, { kind: 'invalid', message: 'Crediti: un numero intero da 0 a 1.000.000.' });
    spec.given([early, sent]).when({ type: 'TakeBackTransfer', transferId: 't1', credits: 2.5, lots: [], reason: 'x' }).thenThrows(DomainError, { kind: 'invalid' });
  });
});
