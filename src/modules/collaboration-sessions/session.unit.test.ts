import { describe, expect, it } from 'vitest';
import { fold } from '../../platform/domain/decider.js';
import { deciderSpec } from '../../platform/testing/decider-spec.js';
import { codeKey, deriveCode } from './codes.js';
import { CODE_ALPHABET, CODE_LENGTH, formatCode, normalizeCode } from './labels.js';
import { sessionDecider, statusAt, type SessionCommand, type SessionEvent } from './session.js';
import { at, sessionFields, sessionScheduled, shop, t0 } from './session-fixtures.js';

/** About `m` metres north of the shop. */
const north = (m: number) => ({ latitude: shop.latitude + m / 111_195, longitude: shop.longitude });

const activate = (minutes: number, over: Partial<Extract<SessionCommand, { type: 'ActivateSession' }>> = {}): SessionCommand => ({
  type: 'ActivateSession',
  collaboratorId: 'c1',
  codeKey: 'A1',
  position: north(50),
  ipAddress: '10.0.0.1',
  userAgent: 'Firefox',
  now: at(minutes),
  ...over,
});
const activated = (minutes = 100): SessionEvent => ({
  type: 'SessionActivated',
  data: { ipAddress: '10.0.0.1', userAgent: 'Firefox', locationVerified: true, distanceM: 50, startedAt: at(minutes).toISOString(), confirmedBy: null },
});

const spec = deciderSpec(sessionDecider);

