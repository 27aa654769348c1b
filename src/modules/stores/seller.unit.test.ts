import { describe, expect, it } from 'vitest';
import { DomainError } from '../../platform/domain/errors.js';
import { deciderSpec } from '../../platform/testing/decider-spec.js';
import { isPartitaIva, normalizedPartitaIva, sellerDecider, type SellerEvent } from './seller.js';

const now = new Date('2026-12-02T10:00:00.000Z');
const at = now.toISOString();
const trader: SellerEvent = { type: 'SellerDeclared', data: { storeId: 's1', sellerType: 'trader', vatNumber: '01234567897', declaredAt: at } };
const verified: SellerEvent = { type: 'SellerVerified', data: { verifiedAt: at } };

describe('an Italian VAT number (partita IVA)', () => {
  it('has 11 digits, the last the check digit of the others', () => {
    expect(isPartitaIva('01234567897')).toBe(true);
    expect(isPartitaIva('01234567890')).toBe(false);
    expect(isPartitaIva('1234567897')).toBe(false);
    expect(isPartitaIva('00000000000')).toBe(false);
    expect(normalizedPartitaIva(' IT 012 345 678-97 ')).toBe('01234567897');
  });
});

describe('who sells in a shop', () => {
  const spec = deciderSpec(sellerDecider);

  it('is declared: a trader with a valid VAT number, as written by people; a private seller with none', () => {
    spec.given([]).when({ type: 'DeclareSeller', storeId: 's1', sellerType: 'trader', vatNumber: 'IT 01234567897', now }).then([trader]);
    spec
      .given([])
      .when({ type: 'DeclareSeller', storeId: 's1', sellerType: 'private', vatNumber: '01234567897', now })
      .then([{ type: 'SellerDeclared', data: { storeId: 's1', sellerType: 'private', vatNumber: null, declaredAt: at } }]);
    spec
      .given([])
      .when({ type: 'DeclareSeller', storeId: 's1', sellerType: 'trader', vatNumber: null, now })
      .thenThrows(DomainError, { kind: 'invalid', message: 'Partita IVA: obbligatoria per un venditore professionale.' });
    spec
      .given([])
      .when({ type: 'DeclareSeller', storeId: 's1', sellerType: 'trader', vatNumber: '01234567890', now })
      .thenThrows(DomainError, { kind: 'invalid', message: 'Partita IVA non valida: 11 cifre, l’ultima di controllo.' });
    spec.given([trader]).when({ type: 'DeclareSeller', storeId: 's1', sellerType: 'trader', vatNumber: '01234567897', now }).then([]);
  });

  it('is checked by the admin: confirmed once, or refused with the reason; declared again after a refusal', () => {
    spec.given([trader]).when({ type: 'VerifySeller', now }).then([verified]);
    spec.given([trader, verified]).when({ type: 'VerifySeller', now }).then([]);
    const refused: SellerEvent = { type: 'SellerRefused', data: { reason: 'Ditta cessata', refusedAt: at } };
    spec.given([trader]).when({ type: 'RefuseSeller', reason: ' Ditta cessata ', now }).then([refused]);
    spec.given([trader]).when({ type: 'RefuseSeller', reason: ' ', now }).thenThrows(DomainError, { kind: 'invalid', message: 'Motivo: obbligatorio, al massimo 500 caratteri.' });
    spec.given([trader, refused]).when({ type: 'DeclareSeller', storeId: 's1', sellerType: 'trader', vatNumber: '01234567897', now }).then([trader]);
    spec.given([]).when({ type: 'VerifySeller', now }).thenThrows(DomainError, { kind: 'not-found', message: 'Il negozio non ha ancora dichiarato chi vende.' });
  });
});
