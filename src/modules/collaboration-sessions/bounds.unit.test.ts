import { describe, it } from 'vitest';
import { DomainError } from '../../platform/domain/errors.js';
import { deciderSpec } from '../../platform/testing/decider-spec.js';
import { accessDecider, type AccessEvent } from './access.js';
import { sessionDecider, type SessionCommand, type SessionEvent } from './session.js';
import { accessFields, accessGranted, at, sessionFields, sessionScheduled, t0 } from './session-fixtures.js';

/* The numbers sessions and standing accesses accept are those their read models store (issue [16]). */

const fields = sessionFields({ securityLevel: 'basic' });
const schedule: SessionCommand = {
  type: 'ScheduleSession',
  fields,
  scheduledStartAt: at(120).toISOString(),
  scheduledEndAt: at(240).toISOString(),
  activation: { key: 'A1', version: 1 },
  closure: { key: 'C1', version: 1 },
  now: t0,
};
const scheduled = sessionScheduled({ securityLevel: 'basic' });
const activated: SessionEvent = {
  type: 'SessionActivated',
  data: { ipAddress: null, userAgent: null, locationVerified: false, distanceM: null, startedAt: at(100).toISOString(), confirmedBy: null },
};
const sent: SessionEvent = { type: 'SessionCreditsSent', data: { credits: 10 } };

describe('a session’s numbers', () => {
  const spec = deciderSpec(sessionDecider);
  const version = 'Versione del codice: un numero intero da 0 a 2147483647.';

  it('has codes of whole versions', () => {
    spec
      .given([])
      .when({ ...schedule, closure: { key: 'C1', version: 5e-324 } })
      .thenThrows(DomainError, { kind: 'rule', message: version });
    spec
      .given([scheduled])
      .when({ type: 'ReissueCode', kind: 'activation', key: 'A2', version: 1.01, now: at(10) })
      .thenThrows(DomainError, { kind: 'rule', message: version });
    spec
      .given([scheduled])
      .when({ type: 'ReissueCode', kind: 'activation', key: 'A2', version: 2, now: at(10) })
      .then([{ type: 'SessionCodeReissued', data: { kind: 'activation', key: 'A2', version: 2 } }]);
  });

  it('sends and settles whole AI credits, at most 10000', () => {
    spec
      .given([scheduled, activated])
      .when({ type: 'RecordCreditsSent', credits: 604037.01 })
      .thenThrows(DomainError, { kind: 'rule', message: 'Crediti AI: un numero intero da 0 a 10000.' });
    spec
      .given([scheduled, activated, sent])
      .when({ type: 'RecordCreditsSettled', used: 2.5, returned: 7.5 })
      .thenThrows(DomainError, { kind: 'rule', message: 'Crediti AI usati: un numero intero da 0 a 10000.' });
    spec
      .given([scheduled, activated, sent])
      .when({ type: 'RecordCreditsSettled', used: 2, returned: -1 })
      .thenThrows(DomainError, { kind: 'rule', message: 'Crediti AI restituiti: un numero intero da 0 a 10000.' });
  });
});

describe('a standing access’s numbers', () => {
  const spec = deciderSpec(accessDecider);
  const access = accessFields({ description: 'Catalogo' });
  const granted = accessGranted({ description: 'Catalogo' });
  const redeemed: AccessEvent = { type: 'StoreAccessRedeemed', data: { redeemedAt: at(1).toISOString() } };

  it('has a code of a whole version and reserves whole credits', () => {
    spec
      .given([])
      .when({ type: 'GrantAccess', fields: access, codeKey: 'K', codeVersion: 90.0001, now: t0 })
      .thenThrows(DomainError, { kind: 'rule', message: 'Versione del codice: un numero intero da 0 a 2147483647.' });
    const credits = 'Crediti AI: un numero intero da 0 a 10000.';
    spec
      .given([granted, redeemed])
      .when({ type: 'ReserveCredits', sessionId: 's1', credits: -5e-324, sessionEndsAt: at(120).toISOString(), now: at(2) })
      .thenThrows(DomainError, { kind: 'rule', message: credits });
    const reserved: AccessEvent = { type: 'StoreAccessCreditsReserved', data: { sessionId: 's1', credits: 20 } };
    spec.given([granted, redeemed, reserved]).when({ type: 'ReleaseCredits', sessionId: 's1', credits: 0.5 }).thenThrows(DomainError, { kind: 'rule', message: credits });
  });
});
