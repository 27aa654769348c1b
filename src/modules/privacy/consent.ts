import type { Decider, DomainEvent } from '../../platform/domain/decider.js';
import { DomainError } from '../../platform/domain/errors.js';
import { checkTime } from '../../platform/domain/limits.js';
import { consentKinds, consentTexts, type ConsentKind } from './labels.js';

/*
 * A person's consents (GDPR art. 7: the controller must be able to show it was given; issue [21]):
 * each one given or withdrawn is an event with the text the person read and the time, from where
 * (their settings, the cookie notice, the registration, an e-mail's unsubscribe link). Withdrawing is
 * as easy as giving; nothing is assumed: a kind never answered is neither.
 */

export const consentsStreamId = (userId: string): string => `consents-${userId}`;

/** Where the person answered. */
export const consentSources = ['settings', 'notice', 'registration', 'unsubscribe'] as const;
export type ConsentSource = (typeof consentSources)[number];

export type ConsentCommand =
  | { type: 'AnswerConsent'; kind: ConsentKind; granted: boolean; source: ConsentSource; now: Date }
  /** At registration: the versions of the terms and the privacy policy in force, read and accepted (legal.ts). */
  | { type: 'AcceptLegalVersions'; terms: number; privacy: number; now: Date };

export type ConsentEvent =
  | DomainEvent<'ConsentGiven', { kind: ConsentKind; text: string; source: ConsentSource; at: string }>
  | DomainEvent<'ConsentWithdrawn', { kind: ConsentKind; text: string; source: ConsentSource; at: string }>
  | DomainEvent<'LegalVersionsAccepted', { terms: number; privacy: number; at: string }>;

export type ConsentState = Partial<Record<ConsentKind, boolean>>;

export const consentDecider: Decider<ConsentCommand, ConsentEvent, ConsentState> = {
  initialState: {},
  decide(command, state) {
    if (command.type === 'AcceptLegalVersions') {
      for (const [field, version] of [
        ['terms', command.terms],
        ['privacy', command.privacy],
      ] as const) {
        if (!Number.isSafeInteger(version) || version < 1) throw new DomainError('Versione non valida.', 'invalid', { [field]: 'Versione non valida.' });
      }
      const at = command.now.toISOString();
      checkTime('at', 'Data', at);
      return [{ type: 'LegalVersionsAccepted', data: { terms: command.terms, privacy: command.privacy, at } }];
    }
    if (!consentKinds.includes(command.kind)) throw new DomainError('Consenso sconosciuto.', 'invalid', { kind: 'Consenso sconosciuto.' });
    const at = command.now.toISOString();
    checkTime('at', 'Data', at);
    // The same answer again (the notice answered twice, a double click) is no new fact; a first refusal is one.
    if (state[command.kind] === command.granted) return [];
    const data = { kind: command.kind, text: consentTexts[command.kind], source: command.source, at };
    return [command.granted ? { type: 'ConsentGiven', data } : { type: 'ConsentWithdrawn', data }];
  },
  evolve(state, event) {
    switch (event.type) {
      case 'ConsentGiven':
        return { ...state, [event.data.kind]: true };
      case 'ConsentWithdrawn':
        return { ...state, [event.data.kind]: false };
      case 'LegalVersionsAccepted':
        return state;
      default:
        return state;
    }
  },
};

/** The versions accepted at registration in words (the consents' read model, the export). */
export const legalAcceptanceText = (versions: { terms: number; privacy: number }): string =>
  `Ho letto e accetto i Termini e condizioni (versione ${versions.terms}) e ho letto l’Informativa sulla privacy (versione ${versions.privacy}).`;
