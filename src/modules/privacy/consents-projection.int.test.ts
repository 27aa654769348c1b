import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useProjection } from '../../../tests/support/projection.js';
import { EventLog } from '../../platform/testing/projection-spec.js';
import { consentDecider, consentsStreamId } from './consent.js';
import { consentsProjection } from './consents-projection.js';
import { consentTexts } from './labels.js';

describe('consents projection', () => {
  const spec = useProjection(consentsProjection);
  const log = new EventLog('2026-12-02T10:00:00.000Z');

  it('keeps each person’s last answer of each kind, with its text, source and time, and the versions of the terms accepted', async () => {
    const person = randomUUID();
    const now = new Date('2026-12-02T10:00:00.000Z');
    const later = new Date('2026-12-05T09:00:00.000Z');
    await spec.apply([
      ...log.decide(consentsStreamId(person), consentDecider, { type: 'AcceptLegalVersions', terms: 1, privacy: 2, now }),
      ...log.decide(consentsStreamId(person), consentDecider, { type: 'AnswerConsent', kind: 'marketing', granted: true, source: 'registration', now }),
      ...log.decide(consentsStreamId(person), consentDecider, { type: 'AnswerConsent', kind: 'email-tracking', granted: false, source: 'notice', now }),
      ...log.decide(consentsStreamId(person), consentDecider, { type: 'AnswerConsent', kind: 'marketing', granted: false, source: 'unsubscribe', now: later }),
    ]);
    expect(await spec.rows('SELECT kind, granted, text, source, changed_at FROM consents WHERE user_id = $1 ORDER BY kind', [person])).toEqual([
      { kind: 'email-tracking', granted: false, text: consentTexts['email-tracking'], source: 'notice', changed_at: now },
      {
        kind: 'legal',
        granted: true,
        text: 'Ho letto e accetto i Termini e condizioni (versione 1) e ho letto l’Informativa sulla privacy (versione 2).',
        source: 'registration',
        changed_at: now,
      },
      { kind: 'marketing', granted: false, text: consentTexts.marketing, source: 'unsubscribe', changed_at: later },
    ]);
  });
});
