import { describe, it } from 'vitest';
import { DomainError } from '../../platform/domain/errors.js';
import { deciderSpec } from '../../platform/testing/decider-spec.js';
import { consentDecider, type ConsentEvent } from './consent.js';
import { consentTexts } from './labels.js';

const now = new Date('2026-12-02T10:00:00.000Z');
const at = now.toISOString();
const given: ConsentEvent = { type: 'ConsentGiven', data: { kind: 'marketing', text: consentTexts.marketing, source: 'settings', at } };
const withdrawn: ConsentEvent = { type: 'ConsentWithdrawn', data: { kind: 'marketing', text: consentTexts.marketing, source: 'unsubscribe', at } };

describe('a person’s consents', () => {
  const spec = deciderSpec(consentDecider);

  it('are given and withdrawn with the text in force and where the person answered', () => {
    spec.given([]).when({ type: 'AnswerConsent', kind: 'marketing', granted: true, source: 'settings', now }).then([given]);
    spec.given([given]).when({ type: 'AnswerConsent', kind: 'marketing', granted: false, source: 'unsubscribe', now }).then([withdrawn]);
  });

  it('take a first refusal as a fact, and the same answer twice as none', () => {
    spec
      .given([])
      .when({ type: 'AnswerConsent', kind: 'email-tracking', granted: false, source: 'notice', now })
      .then([{ type: 'ConsentWithdrawn', data: { kind: 'email-tracking', text: consentTexts['email-tracking'], source: 'notice', at } }]);
    spec.given([given]).when({ type: 'AnswerConsent', kind: 'marketing', granted: true, source: 'notice', now }).then([]);
    spec.given([given, withdrawn]).when({ type: 'AnswerConsent', kind: 'marketing', granted: false, source: 'settings', now }).then([]);
  });

  it('refuse a kind no one asks, and note the versions of the terms accepted at registration', () => {
    spec
      .given([])
      .when({ type: 'AnswerConsent', kind: 'profilazione' as 'marketing', granted: true, source: 'settings', now })
      .thenThrows(DomainError, { kind: 'invalid', message: 'Consenso sconosciuto.' });
    spec
      .given([])
      .when({ type: 'AcceptLegalVersions', terms: 2, privacy: 3, now })
      .then([{ type: 'LegalVersionsAccepted', data: { terms: 2, privacy: 3, at } }]);
    spec.given([]).when({ type: 'AcceptLegalVersions', terms: 0, privacy: 3, now }).thenThrows(DomainError, { kind: 'invalid', message: 'Versione non valida.' });
  });
});
