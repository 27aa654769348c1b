import type { Decider, DomainEvent } from '../../platform/domain/decider.js';
import { DomainError } from '../../platform/domain/errors.js';
import { checkTime } from '../../platform/domain/limits.js';

/*
 * Who sells in a shop (issue [21]; Codice del Consumo art. 49, Omnibus and DSA art. 30): a trader
 * (a business, with its VAT number, the partita IVA) or a private seller, to whom the consumer's
 * rights of the Codice del Consumo do not apply. The shopkeeper declares it; the admin checks the VAT
 * number and confirms it, or refuses it with the reason; a new declaration is checked again.
 */

export const sellerStreamId = (storeId: string): string => `store-seller-${storeId}`;

export const sellerTypes = ['trader', 'private'] as const;
export type SellerType = (typeof sellerTypes)[number];

export type SellerStatus = 'none' | 'declared' | 'verified' | 'refused';

/** An Italian VAT number: 11 digits whose last is the check digit of the first ten (the Luhn scheme). */
export function isPartitaIva(value: string): boolean {
  if (!/^\d{11}$/.test(value) || value === '00000000000') return false;
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    let digit = Number(value[i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10 === Number(value[10]);
}

/** The number as people write it ("IT 012 345 678 90"), as stored: 11 digits. */
export const normalizedPartitaIva = (value: string): string => value.replace(/^\s*IT/i, '').replace(/[\s.-]/g, '');

export type SellerCommand =
  | { type: 'DeclareSeller'; storeId: string; sellerType: SellerType; vatNumber: string | null; now: Date }
  | { type: 'VerifySeller'; now: Date }
  | { type: 'RefuseSeller'; reason: string; now: Date };

export type SellerEvent =
  | DomainEvent<'SellerDeclared', { storeId: string; sellerType: SellerType; vatNumber: string | null; declaredAt: string }>
  | DomainEvent<'SellerVerified', { verifiedAt: string }>
  | DomainEvent<'SellerRefused', { reason: string; refusedAt: string }>;

export interface SellerState {
  status: SellerStatus;
  sellerType: SellerType | null;
  vatNumber: string | null;
}

const at = (now: Date): string => {
  const iso = now.toISOString();
  checkTime('at', 'Data', iso);
  return iso;
};

export const sellerDecider: Decider<SellerCommand, SellerEvent, SellerState> = {
  initialState: { status: 'none', sellerType: null, vatNumber: null },
  decide(command, state) {
    switch (command.type) {
      case 'DeclareSeller': {
        if (command.vatNumber !== null && typeof command.vatNumber !== 'string') {
          throw new DomainError('Partita IVA non valida: 11 cifre, l’ultima di controllo.', 'invalid', { vatNumber: 'Non valida: 11 cifre, l’ultima di controllo.' });
        }
        const vat = command.vatNumber === null ? null : normalizedPartitaIva(command.vatNumber);
        if (command.sellerType === 'trader' && !vat) throw new DomainError('Partita IVA: obbligatoria per un venditore professionale.', 'invalid', { vatNumber: 'Obbligatoria.' });
        if (vat && !isPartitaIva(vat))
          throw new DomainError('Partita IVA non valida: 11 cifre, l’ultima di controllo.', 'invalid', { vatNumber: 'Non valida: 11 cifre, l’ultima di controllo.' });
        const vatNumber = command.sellerType === 'trader' ? vat : null;
        if (state.status !== 'none' && state.status !== 'refused' && state.sellerType === command.sellerType && state.vatNumber === vatNumber) return [];
        return [{ type: 'SellerDeclared', data: { storeId: command.storeId, sellerType: command.sellerType, vatNumber, declaredAt: at(command.now) } }];
      }
      case 'VerifySeller':
        if (state.status === 'none') throw new DomainError('Il negozio non ha ancora dichiarato chi vende.', 'not-found');
        if (state.status === 'verified') return [];
        return [{ type: 'SellerVerified', data: { verifiedAt: at(command.now) } }];
      case 'RefuseSeller': {
        if (state.status === 'none') throw new DomainError('Il negozio non ha ancora dichiarato chi vende.', 'not-found');
        const reason = typeof command.reason === 'string' ? command.reason.trim() : '';
        if (!reason || reason.length > 500)
          throw new DomainError('Motivo: obbligatorio, al massimo 500 caratteri.', 'invalid', { reason: 'Obbligatorio, al massimo 500 caratteri.' });
        if (state.status === 'refused') return [];
        return [{ type: 'SellerRefused', data: { reason, refusedAt: at(command.now) } }];
      }
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'SellerDeclared':
        return { status: 'declared', sellerType: event.data.sellerType, vatNumber: event.data.vatNumber };
      case 'SellerVerified':
        return { ...state, status: 'verified' };
      case 'SellerRefused':
        return { ...state, status: 'refused' };
      default:
        return state;
    }
  },
};
