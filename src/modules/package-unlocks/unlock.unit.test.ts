import { describe, it } from 'vitest';
import { DomainError } from '../../platform/domain/errors.js';
import { deciderSpec } from '../../platform/testing/decider-spec.js';
import { unlockDecider, type UnlockEvent } from './unlock.js';

const now = new Date('2026-11-28T10:00:00.000Z');
const created: UnlockEvent = { type: 'PackageUnlockCreated', data: { unlockId: 'u1', requestId: 'r1', shopkeeperId: 's1', storeId: 'st1', packageId: 'p1' } };
const spec = deciderSpec(unlockDecider);

describe('a package unlock’s purchase deadline (issue [16])', () => {
  it('is a time the read model can store, whoever unlocks', () => {
    spec.given([created]).when({ type: 'UnlockForCollaborator', collaboratorId: 'c1', purchaseDeadline: '2026-12-01T10:00:00.000Z' })
      .then([{ type: 'PackageUnlockUnlocked', data: { collaboratorId: 'c1', unlockedBy: 'collaborator_accepted', purchaseDeadline: '2026-12-01T10:00:00.000Z' } }]);
    const message = 'Scadenza dell’acquisto: data e ora non valide.';
    spec.given([created]).when({ type: 'UnlockForCollaborator', collaboratorId: 'c1', purchaseDeadline: '+275760-09-13T00:00:00.000Z' }).thenThrows(DomainError, { kind: 'rule', message });
    spec.given([created]).when({ type: 'AdminUnlock', adminUserId: 'a1', reason: 'Aiuto', specialConditions: null, freeOfCharge: true, purchaseDeadline: '+010000-01-01T00:00:00.000Z', now })
      .thenThrows(DomainError, { kind: 'rule', message });
  });
});

describe('a package unlock’s purchase (issue [16])', () => {
  it('records an amount in whole cents the read model stores', () => {
    const unlocked: UnlockEvent = { type: 'PackageUnlockUnlocked', data: { collaboratorId: 'c1', unlockedBy: 'collaborator_accepted', purchaseDeadline: '2026-12-01T10:00:00.000Z' } };
    spec.given([created, unlocked]).when({ type: 'RecordPurchase', paymentId: 'p1', amountCents: 1e15 + 0.2, now })
      .thenThrows(DomainError, { kind: 'rule', message: 'Importo pagato: un importo da € 0,00 a € 1.000.000,00, al centesimo.' });
    spec.given([created, unlocked]).when({ type: 'RecordPurchase', paymentId: 'p1', amountCents: 4900, now })
      .then([{ type: 'PackageUnlockPurchased', data: { paymentId: 'p1', amountCents: 4900, collaboratorId: 'c1' } }]);
  });
});
