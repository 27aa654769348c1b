import { describe, expect, it } from 'vitest';
import { DomainError } from '../../platform/domain/errors.js';
import { deciderSpec } from '../../platform/testing/decider-spec.js';
import { assignmentDecider, splitPayment, type AssignmentEvent, type AssignmentFields } from './assignment.js';

const t0 = new Date('2026-06-01T08:00:00.000Z');
const at = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);
const fields = (over: Partial<AssignmentFields> = {}): AssignmentFields => ({
  assignmentId: 'a1',
  origin: 'direct',
  storeId: 'st1',
  storeName: 'Bottega',
  shopkeeperId: 'k1',
  collaboratorId: 'c1',
  collaboratorName: 'Luca',
  requestId: null,
  unlockId: null,
  packageId: null,
  description: 'Sistemare il catalogo',
  priority: 'medium',
  paymentAmountCents: 5000,
  compensationCents: 5000,
  siteCommissionCents: 0,
  creditsEarned: 5,
  permissions: ['products'],
  dueDate: null,
  ...over,
});
const created = (over: Partial<AssignmentFields> = {}, status: 'pending' | 'accepted' = 'pending'): AssignmentEvent => ({
  type: 'AssignmentCreated',
  data: { ...fields(over), status, assignedAt: t0.toISOString() },
});
const spec = deciderSpec(assignmentDecider);

