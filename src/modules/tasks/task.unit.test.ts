import { describe, expect, it } from 'vitest';
import { fold } from '../../platform/domain/decider.js';
import { deciderSpec } from '../../platform/testing/decider-spec.js';
import { expiredReason, isLate, noRoute, taskDecider, type TaskEvent, type TaskFields } from './task.js';
import { deliveryTask } from './task-fixtures.js';

const t0 = new Date('2026-06-01T08:00:00.000Z');
const later = (ms: number) => new Date(t0.getTime() + ms);
const hour = 3_600_000;
const deadline = later(4 * hour).toISOString();

const delivery = (extra: Partial<TaskFields> = {}): TaskFields => deliveryTask(deadline, extra);
const catalogue = (extra: Partial<TaskFields> = {}): TaskFields => ({
  ...delivery(),
  type: 'product_management',
  orderId: null,
  assignmentId: 'a1',
  collaboratorId: 'c1',
  collaboratorName: 'Luca',
  title: 'Foto dei formaggi',
  ...noRoute,
  ...extra,
});

const spec = deciderSpec(taskDecider);
const created = (f: TaskFields = delivery()): TaskEvent => ({ type: 'TaskCreated', data: f });
const accepted = (who = 'c1', at = later(hour)): TaskEvent => ({ type: 'TaskAccepted', data: { collaboratorId: who, collaboratorName: who, acceptedAt: at.toISOString() } });
const started = (who = 'c1', at = later(2 * hour)): TaskEvent => ({ type: 'TaskStarted', data: { collaboratorId: who, startedAt: at.toISOString() } });

