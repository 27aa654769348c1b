import type { Decider, DomainEvent } from '../../platform/domain/decider.js';
import { DomainError } from '../../platform/domain/errors.js';
import { checkAmount, checkTime, MAX_ORDER_TOTAL_CENTS } from '../../platform/domain/limits.js';
import type { Cents } from '../../platform/domain/money.js';
import type { UnlockStatus } from './labels.js';

/* The shopkeeper's unlock of a collaboration package (issue [12]): pure, time comes with each command. */

export const unlockStreamId = (id: string): string => `package-unlock-${id}`;

export { unlockStatuses, unlockStatusLabels, type UnlockStatus } from './labels.js';

export const unlockNotFound = 'Sblocco del pacchetto non trovato.';
export const unlockLapsed = 'Il tempo per acquistare questo pacchetto è scaduto.';

export interface UnlockFields {
  unlockId: string;
  requestId: string;
  shopkeeperId: string;
  storeId: string;
  packageId: string;
}

export type UnlockCommand =
  | { type: 'CreateUnlock'; fields: UnlockFields }
  | { type: 'UnlockForCollaborator'; collaboratorId: string; purchaseDeadline: string }
  | { type: 'AdminUnlock'; adminUserId: string; reason: string; specialConditions: string | null; freeOfCharge: boolean; purchaseDeadline: string; now: Date }
  /** `now`: when the money came (the payment's completion), or the free purchase's moment. */
  | { type: 'RecordPurchase'; paymentId: string | null; amountCents: Cents; now: Date }
  | { type: 'LapseUnlock'; now: Date };

export type UnlockEvent =
  | DomainEvent<'PackageUnlockCreated', UnlockFields>
  | DomainEvent<'PackageUnlockUnlocked', { collaboratorId: string; unlockedBy: 'collaborator_accepted'; purchaseDeadline: string }>
  | DomainEvent<'PackageUnlockAdminUnlocked', { adminUserId: string; reason: string; specialConditions: string | null; freeOfCharge: boolean; purchaseDeadline: string }>
  | DomainEvent<'PackageUnlockPurchased', { paymentId: string | null; amountCents: Cents; collaboratorId: string | null }>
  | DomainEvent<'PackageUnlockLapsed', Record<string, never>>;

export interface UnlockState {
  exists: boolean;
  fields: UnlockFields | null;
  status: UnlockStatus;
  collaboratorId: string | null;
  purchaseDeadline: string | null;
  freeOfCharge: boolean;
  lapsed: boolean;
  paymentId: string | null;
}

const past = (deadline: string | null, now: Date) => deadline !== null && now.getTime() >= new Date(deadline).getTime();

/**
 * locked → unlocked_collaborator (a collaborator accepted) | unlocked_admin (the admin's override,
 * perhaps free of charge) → purchased, before the purchase deadline; past it unpaid, lapsed. A
 * purchase is recorded once: the same payment again is no event, another one is refused (the
 * caller refunds it).
 */
export const unlockDecider: Decider<UnlockCommand, UnlockEvent, UnlockState> = {
  initialState: { exists: false, fields: null, status: 'locked', collaboratorId: null, purchaseDeadline: null, freeOfCharge: false, lapsed: false, paymentId: null },

  decide(command, state) {
    if (command.type === 'CreateUnlock') return state.exists ? [] : [{ type: 'PackageUnlockCreated', data: command.fields }];
    if (!state.exists) throw new DomainError(unlockNotFound, 'not-found');
    switch (command.type) {
      case 'UnlockForCollaborator':
        // Unlocked by the admin before: it keeps the admin's terms, and names the collaborator.
        if (state.collaboratorId || state.status === 'purchased' || state.lapsed) return [];
        checkTime('purchaseDeadline', 'Scadenza dell’acquisto', command.purchaseDeadline);
        return [
          { type: 'PackageUnlockUnlocked', data: { collaboratorId: command.collaboratorId, unlockedBy: 'collaborator_accepted', purchaseDeadline: command.purchaseDeadline } },
        ];
      case 'AdminUnlock': {
        if (state.status === 'purchased') throw new DomainError('Il pacchetto è già stato acquistato: non serve sbloccarlo.', 'conflict');
        if (state.lapsed) throw new DomainError(unlockLapsed, 'conflict');
        const reason = command.reason.trim();
        if (!reason || reason.length > 500) throw new DomainError('Motivo: obbligatorio, al massimo 500 caratteri.', 'rule', { reason: 'Obbligatorio, al massimo 500 caratteri.' });
        checkTime('purchaseDeadline', 'Scadenza dell’acquisto', command.purchaseDeadline);
        if (past(command.purchaseDeadline, command.now))
          throw new DomainError('Scadenza dell’acquisto: deve essere nel futuro.', 'rule', { purchaseDeadline: 'Deve essere nel futuro.' });
        const { adminUserId, specialConditions, freeOfCharge, purchaseDeadline } = command;
        return [{ type: 'PackageUnlockAdminUnlocked', data: { adminUserId, reason, specialConditions: specialConditions?.trim() || null, freeOfCharge, purchaseDeadline } }];
      }
      case 'RecordPurchase':
        if (state.status === 'purchased') {
          if (state.paymentId === command.paymentId) return [];
          throw new DomainError('Il pacchetto è già stato acquistato.', 'conflict');
        }
        if (state.status === 'locked') throw new DomainError('Il pacchetto non è ancora sbloccato: si sblocca quando un collaboratore accetta la richiesta.', 'rule');
        if (state.lapsed || past(state.purchaseDeadline, command.now)) throw new DomainError(unlockLapsed, 'rule');
        checkAmount('amount', 'Importo pagato', command.amountCents, { max: MAX_ORDER_TOTAL_CENTS });
        if (command.paymentId === null && !state.freeOfCharge && command.amountCents > 0) throw new DomainError('Serve un pagamento per acquistare questo pacchetto.', 'rule');
        return [{ type: 'PackageUnlockPurchased', data: { paymentId: command.paymentId, amountCents: command.amountCents, collaboratorId: state.collaboratorId } }];
      case 'LapseUnlock':
        if (state.lapsed || state.status === 'purchased' || state.status === 'locked' || !past(state.purchaseDeadline, command.now)) return [];
        return [{ type: 'PackageUnlockLapsed', data: {} }];
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'PackageUnlockCreated':
        return { ...state, exists: true, fields: event.data };
      case 'PackageUnlockUnlocked':
        return state.status === 'locked'
          ? { ...state, status: 'unlocked_collaborator', collaboratorId: event.data.collaboratorId, purchaseDeadline: event.data.purchaseDeadline }
          : { ...state, collaboratorId: event.data.collaboratorId };
      case 'PackageUnlockAdminUnlocked':
        return { ...state, status: 'unlocked_admin', freeOfCharge: event.data.freeOfCharge, purchaseDeadline: event.data.purchaseDeadline };
      case 'PackageUnlockPurchased':
        return { ...state, status: 'purchased', paymentId: event.data.paymentId };
      case 'PackageUnlockLapsed':
        return { ...state, lapsed: true };
      default:
        return state;
    }
  },
};