describe('a collaboration session', () => {
  it('is pending until 30 minutes before its start, ready until an hour after it, then expired', () => {
    const state = fold(sessionDecider, [sessionScheduled()]);
    expect([statusAt(state, at(89)), statusAt(state, at(90)), statusAt(state, at(179)), statusAt(state, at(180))]).toEqual(['pending', 'ready', 'ready', 'expired']);
    spec
      .given([sessionScheduled()])
      .when(activate(80))
      .thenThrows({ kind: 'rule' }, /non è ancora pronta/);
    spec.given([sessionScheduled()]).when(activate(180)).thenThrows('La sessione è scaduta.');
  });

  it('activates with its code within 200 m of the shop, recording where from and the device', () => {
    spec.given([sessionScheduled()]).when(activate(100)).then([activated()]);
    spec
      .given([sessionScheduled()])
      .when(activate(100, { position: north(450) }))
      .thenThrows({ kind: 'rule', message: 'Sei a 450 m dal negozio: la sessione si attiva entro 200 m.' });
    spec
      .given([sessionScheduled()])
      .when(activate(100, { position: null }))
      .thenThrows({ kind: 'rule' }, /serve la tua posizione/);
    // Basic: the code is enough, and a far position is only not verified.
    spec
      .given([sessionScheduled({ securityLevel: 'basic' })])
      .when(activate(100, { position: null }))
      .then([
        {
          type: 'SessionActivated',
          data: { ipAddress: '10.0.0.1', userAgent: 'Firefox', locationVerified: false, distanceM: null, startedAt: at(100).toISOString(), confirmedBy: null },
        },
      ]);
  });

  it('works once: the same code again, or another activation at the same time, is a conflict', () => {
    spec.given([sessionScheduled(), activated()]).when(activate(101)).thenThrows({ kind: 'conflict', message: 'Questo codice è già stato usato: la sessione è già attivata.' });
  });

  it('counts wrong codes and burns the code at the fifth, until the shopkeeper reissues it', () => {
    const wrong = (n: number): SessionEvent[] => Array.from({ length: n }, (_, i) => ({ type: 'SessionCodeMistyped', data: { kind: 'activation', tries: i + 1 } }));
    spec
      .given([sessionScheduled()])
      .when(activate(100, { codeKey: 'X' }))
      .then(wrong(1));
    spec
      .given([sessionScheduled(), ...wrong(4)])
      .when(activate(100, { codeKey: 'X' }))
      .then([
        { type: 'SessionCodeMistyped', data: { kind: 'activation', tries: 5 } },
        { type: 'SessionCodeBurnt', data: { kind: 'activation', shopkeeperId: 'k1', collaboratorName: 'Luca' } },
      ]);
    const burnt: SessionEvent[] = [sessionScheduled(), ...wrong(5), { type: 'SessionCodeBurnt', data: { kind: 'activation', shopkeeperId: 'k1', collaboratorName: 'Luca' } }];
    spec
      .given(burnt)
      .when(activate(100))
      .thenThrows({ kind: 'rule' }, /bloccato dopo 5 tentativi/);
    const reissued: SessionEvent[] = [...burnt, { type: 'SessionCodeReissued', data: { kind: 'activation', key: 'A2', version: 2 } }];
    spec.given(reissued).when(activate(100)).then(wrong(1));
    spec
      .given(reissued)
      .when(activate(100, { codeKey: 'A2' }))
      .then([activated()]);
  });

  it('high security waits for the shopkeeper’s confirmation on their own device', () => {
    const high = sessionScheduled({ securityLevel: 'high' });
    const requested: SessionEvent = {
      type: 'SessionActivationRequested',
      data: { ipAddress: '10.0.0.1', userAgent: 'Firefox', locationVerified: true, distanceM: 50, requestedAt: at(100).toISOString() },
    };
    spec.given([high]).when(activate(100)).then([requested]);
    spec
      .given([high, requested])
      .when({ type: 'ConfirmActivation', shopkeeperId: 'k9', now: at(101) })
      .thenThrows({ kind: 'not-found' });
    spec
      .given([high, requested])
      .when({ type: 'ConfirmActivation', shopkeeperId: 'k1', now: at(101) })
      .then([
        {
          type: 'SessionActivated',
          data: { ipAddress: '10.0.0.1', userAgent: 'Firefox', locationVerified: true, distanceM: 50, startedAt: at(101).toISOString(), confirmedBy: 'k1' },
        },
      ]);
    spec
      .given([high])
      .when({ type: 'ConfirmActivation', shopkeeperId: 'k1', now: at(101) })
      .thenThrows({ message: 'Il collaboratore non ha ancora inserito il codice di attivazione.' });
  });

  it('closes with the closure code; a wrong one counts; closed, the code is used', () => {
    const close = (codeKey: string, minutes = 200): SessionCommand => ({ type: 'CloseSession', collaboratorId: 'c1', codeKey, now: at(minutes) });
    spec
      .given([sessionScheduled(), activated()])
      .when(close('C1'))
      .then([{ type: 'SessionCompleted', data: { endedAt: at(200).toISOString() } }]);
    spec
      .given([sessionScheduled(), activated()])
      .when(close('A1'))
      .then([{ type: 'SessionCodeMistyped', data: { kind: 'closure', tries: 1 } }]);
    spec
      .given([sessionScheduled(), activated(), { type: 'SessionCompleted', data: { endedAt: at(200).toISOString() } }])
      .when(close('C1', 201))
      .thenThrows({ kind: 'conflict' });
    spec.given([sessionScheduled()]).when(close('C1', 100)).thenThrows('La sessione non è ancora attiva.');
  });

  it('expires by itself: not activated in its window, or still active past its end and grace', () => {
    spec
      .given([sessionScheduled()])
      .when({ type: 'ExpireSession', now: at(179) })
      .thenNothing();
    spec
      .given([sessionScheduled()])
      .when({ type: 'ExpireSession', now: at(500) })
      .then([{ type: 'SessionExpired', data: { reason: 'not_activated', expiredAt: at(180).toISOString(), wasActive: false } }]);
    spec
      .given([sessionScheduled(), activated()])
      .when({ type: 'ExpireSession', now: at(269) })
      .thenNothing();
    spec
      .given([sessionScheduled(), activated()])
      .when({ type: 'ExpireSession', now: at(270) })
      .then([{ type: 'SessionExpired', data: { reason: 'not_closed', expiredAt: at(270).toISOString(), wasActive: true } }]);
    const state = fold(sessionDecider, [sessionScheduled(), activated()]);
    expect(statusAt(state, at(270))).toBe('expired');
  });

  it('is revoked with a reason by the shopkeeper or an admin; cancelled only before activation', () => {
    spec
      .given([sessionScheduled(), activated()])
      .when({ type: 'RevokeSession', byUserId: 'k1', byRole: 'shopkeeper', reason: ' ', now: at(130) })
      .thenThrows({ kind: 'rule' });
    spec
      .given([sessionScheduled(), activated()])
      .when({ type: 'RevokeSession', byUserId: 'k1', byRole: 'shopkeeper', reason: 'Comportamento scorretto', now: at(130) })
      .then([{ type: 'SessionRevoked', data: { byUserId: 'k1', byRole: 'shopkeeper', reason: 'Comportamento scorretto', revokedAt: at(130).toISOString(), wasActive: true } }]);
    spec
      .given([sessionScheduled(), activated()])
      .when({ type: 'CancelSession', byUserId: 'k1', reason: '', now: at(130) })
      .thenThrows(/revocala/);
    spec
      .given([sessionScheduled()])
      .when({ type: 'CancelSession', byUserId: 'k1', reason: 'Chiuso per ferie', now: at(10) })
      .then([{ type: 'SessionCancelled', data: { byUserId: 'k1', reason: 'Chiuso per ferie', cancelledAt: at(10).toISOString() } }]);
  });

  it('is scheduled 15 minutes to 12 hours long, in the future, at most 90 days ahead', () => {
    const schedule = (start: number, end: number): SessionCommand => ({
      type: 'ScheduleSession',
      fields: sessionFields(),
      scheduledStartAt: at(start).toISOString(),
      scheduledEndAt: at(end).toISOString(),
      activation: { key: 'A1', version: 1 },
      closure: { key: 'C1', version: 1 },
      now: t0,
    });
    spec.given([]).when(schedule(120, 130)).thenThrows('La sessione dura almeno 15 minuti.');
    spec
      .given([])
      .when(schedule(120, 120 + 13 * 60))
      .thenThrows(/al massimo 12 ore/);
    spec
      .given([])
      .when(schedule(-61, 60))
      .thenThrows(/già passato/);
    // Entirely in the past (started 55 minutes ago, ended 40 minutes ago), or nearly over.
    spec.given([]).when(schedule(-55, -40)).thenThrows({ kind: 'rule', message: 'La sessione finirebbe fra meno di 15 minuti: scegli un orario futuro.' });
    spec
      .given([])
      .when(schedule(-30, 10))
      .thenThrows(/fra meno di 15 minuti/);
    const justBegun = sessionScheduled() as Extract<SessionEvent, { type: 'SessionScheduled' }>;
    spec
      .given([])
      .when(schedule(-30, 15))
      .then([{ ...justBegun, data: { ...justBegun.data, scheduledStartAt: at(-30).toISOString(), scheduledEndAt: at(15).toISOString() } }]);
    spec
      .given([])
      .when(schedule(91 * 24 * 60, 91 * 24 * 60 + 60))
      .thenThrows(/90 giorni/);
    spec.given([]).when(schedule(120, 240)).then([sessionScheduled()]);
    spec.given([sessionScheduled()]).when(schedule(120, 240)).thenNothing();
  });
});

describe('one-time codes', () => {
  const secret = Buffer.alloc(32, 7);
  it('are derived from the secret, the record, the purpose and the version; typed with or without the dash, any case', () => {
    const code = deriveCode(secret, 's1', 'activation', 1);
    expect(code).toHaveLength(CODE_LENGTH);
    expect([...code].every((c) => CODE_ALPHABET.includes(c))).toBe(true);
    expect(deriveCode(secret, 's1', 'activation', 1)).toBe(code);
    expect(
      new Set([
        code,
        deriveCode(secret, 's1', 'activation', 2),
        deriveCode(secret, 's1', 'closure', 1),
        deriveCode(secret, 's2', 'activation', 1),
        deriveCode(Buffer.alloc(32, 8), 's1', 'activation', 1),
      ]).size,
    ).toBe(5);
    const shown = formatCode(code);
    expect(shown).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    expect(normalizeCode(` ${shown.toLowerCase()} `)).toBe(code);
    expect(codeKey(secret, shown.toLowerCase())).toBe(codeKey(secret, code));
    expect(codeKey(secret, code)).not.toContain(code);
  });
});
