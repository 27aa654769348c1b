import { describe, expect, it } from 'vitest';
import { fold } from '../../platform/domain/decider.js';
import { deciderSpec } from '../../platform/testing/decider-spec.js';
import { accessDecider, accessStatusAt, creditsLeft, type AccessEvent } from './access.js';
import { accessFields, accessGranted, at } from './session-fixtures.js';

describe('a standing access', () => {
  const granted = accessGranted();
  const redeemed: AccessEvent = { type: 'StoreAccessRedeemed', data: { redeemedAt: at(5).toISOString() } };
  const aSpec = deciderSpec(accessDecider);

  it('is redeemed once, by its collaborator, with its code, before it expires', () => {
    aSpec
      .given([granted])
      .when({ type: 'RedeemAccess', collaboratorId: 'c2', codeKey: 'K', now: at(5) })
      .thenThrows('Codice di accesso non valido.');
    aSpec
      .given([granted])
      .when({ type: 'RedeemAccess', collaboratorId: 'c1', codeKey: 'K', now: at(5) })
      .then([redeemed]);
    aSpec
      .given([granted, redeemed])
      .when({ type: 'RedeemAccess', collaboratorId: 'c1', codeKey: 'K', now: at(6) })
      .thenThrows({ kind: 'conflict' });
    aSpec
      .given([granted])
      .when({ type: 'RedeemAccess', collaboratorId: 'c1', codeKey: 'K', now: at(60 * 24 * 31) })
      .thenThrows('Questo codice di accesso è scaduto.');
  });

  it('counts wrong codes while it waits to be redeemed: the fifth burns it for the next code, which alone redeems it', () => {
    const mistype = (minutes: number, fresh: { key: string; version: number } | null = null) => ({ type: 'MistypeAccessCode' as const, fresh, now: at(minutes) });
    const mistyped = (tries: number): AccessEvent => ({ type: 'StoreAccessCodeMistyped', data: { shopkeeperId: 'k1', tries } });
    aSpec
      .given([granted])
      .when(mistype(5))
      .then([mistyped(1)]);
    const four = [granted, mistyped(1), mistyped(2), mistyped(3), mistyped(4)];
    const reissued: AccessEvent = { type: 'StoreAccessCodeReissued', data: { shopkeeperId: 'k1', storeName: 'Bottega', collaboratorName: 'Luca', codeKey: 'K2', codeVersion: 2 } };
    aSpec
      .given(four)
      .when(mistype(6, { key: 'K2', version: 2 }))
      .then([mistyped(5), reissued]);
    // The caller must bring the next code for the fifth: without it nothing would burn.
    aSpec.given(four).when(mistype(6)).thenThrows(Error);
    const burnt = [...four, mistyped(5), reissued];
    expect(fold(accessDecider, burnt)).toMatchObject({ codeKey: 'K2', codeVersion: 2, codeTries: 0 });
    aSpec
      .given(burnt)
      .when({ type: 'RedeemAccess', collaboratorId: 'c1', codeKey: 'K', now: at(7) })
      .thenThrows('Codice di accesso non valido.');
    aSpec
      .given(burnt)
      .when({ type: 'RedeemAccess', collaboratorId: 'c1', codeKey: 'K2', now: at(7) })
      .then([{ type: 'StoreAccessRedeemed', data: { redeemedAt: at(7).toISOString() } }]);
    // Redeemed, ended or expired: nothing left to guess, nothing counted.
    aSpec.given([granted, redeemed]).when(mistype(6)).thenNothing();
    aSpec
      .given([granted])
      .when(mistype(60 * 24 * 31))
      .thenNothing();
  });

  it('gives its sessions credits from its budget, and takes back what they did not use', () => {
    const reserve = (sessionId: string, credits: number) => ({ type: 'ReserveCredits' as const, sessionId, credits, sessionEndsAt: at(300).toISOString(), now: at(10) });
    aSpec.given([granted]).when(reserve('s1', 10)).thenThrows('Il collaboratore non ha ancora riscattato il codice di accesso.');
    aSpec.given([granted, redeemed]).when(reserve('s1', 101)).thenThrows('Crediti AI: all’accesso ne restano 100.');
    const events: AccessEvent[] = [
      granted,
      redeemed,
      { type: 'StoreAccessCreditsReserved', data: { sessionId: 's1', credits: 60 } },
      { type: 'StoreAccessCreditsReleased', data: { sessionId: 's1', credits: 25 } },
    ];
    expect(creditsLeft(fold(accessDecider, events))).toBe(65);
    aSpec.given(events).when({ type: 'ReleaseCredits', sessionId: 's1', credits: 25 }).thenNothing();
    expect(accessStatusAt({ redeemed: true, ended: false, expiresAt: accessFields().expiresAt }, at(10))).toBe('active');
  });
});
