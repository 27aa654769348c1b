import { describe, expect, it } from 'vitest';
import { fold } from '../../platform/domain/decider.js';
import { DomainError } from '../../platform/domain/errors.js';
import { deciderSpec } from '../../platform/testing/decider-spec.js';
import { unlockDecider, unlockLapsed, unlockNotFound, type UnlockEvent } from './unlock.js';

const now = new Date('2026-11-28T10:00:00.000Z');
const created: UnlockEvent = { type: 'PackageUnlockCreated', data: { unlockId: 'u1', requestId: 'r1', shopkeeperId: 's1', storeId: 'st1', packageId: 'p1' } };
const spec = deciderSpec(unlockDecider);

describe('a package unlock’s purchase deadline (issue [16])', () => {
  it('is a time the read model can store, whoever unlocks', () => {
    spec
      .given([created])
      .when({ type: 'UnlockForCollaborator', collaboratorId: 'c1', purchaseDeadline: '2026-12-01T10:00:00.000Z' })
      .then([{ type: 'PackageUnlockUnlocked', data: { collaboratorId: 'c1', unlockedBy: 'collaborator_accepted', purchaseDeadline: '2026-12-01T10:00:00.000Z' } }]);
    const message = 'Scadenza dell’acquisto: data e ora non valide.';
    spec
      .given([created])
      .when({ type: 'UnlockForCollaborator', collaboratorId: 'c1', purchaseDeadline: '+275760-09-13T00:00:00.000Z' })
      .thenThrows(DomainError, { kind: 'rule', message });
    spec
      .given([created])
      .when({ type: 'AdminUnlock', adminUserId: 'a1', reason: 'Aiuto', specialConditions: null, freeOfCharge: true, purchaseDeadline: '+010000-01-01T00:00:00.000Z', now })
      .thenThrows(DomainError, { kind: 'rule', message });
  });
});

describe('a package unlock’s purchase (issue [16])', () => {
  it('records an amount in whole cents the read model stores', () => {
    const unlocked: UnlockEvent = {
      type: 'PackageUnlockUnlocked',
      data: { collaboratorId: 'c1', unlockedBy: 'collaborator_accepted', purchaseDeadline: '2026-12-01T10:00:00.000Z' },
    };
    spec
      .given([created, unlocked])
      .when({ type: 'RecordPurchase', paymentId: 'p1', amountCents: 1e15 + 0.2, now })
      .thenThrows(DomainError, { kind: 'rule', message: 'Importo pagato: un importo da € 0,00 a € 1.000.000,00, al centesimo.' });
    spec
      .given([created, unlocked])
      .when({ type: 'RecordPurchase', paymentId: 'p1', amountCents: 4900, now })
      .then([{ type: 'PackageUnlockPurchased', data: { paymentId: 'p1', amountCents: 4900, collaboratorId: 'c1' } }]);
  });
});

const fields = { unlockId: 'u1', requestId: 'r1', shopkeeperId: 's1', storeId: 'st1', packageId: 'p1' };
const deadline = '2026-12-01T10:00:00.000Z';
const afterDeadline = new Date('2026-12-01T10:00:00.000Z');
const unlockedBy = (collaboratorId: string): UnlockEvent => ({
  type: 'PackageUnlockUnlocked',
  data: { collaboratorId, unlockedBy: 'collaborator_accepted', purchaseDeadline: deadline },
});
const adminUnlocked = (freeOfCharge: boolean): UnlockEvent => ({
  type: 'PackageUnlockAdminUnlocked',
  data: { adminUserId: 'a1', reason: 'Negozio nuovo', specialConditions: null, freeOfCharge, purchaseDeadline: deadline },
});
const purchased: UnlockEvent = { type: 'PackageUnlockPurchased', data: { paymentId: 'pay1', amountCents: 4900, collaboratorId: 'c1' } };
const lapsed: UnlockEvent = { type: 'PackageUnlockLapsed', data: {} };
const adminUnlock = { type: 'AdminUnlock' as const, adminUserId: 'a1', reason: 'Negozio nuovo', specialConditions: null, freeOfCharge: false, purchaseDeadline: deadline, now };

describe('a package unlock created for a request', () => {
  it('records the request, shop and package once; created again it records nothing', () => {
    spec
      .given([])
      .when({ type: 'CreateUnlock', fields })
      .then([{ type: 'PackageUnlockCreated', data: fields }]);
    spec
      .given([created])
      .when({ type: 'CreateUnlock', fields: { ...fields, packageId: 'p2' } })
      .thenNothing();
  });

  it('is not found by any other command before it is created', () => {
    for (const command of [
      { type: 'UnlockForCollaborator' as const, collaboratorId: 'c1', purchaseDeadline: deadline },
      adminUnlock,
      { type: 'RecordPurchase' as const, paymentId: 'pay1', amountCents: 4900, now },
      { type: 'LapseUnlock' as const, now: afterDeadline },
    ])
      spec.given([]).when(command).thenThrows(DomainError, { kind: 'not-found', message: unlockNotFound });
  });
});

