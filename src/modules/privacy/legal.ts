import type { Decider, DomainEvent } from '../../platform/domain/decider.js';
import { DomainError } from '../../platform/domain/errors.js';
import { checkTime } from '../../platform/domain/limits.js';

/*
 * The privacy policy and the terms (issue [21]): each a document the admin edits by publishing a new
 * version; every version stays (who registered under version 3 can read version 3). A person
 * accepts the versions in force when they register (consent.ts: LegalTermsAccepted).
 */

export const legalKinds = ['privacy', 'terms'] as const;
export type LegalKind = (typeof legalKinds)[number];

export const legalStreamId = (kind: LegalKind): string => `legal-document-${kind}`;

/** How long a version's text and its note may be. */
export const LEGAL_BODY_MAX = 100_000;
export const LEGAL_NOTE_MAX = 500;

export type LegalCommand = { type: 'PublishLegalVersion'; kind: LegalKind; body: string; note: string; now: Date };

export type LegalEvent = DomainEvent<'LegalVersionPublished', { kind: LegalKind; version: number; body: string; note: string; publishedAt: string }>;

export interface LegalState {
  version: number;
  body: string;
}

export const legalDecider: Decider<LegalCommand, LegalEvent, LegalState> = {
  initialState: { version: 0, body: '' },
  decide(command, state) {
    const body = typeof command.body === 'string' ? command.body.trim() : '';
    const note = typeof command.note === 'string' ? command.note.trim() : '';
    if (!body) throw new DomainError('Testo: obbligatorio.', 'invalid', { body: 'Obbligatorio.' });
    if (body.length > LEGAL_BODY_MAX) throw new DomainError(`Testo: al massimo ${LEGAL_BODY_MAX} caratteri.`, 'invalid', { body: `Al massimo ${LEGAL_BODY_MAX} caratteri.` });
    if (note.length > LEGAL_NOTE_MAX) throw new DomainError(`Nota: al massimo ${LEGAL_NOTE_MAX} caratteri.`, 'invalid', { note: `Al massimo ${LEGAL_NOTE_MAX} caratteri.` });
    if (body === state.body)
      throw new DomainError('Il testo è uguale a quello della versione in vigore: nulla da pubblicare.', 'rule', { body: 'Uguale alla versione in vigore.' });
    const publishedAt = command.now.toISOString();
    checkTime('publishedAt', 'Data', publishedAt);
    return [{ type: 'LegalVersionPublished', data: { kind: command.kind, version: state.version + 1, body, note, publishedAt } }];
  },
  evolve(state, event) {
    return event.type === 'LegalVersionPublished' ? { version: event.data.version, body: event.data.body } : state;
  },
};
