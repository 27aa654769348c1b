import { describe, it } from 'vitest';
import { DomainError } from '../../platform/domain/errors.js';
import { deciderSpec } from '../../platform/testing/decider-spec.js';
import { LEGAL_BODY_MAX, legalDecider, type LegalEvent } from './legal.js';

const now = new Date('2026-12-02T10:00:00.000Z');
const publishedAt = now.toISOString();
const first: LegalEvent = { type: 'LegalVersionPublished', data: { kind: 'terms', version: 1, body: 'Prima.', note: 'Prima versione.', publishedAt } };

describe('the privacy policy and the terms', () => {
  const spec = deciderSpec(legalDecider);

  it('are published version after version, each numbered after the last, trimmed', () => {
    spec.given([]).when({ type: 'PublishLegalVersion', kind: 'terms', body: '  Prima. ', note: ' Prima versione.', now }).then([first]);
    spec
      .given([first])
      .when({ type: 'PublishLegalVersion', kind: 'terms', body: 'Seconda.', note: '', now })
      .then([{ type: 'LegalVersionPublished', data: { kind: 'terms', version: 2, body: 'Seconda.', note: '', publishedAt } }]);
  });

  it('refuse an empty text, one too long, a note too long, and the text in force again', () => {
    spec.given([]).when({ type: 'PublishLegalVersion', kind: 'terms', body: '  ', note: '', now }).thenThrows(DomainError, { kind: 'invalid', message: 'Testo: obbligatorio.' });
    spec
      .given([])
      .when({ type: 'PublishLegalVersion', kind: 'terms', body: 'x'.repeat(LEGAL_BODY_MAX + 1), note: '', now })
      .thenThrows(DomainError, { kind: 'invalid', message: `Testo: al massimo ${LEGAL_BODY_MAX} caratteri.` });
    spec
      .given([])
      .when({ type: 'PublishLegalVersion', kind: 'terms', body: 'Prima.', note: 'n'.repeat(501), now })
      .thenThrows(DomainError, { kind: 'invalid', message: 'Nota: al massimo 500 caratteri.' });
    spec
      .given([first])
      .when({ type: 'PublishLegalVersion', kind: 'terms', body: 'Prima.', note: 'di nuovo', now })
      .thenThrows(DomainError, { kind: 'rule', message: 'Il testo è uguale a quello della versione in vigore: nulla da pubblicare.' });
  });
});