describe('a package unlocked by a collaborator’s acceptance', () => {
  it('names the first collaborator; a second acceptance, a purchased or a lapsed unlock records nothing', () => {
    spec
      .given([created, unlockedBy('c1')])
      .when({ type: 'UnlockForCollaborator', collaboratorId: 'c2', purchaseDeadline: deadline })
      .thenNothing();
    spec
      .given([created, unlockedBy('c1'), purchased])
      .when({ type: 'UnlockForCollaborator', collaboratorId: 'c2', purchaseDeadline: deadline })
      .thenNothing();
    spec
      .given([created, adminUnlocked(false), lapsed])
      .when({ type: 'UnlockForCollaborator', collaboratorId: 'c2', purchaseDeadline: deadline })
      .thenNothing();
  });

  it('keeps the admin’s terms when the admin unlocked it first, and names the collaborator', () => {
    spec
      .given([created, adminUnlocked(true)])
      .when({ type: 'UnlockForCollaborator', collaboratorId: 'c1', purchaseDeadline: '2026-12-20T10:00:00.000Z' })
      .then([{ type: 'PackageUnlockUnlocked', data: { collaboratorId: 'c1', unlockedBy: 'collaborator_accepted', purchaseDeadline: '2026-12-20T10:00:00.000Z' } }]);
    const state = fold(unlockDecider, [
      created,
      adminUnlocked(true),
      { type: 'PackageUnlockUnlocked', data: { collaboratorId: 'c1', unlockedBy: 'collaborator_accepted', purchaseDeadline: '2026-12-20T10:00:00.000Z' } },
    ]);
    expect(state).toMatchObject({ status: 'unlocked_admin', collaboratorId: 'c1', freeOfCharge: true, purchaseDeadline: deadline });
  });
});

describe('a package unlocked by the admin', () => {
  it('records the admin, the reason and conditions trimmed (none when blank), free of charge or not, and the deadline', () => {
    spec
      .given([created])
      .when({ ...adminUnlock, reason: '  Negozio nuovo  ', specialConditions: '   ' })
      .then([adminUnlocked(false)]);
    spec
      .given([created])
      .when({ ...adminUnlock, freeOfCharge: true, specialConditions: ' Solo consegne ' })
      .then([
        {
          type: 'PackageUnlockAdminUnlocked',
          data: { adminUserId: 'a1', reason: 'Negozio nuovo', specialConditions: 'Solo consegne', freeOfCharge: true, purchaseDeadline: deadline },
        },
      ]);
    spec
      .given([created, unlockedBy('c1')])
      .when(adminUnlock)
      .then([adminUnlocked(false)]);
  });

  it('asks for a reason of 1 to 500 characters', () => {
    const refusal = { kind: 'rule', message: 'Motivo: obbligatorio, al massimo 500 caratteri.', errors: { reason: 'Obbligatorio, al massimo 500 caratteri.' } } as const;
    spec
      .given([created])
      .when({ ...adminUnlock, reason: '   ' })
      .thenThrows(DomainError, refusal);
    spec
      .given([created])
      .when({ ...adminUnlock, reason: 'x'.repeat(501) })
      .thenThrows(DomainError, refusal);
    spec
      .given([created])
      .when({ ...adminUnlock, reason: 'x'.repeat(500) })
      .then([
        { type: 'PackageUnlockAdminUnlocked', data: { adminUserId: 'a1', reason: 'x'.repeat(500), specialConditions: null, freeOfCharge: false, purchaseDeadline: deadline } },
      ]);
  });

  it('asks for a deadline in the future: now itself is too late', () => {
    const refusal = { kind: 'rule', message: 'Scadenza dell’acquisto: deve essere nel futuro.', errors: { purchaseDeadline: 'Deve essere nel futuro.' } } as const;
    spec
      .given([created])
      .when({ ...adminUnlock, purchaseDeadline: now.toISOString() })
      .thenThrows(DomainError, refusal);
    spec
      .given([created])
      .when({ ...adminUnlock, purchaseDeadline: '2026-11-27T10:00:00.000Z' })
      .thenThrows(DomainError, refusal);
    spec
      .given([created])
      .when({ ...adminUnlock, purchaseDeadline: '2026-11-28T10:00:00.001Z' })
      .then([
        {
          type: 'PackageUnlockAdminUnlocked',
          data: { adminUserId: 'a1', reason: 'Negozio nuovo', specialConditions: null, freeOfCharge: false, purchaseDeadline: '2026-11-28T10:00:00.001Z' },
        },
      ]);
  });

  it('refuses, as conflicts, a package already purchased or lapsed', () => {
    spec
      .given([created, unlockedBy('c1'), purchased])
      .when(adminUnlock)
      .thenThrows(DomainError, { kind: 'conflict', message: 'Il pacchetto è già stato acquistato: non serve sbloccarlo.' });
    spec
      .given([created, unlockedBy('c1'), lapsed])
      .when(adminUnlock)
      .thenThrows(DomainError, { kind: 'conflict', message: unlockLapsed });
  });
});