describe('a task', () => {
  it('is created pending, with a deadline in the future within 30 days and bounded amounts', () => {
    spec.given([]).when({ type: 'CreateTask', fields: delivery(), now: t0 }).then([created()]);
    spec.given([created()]).when({ type: 'CreateTask', fields: delivery(), now: t0 }).thenNothing();
    spec
      .given([])
      .when({ type: 'CreateTask', fields: delivery({ deadline: t0.toISOString() }), now: t0 })
      .thenThrows({ kind: 'rule', message: 'Scadenza: deve essere nel futuro.' });
    spec
      .given([])
      .when({ type: 'CreateTask', fields: delivery({ deadline: later(31 * 24 * hour).toISOString() }), now: t0 })
      .thenThrows('Scadenza: al massimo 30 giorni da oggi.');
    spec
      .given([])
      .when({ type: 'CreateTask', fields: delivery({ compensationCents: 12.5 }), now: t0 })
      .thenThrows({ kind: 'rule', errors: { compensation: 'Compenso: un importo da € 0,00 a € 1000,00, al centesimo.' } });
    spec
      .given([])
      .when({ type: 'CreateTask', fields: delivery({ compensationCents: 100_001 }), now: t0 })
      .thenThrows(/^Compenso/);
    spec
      .given([])
      .when({ type: 'CreateTask', fields: delivery({ credits: -1 }), now: t0 })
      .thenThrows(/^Crediti/);
    spec
      .given([])
      .when({ type: 'CreateTask', fields: delivery({ title: ' ' }), now: t0 })
      .thenThrows(/^Titolo/);
    spec
      .given([])
      .when({ type: 'CreateTask', fields: delivery({ deliveryLatitude: null }), now: t0 })
      .thenThrows(/^Latitudine/);
    spec
      .given([])
      .when({ type: 'CreateTask', fields: catalogue({ collaboratorId: null }), now: t0 })
      .thenThrows('Un lavoro sul catalogo si affida al collaboratore dell’incarico.');
    spec
      .given([])
      .when({ type: 'CreateTask', fields: catalogue({ assignmentId: null }), now: t0 })
      .thenThrows(/^Incarico/);
  });

  it('offered to the area: the first accept wins, a second by another is 409, the same one again changes nothing', () => {
    spec
      .given([created()])
      .when({ type: 'AcceptTask', collaboratorId: 'c1', collaboratorName: 'c1', now: later(hour) })
      .then([accepted()]);
    spec
      .given([created(), accepted()])
      .when({ type: 'AcceptTask', collaboratorId: 'c2', collaboratorName: 'c2', now: later(hour) })
      .thenThrows({
        kind: 'conflict',
        message: 'Questa consegna è già stata accettata da un altro collaboratore.',
      });
    spec
      .given([created(), accepted()])
      .when({ type: 'AcceptTask', collaboratorId: 'c1', collaboratorName: 'c1', now: later(2 * hour) })
      .thenNothing();
    // Nobody may reject an offer: it is not theirs.
    spec
      .given([created()])
      .when({ type: 'RejectTask', collaboratorId: 'c1', reason: 'No', now: later(hour) })
      .thenThrows({ kind: 'rule' });
  });

  it('handed to one collaborator: only they accept or reject it; a rejection cancels it', () => {
    const handed = created(delivery({ collaboratorId: 'c1', collaboratorName: 'c1' }));
    spec
      .given([handed])
      .when({ type: 'AcceptTask', collaboratorId: 'c2', collaboratorName: 'c2', now: later(hour) })
      .thenThrows({ kind: 'not-found', message: 'Attività non trovata.' });
    spec
      .given([handed])
      .when({ type: 'RejectTask', collaboratorId: 'c2', reason: 'No', now: later(hour) })
      .thenThrows({ kind: 'not-found' });
    spec
      .given([handed])
      .when({ type: 'RejectTask', collaboratorId: 'c1', reason: ' ', now: later(hour) })
      .thenThrows({ kind: 'rule', errors: { reason: 'Motivo: obbligatorio, al massimo 500 caratteri.' } });
    spec
      .given([handed])
      .when({ type: 'RejectTask', collaboratorId: 'c1', reason: ' Sono malato ', now: later(hour) })
      .then([{ type: 'TaskRejected', data: { collaboratorId: 'c1', reason: 'Sono malato' } }]);
    // Accepted, not yet picked up: given back with a reason; picked up: no more.
    spec
      .given([handed, accepted()])
      .when({ type: 'RejectTask', collaboratorId: 'c1', reason: 'Imprevisto', now: later(hour) })
      .then([{ type: 'TaskRejected', data: { collaboratorId: 'c1', reason: 'Imprevisto' } }]);
    spec
      .given([handed, accepted(), started()])
      .when({ type: 'RejectTask', collaboratorId: 'c1', reason: 'Imprevisto', now: later(hour) })
      .thenThrows({ kind: 'rule' });
    const rejected = fold(taskDecider, [handed, { type: 'TaskRejected', data: { collaboratorId: 'c1', reason: 'No' } }]);
    expect(rejected.status).toBe('cancelled');
  });

  it('is picked up once accepted, delivered once picked up; past its deadline still delivered, and told late', () => {
    const go = [created(), accepted()];
    spec
      .given([created()])
      .when({ type: 'StartTask', collaboratorId: 'c1', now: later(hour) })
      .thenThrows({ kind: 'not-found' });
    spec
      .given(go)
      .when({ type: 'DeliverTask', collaboratorId: 'c1', now: later(hour) })
      .thenThrows('Ritira l’ordine in negozio prima di consegnarlo.');
    spec
      .given(go)
      .when({ type: 'StartTask', collaboratorId: 'c2', now: later(hour) })
      .thenThrows({ kind: 'not-found' });
    spec
      .given(go)
      .when({ type: 'StartTask', collaboratorId: 'c1', now: later(2 * hour) })
      .then([started()]);
    spec
      .given([...go, started()])
      .when({ type: 'StartTask', collaboratorId: 'c1', now: later(2 * hour) })
      .thenNothing();
    spec
      .given([...go, started()])
      .when({ type: 'CompleteTask', collaboratorId: 'c1', now: later(3 * hour) })
      .thenThrows('Una consegna si completa con il codice di consegna del cliente.');
    spec
      .given([...go, started()])
      .when({ type: 'DeliverTask', collaboratorId: 'c1', now: later(3 * hour) })
      .then([{ type: 'TaskCompleted', data: { collaboratorId: 'c1', completedAt: later(3 * hour).toISOString(), late: false, credits: 0 } }]);
    spec
      .given([...go, started()])
      .when({ type: 'DeliverTask', collaboratorId: 'c1', now: later(5 * hour) })
      .then([{ type: 'TaskCompleted', data: { collaboratorId: 'c1', completedAt: later(5 * hour).toISOString(), late: true, credits: 0 } }]);
    expect(isLate({ status: 'in_progress', deadline }, later(5 * hour))).toBe(true);
    expect(isLate({ status: 'completed', deadline }, later(5 * hour))).toBe(false);
  });

  it('catalogue work: started, then completed (never with a delivery code)', () => {
    const work = [created(catalogue()), accepted('c1')];
    spec
      .given(work)
      .when({ type: 'CompleteTask', collaboratorId: 'c1', now: later(hour) })
      .thenThrows('Inizia l’attività prima di completarla.');
    spec
      .given([...work, started()])
      .when({ type: 'DeliverTask', collaboratorId: 'c1', now: later(3 * hour) })
      .thenThrows({ kind: 'rule' });
    spec
      .given([...work, started()])
      .when({ type: 'CompleteTask', collaboratorId: 'c1', now: later(3 * hour) })
      .then([{ type: 'TaskCompleted', data: { collaboratorId: 'c1', completedAt: later(3 * hour).toISOString(), late: false, credits: 0 } }]);
  });

  it('is cancelled by the shop before it is completed, with a reason; not after', () => {
    for (const history of [[created()], [created(), accepted()], [created(), accepted(), started()]]) {
      spec
        .given(history)
        .when({ type: 'CancelTask', by: 'shopkeeper', reason: 'Il cliente passa in negozio', now: later(hour) })
        .then([{ type: 'TaskCancelled', data: { by: 'shopkeeper', reason: 'Il cliente passa in negozio', collaboratorId: history.length > 1 ? 'c1' : null } }]);
    }
    const done: TaskEvent = { type: 'TaskCompleted', data: { collaboratorId: 'c1', completedAt: later(3 * hour).toISOString(), late: false, credits: 0 } };
    spec
      .given([created(), accepted(), started(), done])
      .when({ type: 'CancelTask', by: 'admin', reason: 'Errore', now: later(4 * hour) })
      .thenThrows('L’attività è già completata: non si può annullare.');
    spec
      .given([created()])
      .when({ type: 'CancelTask', by: 'shopkeeper', reason: '', now: later(hour) })
      .thenThrows({ errors: { reason: 'Motivo: obbligatorio, al massimo 500 caratteri.' } });
    const cancelled: TaskEvent = { type: 'TaskCancelled', data: { by: 'shopkeeper', reason: 'No', collaboratorId: null } };
    spec
      .given([created(), cancelled])
      .when({ type: 'CancelTask', by: 'shopkeeper', reason: 'No', now: later(hour) })
      .thenNothing();
    spec
      .given([created(), cancelled])
      .when({ type: 'AcceptTask', collaboratorId: 'c1', collaboratorName: 'c1', now: later(hour) })
      .thenThrows({ kind: 'rule', message: 'L’attività è stata annullata.' });
  });

  it('waiting for a collaborator at its deadline: refused to whoever accepts, expired by the upkeep; an accepted one never expires', () => {
    spec
      .given([created()])
      .when({ type: 'AcceptTask', collaboratorId: 'c1', collaboratorName: 'c1', now: later(4 * hour) })
      .thenThrows({ kind: 'rule', message: 'L’attività è scaduta: nessuno può più accettarla.' });
    spec
      .given([created()])
      .when({ type: 'ExpireTask', now: later(4 * hour - 1) })
      .thenNothing();
    spec
      .given([created()])
      .when({ type: 'ExpireTask', now: later(4 * hour) })
      .then([{ type: 'TaskExpired', data: { reason: expiredReason, collaboratorId: null } }]);
    spec
      .given([created(), accepted()])
      .when({ type: 'ExpireTask', now: later(10 * hour) })
      .thenNothing();
    spec
      .given([])
      .when({ type: 'ExpireTask', now: later(10 * hour) })
      .thenNothing();
  });
});
