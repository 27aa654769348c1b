import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../testing/decider-spec.js';
import { canonicalJson, idempotencyClaim, idempotencyDecider, requestHash } from './idempotency.js';

describe('a request’s hash under its Idempotency-Key', () => {
  it('is canonical: the order of an object’s keys, at any depth, does not matter', () => {
    const a = { paymentMethod: 'sandbox', packageId: 'p1', stores: [{ storeId: 's1', deliveryType: 'pickup', notes: 'citofono' }] };
    const b = { stores: [{ notes: 'citofono', deliveryType: 'pickup', storeId: 's1' }], packageId: 'p1', paymentMethod: 'sandbox' };
    expect(canonicalJson(a)).toBe(canonicalJson(b));
    expect(canonicalJson(b)).toBe('{"packageId":"p1","paymentMethod":"sandbox","stores":[{"deliveryType":"pickup","notes":"citofono","storeId":"s1"}]}');
    expect(requestHash('package-purchase', 'u1', 'chiave-0001', a)).toBe(requestHash('package-purchase', 'u1', 'chiave-0001', b));
  });

  it('leaves out what is undefined (as JSON does), and tells apart every value that differs', () => {
    const hash = (meaning: unknown) => requestHash('checkout', 'u1', 'chiave-0001', meaning);
    expect(hash({ credits: 3, reason: 'x', note: undefined })).toBe(hash({ reason: 'x', credits: 3 }));
    expect(hash({ credits: 3, reason: 'x' })).not.toBe(hash({ credits: 300, reason: 'x' }));
    expect(hash({ credits: 3 })).not.toBe(hash({ credits: '3' }));
    expect(hash({ a: null })).not.toBe(hash({}));
    // Arrays keep their order: another order of the shops is another request.
    expect(hash({ stores: ['s1', 's2'] })).not.toBe(hash({ stores: ['s2', 's1'] }));
    expect(hash({ v: [1, { b: 2, a: 1 }] })).toBe(hash({ v: [1, { a: 1, b: 2 }] }));
  });

  it('depends on the scope, the subject and the key, none of which it shows', () => {
    const meaning = { packageId: 'p1' };
    const base = requestHash('package-purchase', 'u1', 'chiave-0001', meaning);
    expect(base).toMatch(/^[0-9a-f]{64}$/);
    expect(requestHash('credit-purchase', 'u1', 'chiave-0001', meaning)).not.toBe(base);
    expect(requestHash('package-purchase', 'u2', 'chiave-0001', meaning)).not.toBe(base);
    expect(requestHash('package-purchase', 'u1', 'chiave-0002', meaning)).not.toBe(base);
    const claim = idempotencyClaim('package-purchase', 'u1', 'chiave-0001', meaning);
    expect(claim.requestHash).toBe(base);
    expect(claim.streamId).toMatch(/^idempotency-[0-9a-f-]{36}$/);
    expect(claim.streamId).not.toContain('chiave');
    expect(idempotencyClaim('package-purchase', 'u1', 'chiave-0001', { packageId: 'p2' }).streamId).toBe(claim.streamId);
  });
});

describe('a key’s claim', () => {
  const spec = deciderSpec(idempotencyDecider);
  const claimed = { type: 'IdempotencyKeyClaimed' as const, data: { scope: 'credits-adjustment', requestHash: 'h1' } };

  it('is taken by the first request, with only its scope and hash', () => {
    spec.given([]).when({ type: 'ClaimIdempotencyKey', scope: 'credits-adjustment', key: 'chiave-0001', requestHash: 'h1' }).then([claimed]);
  });

  it('lets the same request go on, and refuses another one with a 409 naming the key', () => {
    spec.given([claimed]).when({ type: 'ClaimIdempotencyKey', scope: 'credits-adjustment', key: 'chiave-0001', requestHash: 'h1' }).thenNothing();
    spec
      .given([claimed])
      .when({ type: 'ClaimIdempotencyKey', scope: 'credits-adjustment', key: 'chiave-0001', requestHash: 'h2' })
      .thenThrows({ kind: 'conflict', message: 'La chiave Idempotency-Key «chiave-0001» è già stata usata per una richiesta diversa: usane una nuova.' });
  });
});