describe('a package unlock’s purchase', () => {
  it('records the payment and the collaborator it was for (none when the admin unlocked it)', () => {
    spec
      .given([created, adminUnlocked(false)])
      .when({ type: 'RecordPurchase', paymentId: 'pay1', amountCents: 4900, now })
      .then([{ type: 'PackageUnlockPurchased', data: { paymentId: 'pay1', amountCents: 4900, collaboratorId: null } }]);
  });

  it('is free without a payment only when the admin said so, or when it costs nothing', () => {
    spec
      .given([created, adminUnlocked(true)])
      .when({ type: 'RecordPurchase', paymentId: null, amountCents: 0, now })
      .then([{ type: 'PackageUnlockPurchased', data: { paymentId: null, amountCents: 0, collaboratorId: null } }]);
    spec
      .given([created, unlockedBy('c1')])
      .when({ type: 'RecordPurchase', paymentId: null, amountCents: 0, now })
      .then([{ type: 'PackageUnlockPurchased', data: { paymentId: null, amountCents: 0, collaboratorId: 'c1' } }]);
    spec
      .given([created, unlockedBy('c1')])
      .when({ type: 'RecordPurchase', paymentId: null, amountCents: 4900, now })
      .thenThrows(DomainError, { kind: 'rule', message: 'Serve un pagamento per acquistare questo pacchetto.' });
  });

  it('is recorded once: the same payment again records nothing, another one is a conflict (the caller refunds it)', () => {
    spec
      .given([created, unlockedBy('c1'), purchased])
      .when({ type: 'RecordPurchase', paymentId: 'pay1', amountCents: 4900, now })
      .thenNothing();
    spec
      .given([created, unlockedBy('c1'), purchased])
      .when({ type: 'RecordPurchase', paymentId: 'pay2', amountCents: 4900, now })
      .thenThrows(DomainError, { kind: 'conflict', message: 'Il pacchetto è già stato acquistato.' });
  });

  it('waits for the unlock', () => {
    spec
      .given([created])
      .when({ type: 'RecordPurchase', paymentId: 'pay1', amountCents: 4900, now })
      .thenThrows(DomainError, { kind: 'rule', message: 'Il pacchetto non è ancora sbloccato: si sblocca quando un collaboratore accetta la richiesta.' });
  });

  it('comes before the deadline: at the deadline itself, or once lapsed, it is too late', () => {
    spec
      .given([created, unlockedBy('c1')])
      .when({ type: 'RecordPurchase', paymentId: 'pay1', amountCents: 4900, now: new Date(afterDeadline.getTime() - 1) })
      .then([{ type: 'PackageUnlockPurchased', data: { paymentId: 'pay1', amountCents: 4900, collaboratorId: 'c1' } }]);
    spec
      .given([created, unlockedBy('c1')])
      .when({ type: 'RecordPurchase', paymentId: 'pay1', amountCents: 4900, now: afterDeadline })
      .thenThrows(DomainError, { kind: 'rule', message: unlockLapsed });
    spec
      .given([created, unlockedBy('c1'), lapsed])
      .when({ type: 'RecordPurchase', paymentId: 'pay1', amountCents: 4900, now })
      .thenThrows(DomainError, { kind: 'rule', message: unlockLapsed });
  });

  it('refuses a negative amount', () => {
    spec
      .given([created, unlockedBy('c1')])
      .when({ type: 'RecordPurchase', paymentId: 'pay1', amountCents: -1, now })
      .thenThrows(DomainError, { kind: 'rule', message: 'Importo pagato: un importo da € 0,00 a € 1.000.000,00, al centesimo.' });
  });
});

describe('a package unlock lapsing', () => {
  it('lapses once its deadline has come, unpaid', () => {
    spec
      .given([created, unlockedBy('c1')])
      .when({ type: 'LapseUnlock', now: afterDeadline })
      .then([lapsed]);
    spec
      .given([created, adminUnlocked(false)])
      .when({ type: 'LapseUnlock', now: new Date('2027-01-01T00:00:00.000Z') })
      .then([lapsed]);
  });

  it('records nothing before the deadline, when still locked, purchased or lapsed already', () => {
    spec
      .given([created, unlockedBy('c1')])
      .when({ type: 'LapseUnlock', now: new Date(afterDeadline.getTime() - 1) })
      .thenNothing();
    spec.given([created]).when({ type: 'LapseUnlock', now: afterDeadline }).thenNothing();
    spec
      .given([created, unlockedBy('c1'), purchased])
      .when({ type: 'LapseUnlock', now: afterDeadline })
      .thenNothing();
    spec
      .given([created, unlockedBy('c1'), lapsed])
      .when({ type: 'LapseUnlock', now: afterDeadline })
      .thenNothing();
  });
});
