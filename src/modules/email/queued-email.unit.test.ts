import { describe, expect, it } from 'vitest';
import { fold } from '../../platform/domain/decider.js';
import { deciderSpec } from '../../platform/testing/decider-spec.js';
import { queuedEmailDecider, queuedEmailStreamId, type QueuedEmailEvent } from './queued-email.js';

/*
 * The admin's retry and cancel of a queued mail: whether the action may be done is decided by the
 * queue's row, locked by the command (commands.ts refuses «E-mail non trovata nella coda.» and a
 * mail in the wrong status with a conflict); the decider records which mail it was, for the history.
 */
const spec = deciderSpec(queuedEmailDecider);
const about = { emailId: 'e1', toEmail: 'mario@esempio.it', subject: 'Il tuo ordine n. 12 è pronto' };
const retried = (previousStatus: 'failed' | 'cancelled'): QueuedEmailEvent => ({ type: 'EmailRetried', data: { ...about, previousStatus } });
const cancelled: QueuedEmailEvent = { type: 'EmailCancelled', data: about };

describe('a queued mail retried by the admin', () => {
  it('records the mail it was and the status it had, failed or cancelled', () => {
    spec
      .given([])
      .when({ type: 'RetryEmail', previousStatus: 'failed', ...about })
      .then([retried('failed')]);
    spec
      .given([cancelled])
      .when({ type: 'RetryEmail', previousStatus: 'cancelled', ...about })
      .then([retried('cancelled')]);
  });

  it('may be retried again after a retry failed again: each retry is one event', () => {
    spec
      .given([retried('failed'), retried('failed')])
      .when({ type: 'RetryEmail', previousStatus: 'failed', ...about })
      .then([retried('failed')]);
  });

  it('records the address and subject as given, however long or unusual (the queue’s row holds them already)', () => {
    const odd = { emailId: 'e2', toEmail: 'ünïcode+tag@esempio.it', subject: `Ordine «${'x'.repeat(500)}»` };
    spec
      .given([])
      .when({ type: 'RetryEmail', previousStatus: 'failed', ...odd })
      .then([{ type: 'EmailRetried', data: { ...odd, previousStatus: 'failed' } }]);
  });
});

describe('a queued mail cancelled by the admin', () => {
  it('records the mail it was, without the command’s type', () => {
    spec
      .given([])
      .when({ type: 'CancelEmail', ...about })
      .then([cancelled]);
    spec
      .given([retried('failed')])
      .when({ type: 'CancelEmail', ...about })
      .then([cancelled]);
  });
});

describe('a queued mail’s state, as the history folds its stream', () => {
  it('counts the retries and knows whether the last action cancelled it', () => {
    expect(queuedEmailDecider.initialState).toEqual({ retries: 0, cancelled: false });
    expect(fold(queuedEmailDecider, [cancelled])).toEqual({ retries: 0, cancelled: true });
    expect(fold(queuedEmailDecider, [retried('failed'), cancelled, retried('cancelled')])).toEqual({ retries: 2, cancelled: false });
    expect(fold(queuedEmailDecider, [retried('failed'), retried('failed'), cancelled])).toEqual({ retries: 2, cancelled: true });
  });

  it('lives in the stream email-<id>, one a mail', () => {
    expect(queuedEmailStreamId('e1')).toBe('email-e1');
  });
});