describe('an assignment', () => {
  it('direct: pending until its collaborator accepts or rejects it (with a reason); another collaborator cannot', () => {
    spec.given([]).when({ type: 'CreateAssignment', fields: fields(), now: t0 }).then([created()]);
    spec
      .given([created()])
      .when({ type: 'AcceptAssignment', collaboratorId: 'c2', now: at(1) })
      .thenThrows({ kind: 'not-found' });
    spec
      .given([created()])
      .when({ type: 'AcceptAssignment', collaboratorId: 'c1', now: at(1) })
      .then([{ type: 'AssignmentAccepted', data: { acceptedAt: at(1).toISOString() } }]);
    spec
      .given([created()])
      .when({ type: 'RejectAssignment', collaboratorId: 'c1', reason: '', now: at(1) })
      .thenThrows({ kind: 'rule' });
    spec
      .given([created()])
      .when({ type: 'RejectAssignment', collaboratorId: 'c1', reason: 'Sono in ferie', now: at(1) })
      .then([{ type: 'AssignmentRejected', data: { reason: 'Sono in ferie', rejectedAt: at(1).toISOString() } }]);
  });

  it('from an unlock: accepted at once (the collaborator accepted the request)', () => {
    spec
      .given([])
      .when({ type: 'CreateAssignment', fields: fields({ origin: 'unlock', requestId: 'r1', unlockId: 'u1', packageId: 'p1' }), now: t0 })
      .then([created({ origin: 'unlock', requestId: 'r1', unlockId: 'u1', packageId: 'p1' }, 'accepted')]);
  });

  it('completes from accepted or in progress, once, paying the compensation and the credits; then the payout, once', () => {
    const accepted: AssignmentEvent = { type: 'AssignmentAccepted', data: { acceptedAt: at(1).toISOString() } };
    const completed: AssignmentEvent = {
      type: 'AssignmentCompleted',
      data: { completedAt: at(90).toISOString(), compensationCents: 5000, creditsEarned: 5, collaboratorId: 'c1', storeId: 'st1' },
    };
    spec
      .given([created(), accepted])
      .when({ type: 'CompleteAssignment', now: at(90) })
      .then([{ type: 'AssignmentStarted', data: { startedAt: at(90).toISOString() } }, completed]);
    spec
      .given([created()])
      .when({ type: 'CompleteAssignment', now: at(90) })
      .thenThrows('Non è possibile completare un incarico in attesa di risposta.');
    spec
      .given([created(), accepted, completed])
      .when({ type: 'CompleteAssignment', now: at(91) })
      .thenNothing();
    spec
      .given([created(), accepted])
      .when({ type: 'MarkPaid', byUserId: 'admin', now: at(95) })
      .thenThrows('Il compenso si paga quando l’incarico è completato.');
    spec
      .given([created(), accepted, completed])
      .when({ type: 'MarkPaid', byUserId: 'admin', now: at(95) })
      .then([{ type: 'AssignmentPaid', data: { byUserId: 'admin', paidAt: at(95).toISOString(), compensationCents: 5000 } }]);
    spec
      .given([created(), accepted, completed, { type: 'AssignmentPaid', data: { byUserId: 'admin', paidAt: at(95).toISOString(), compensationCents: 5000 } }])
      .when({ type: 'MarkPaid', byUserId: 'admin', now: at(96) })
      .thenNothing();
  });

  it('is paid by a transfer to the collaborator’s account once, with the ids the read models store', () => {
    const accepted: AssignmentEvent = { type: 'AssignmentAccepted', data: { acceptedAt: at(1).toISOString() } };
    const completed: AssignmentEvent = {
      type: 'AssignmentCompleted',
      data: { completedAt: at(90).toISOString(), compensationCents: 5000, creditsEarned: 0, collaboratorId: fields().collaboratorId, storeId: fields().storeId },
    };
    const transfer = { provider: 'stripe' as const, accountId: 'acct_1Collab', transferId: 'tr_1Abc' };
    const paid: AssignmentEvent = {
      type: 'AssignmentPaid',
      data: { byUserId: 'admin', paidAt: at(95).toISOString(), compensationCents: 5000, transfer: { ...transfer, collaboratorId: fields().collaboratorId } },
    };
    spec
      .given([created(), accepted, completed])
      .when({ type: 'MarkPaid', byUserId: 'admin', now: at(95), transfer })
      .then([paid]);
    // Again (a second press, a retry): paid already.
    spec
      .given([created(), accepted, completed, paid])
      .when({ type: 'MarkPaid', byUserId: 'admin', now: at(96), transfer })
      .thenNothing();
    for (const wrong of [
      { ...transfer, accountId: 'sbxacct_x' },
      { ...transfer, provider: 'paypal' as never },
      { ...transfer, transferId: 'tr 1; DROP' },
      { ...transfer, transferId: 'x'.repeat(121) },
    ]) {
      spec
        .given([created(), accepted, completed])
        .when({ type: 'MarkPaid', byUserId: 'admin', now: at(95), transfer: wrong })
        .thenThrows('Il fornitore dei pagamenti ha indicato un trasferimento non leggibile.');
    }
  });

  it('is cancelled by the shopkeeper before it starts, by an admin until it completes', () => {
    const started: AssignmentEvent[] = [
      created(),
      { type: 'AssignmentAccepted', data: { acceptedAt: at(1).toISOString() } },
      { type: 'AssignmentStarted', data: { startedAt: at(2).toISOString() } },
    ];
    spec
      .given(started)
      .when({ type: 'CancelAssignment', by: 'shopkeeper', reason: 'Non serve più', now: at(3) })
      .thenThrows(/già in corso/);
    spec
      .given(started)
      .when({ type: 'CancelAssignment', by: 'admin', reason: 'Controversia', now: at(3) })
      .then([{ type: 'AssignmentCancelled', data: { by: 'admin', reason: 'Controversia', cancelledAt: at(3).toISOString() } }]);
  });

  it('keeps its money within bounds: compensation and commission never exceed the payment', () => {
    spec
      .given([])
      .when({ type: 'CreateAssignment', fields: fields({ compensationCents: 6000 }), now: t0 })
      .thenThrows({ kind: 'rule' }, 'Il compenso e la commissione superano il pagamento.');
    spec
      .given([])
      .when({ type: 'CreateAssignment', fields: fields({ collaboratorId: 'k1' }), now: t0 })
      .thenThrows(/a sé stesso/);
    expect(splitPayment(4900, 20, 3920)).toEqual({ compensationCents: 3920, siteCommissionCents: 980 });
    expect(splitPayment(4900, 20, null)).toEqual({ compensationCents: 3920, siteCommissionCents: 980 });
    expect(splitPayment(1000, 20, 5000)).toEqual({ compensationCents: 1000, siteCommissionCents: 0 });
  });
});

describe('an assignment’s due date (issue [16])', () => {
  it('is a time the read model can store', () => {
    spec
      .given([])
      .when({ type: 'CreateAssignment', fields: fields({ dueDate: '+275760-09-13T00:00:00.000Z' }), now: t0 })
      .thenThrows(DomainError, { kind: 'rule', message: 'Scadenza: data e ora non valide.' });
    spec
      .given([])
      .when({ type: 'CreateAssignment', fields: fields({ dueDate: '' }), now: t0 })
      .thenThrows(DomainError, { kind: 'rule', message: 'Scadenza: data e ora non valide.' });
  });
});
