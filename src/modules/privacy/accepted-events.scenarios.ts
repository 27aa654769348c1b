import { scenario, scenarioNow as now, worldIds } from '../../platform/testing/accepted-events.js';
import { erasureDecider, erasureStreamId, type ErasureCommand } from './erasure.js';
import { consentDecider, consentsStreamId, type ConsentCommand } from './consent.js';
import { legalDecider, legalStreamId, type LegalCommand } from './legal.js';

export const scenarios = [
  scenario<ErasureCommand>(
    'erasures',
    erasureStreamId(worldIds.customer),
    erasureDecider,
    [{ type: 'RequestErasure', userId: worldIds.customer, role: 'customer', by: 'self', now }],
    [
      { type: 'WaitForOpenOrders', openOrders: 3, now },
      { type: 'CarryOutErasure', keys: 12, readModels: ['users', 'orders'], now },
      { type: 'CompleteErasure', now },
    ],
  ),
  scenario<ConsentCommand>(
    'consents',
    consentsStreamId(worldIds.customer),
    consentDecider,
    [{ type: 'AnswerConsent', kind: 'marketing', granted: true, source: 'registration', now }],
    [
      { type: 'AnswerConsent', kind: 'email-tracking', granted: true, source: 'notice', now },
      { type: 'AnswerConsent', kind: 'marketing', granted: false, source: 'unsubscribe', now },
      { type: 'AnswerConsent', kind: 'email-tracking', granted: false, source: 'settings', now },
      { type: 'AcceptLegalVersions', terms: 2, privacy: 3, now },
    ],
  ),
  scenario<LegalCommand>(
    'legal documents',
    legalStreamId('terms'),
    legalDecider,
    [{ type: 'PublishLegalVersion', kind: 'terms', body: 'Prima versione dei termini.', note: 'Prima versione.', now }],
    [
      { type: 'PublishLegalVersion', kind: 'terms', body: 'Seconda versione dei termini, con il recesso.', note: 'Aggiunto il recesso.', now },
      { type: 'PublishLegalVersion', kind: 'terms', body: 'Prima versione dei termini.', note: '', now },
    ],
  ),
];
