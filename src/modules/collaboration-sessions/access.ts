import type { Decider, DomainEvent } from '../../platform/domain/decider.js';
import { DomainError } from '../../platform/domain/errors.js';
import { checkInteger } from '../../platform/domain/limits.js';
import type { Permission } from '../assignments/labels.js';
import { MAX_ACCESS_MS, MAX_CODE_TRIES, MAX_SESSION_CREDITS, type AccessStatus } from './labels.js';

/*
 * A standing access (issue [13], spec §3 store_collaborator_assignments): a shopkeeper gives a
 * trusted collaborator a code to redeem once; until it expires the shopkeeper schedules sessions
 * under it without a new purchase, each taking AI credits from its budget. Pure.
 */

export const accessStreamId = (id: string): string => `store-access-${id}`;
export const accessNotFound = 'Accesso non trovato.';

export interface AccessFields {
  accessId: string;
  storeId: string;
  storeName: string;
  shopkeeperId: string;
  collaboratorId: string;
  collaboratorName: string;
  description: string;
  permissions: Permission[];
  expiresAt: string;
  /** The AI credits its sessions may take in all. */
  creditsAllocated: number;
}

export type AccessCommand =
  | { type: 'GrantAccess'; fields: AccessFields; codeKey: string; codeVersion: number; now: Date }
  | { type: 'RedeemAccess'; collaboratorId: string; codeKey: string; now: Date }
  /**
   * A wrong code typed by the collaborator awaiting this access (issue [16]); `fresh`: the next
   * code's key and version, issued by the caller when this try burns the code (the fifth).
   */
  | { type: 'MistypeAccessCode'; fresh: { key: string; version: number } | null; now: Date }
  | { type: 'EndAccess'; byUserId: string; reason: string; now: Date }
  /** A session scheduled under it takes credits from the budget; its end gives back what it did not use. */
  | { type: 'ReserveCredits'; sessionId: string; credits: number; sessionEndsAt: string; now: Date }
  | { type: 'ReleaseCredits'; sessionId: string; credits: number };

export type AccessEvent =
  | DomainEvent<'StoreAccessGranted', AccessFields & { codeKey: string; codeVersion: number }>
  | DomainEvent<'StoreAccessRedeemed', { redeemedAt: string }>
  | DomainEvent<'StoreAccessCodeMistyped', { shopkeeperId: string; tries: number }>
  /** Burnt after MAX_CODE_TRIES wrong tries: the shopkeeper has a new code to give (its key, never the code). */
  | DomainEvent<'StoreAccessCodeReissued', { shopkeeperId: string; storeName: string; collaboratorName: string; codeKey: string; codeVersion: number }>
  | DomainEvent<'StoreAccessEnded', { byUserId: string; reason: string; endedAt: string }>
  | DomainEvent<'StoreAccessCreditsReserved', { sessionId: string; credits: number }>
  | DomainEvent<'StoreAccessCreditsReleased', { sessionId: string; credits: number }>;

export interface AccessState {
  exists: boolean;
  fields: AccessFields | null;
  codeKey: string;
  /** The code's version (a reissue is the next) and its wrong tries (absent in states made before they were counted). */
  codeVersion?: number;
  codeTries?: number;
  redeemed: boolean;
  ended: boolean;
  /** Credits reserved by sessions, and given back, by session. */
  reserved: Record<string, number>;
  released: Record<string, number>;
}

/** Its state as read at `now`. */
export function accessStatusAt(state: Pick<AccessState, 'redeemed' | 'ended'> & { expiresAt: string }, now: Date): AccessStatus {
  if (state.ended) return 'ended';
  if (now.getTime() >= new Date(state.expiresAt).getTime()) return 'expired';
  return state.redeemed ? 'active' : 'issued';
}

export const creditsLeft = (state: AccessState): number =>
  (state.fields?.creditsAllocated ?? 0) - Object.values(state.reserved).reduce((a, b) => a + b, 0) + Object.values(state.released).reduce((a, b) => a + b, 0);

function existing(state: AccessState): AccessFields {
  if (!state.exists || !state.fields) throw new DomainError(accessNotFound, 'not-found');
  return state.fields;
}

export const accessDecider: Decider<AccessCommand, AccessEvent, AccessState> = {
  initialState: { exists: false, fields: null, codeKey: '', redeemed: false, ended: false, reserved: {}, released: {} },

  decide(command, state) {
    if (command.type === 'GrantAccess') {
      if (state.exists) return [];
      const f = command.fields;
      const expires = new Date(f.expiresAt).getTime();
      if (!Number.isFinite(expires) || expires <= command.now.getTime())
        throw new DomainError('Scadenza: deve essere nel futuro.', 'rule', { expiresAt: 'Deve essere nel futuro.' });
      if (expires > command.now.getTime() + MAX_ACCESS_MS) throw new DomainError('Un accesso dura al massimo un anno.', 'rule', { expiresAt: 'Al massimo un anno.' });
      if (!Number.isSafeInteger(f.creditsAllocated) || f.creditsAllocated < 0 || f.creditsAllocated > MAX_SESSION_CREDITS)
        throw new DomainError(`Crediti AI: da 0 a ${MAX_SESSION_CREDITS}.`, 'rule', { credits: 'Fuori dai limiti.' });
      checkInteger('codeVersion', 'Versione del codice', command.codeVersion, { min: 0, max: 2 ** 31 - 1 });
      if (f.permissions.length === 0) throw new DomainError('Permessi: almeno uno.', 'rule', { permissions: 'Almeno uno.' });
      return [{ type: 'StoreAccessGranted', data: { ...f, codeKey: command.codeKey, codeVersion: command.codeVersion } }];
    }
    const f = existing(state);
    switch (command.type) {
      case 'RedeemAccess': {
        if (command.collaboratorId !== f.collaboratorId || command.codeKey !== state.codeKey)
          throw new DomainError('Codice di accesso non valido.', 'rule', { code: 'Codice non valido.' });
        if (state.redeemed) throw new DomainError('Questo codice di accesso è già stato riscattato.', 'conflict');
        const status = accessStatusAt({ ...state, expiresAt: f.expiresAt }, command.now);
        if (status === 'expired') throw new DomainError('Questo codice di accesso è scaduto.', 'rule');
        if (status === 'ended') throw new DomainError('Il negozio ha chiuso questo accesso.', 'rule');
        return [{ type: 'StoreAccessRedeemed', data: { redeemedAt: command.now.toISOString() } }];
      }
      case 'MistypeAccessCode': {
        // Counted only while the code waits to be redeemed.
        if (accessStatusAt({ ...state, expiresAt: f.expiresAt }, command.now) !== 'issued') return [];
        const tries = (state.codeTries ?? 0) + 1;
        const mistyped: AccessEvent = { type: 'StoreAccessCodeMistyped', data: { shopkeeperId: f.shopkeeperId, tries } };
        if (tries < MAX_CODE_TRIES) return [mistyped];
        if (!command.fresh || command.fresh.version <= (state.codeVersion ?? 1)) throw new Error('The fifth wrong access code needs the next code');
        const { key, version } = command.fresh;
        return [
          mistyped,
          {
            type: 'StoreAccessCodeReissued',
            data: { shopkeeperId: f.shopkeeperId, storeName: f.storeName, collaboratorName: f.collaboratorName, codeKey: key, codeVersion: version },
          },
        ];
      }
      case 'EndAccess': {
        if (state.ended) return [];
        const reason = command.reason.trim();
        if (reason.length > 500) throw new DomainError('Motivo: al massimo 500 caratteri.', 'rule', { reason: 'Al massimo 500 caratteri.' });
        return [{ type: 'StoreAccessEnded', data: { byUserId: command.byUserId, reason, endedAt: command.now.toISOString() } }];
      }
      case 'ReserveCredits': {
        if (command.sessionId in state.reserved) return [];
        checkInteger('aiCredits', 'Crediti AI', command.credits, { min: 0, max: MAX_SESSION_CREDITS });
        const status = accessStatusAt({ ...state, expiresAt: f.expiresAt }, command.now);
        if (status !== 'active') {
          throw new DomainError(
            status === 'issued' ? 'Il collaboratore non ha ancora riscattato il codice di accesso.' : status === 'expired' ? 'L’accesso è scaduto.' : 'L’accesso è stato chiuso.',
            'rule',
          );
        }
        if (new Date(command.sessionEndsAt).getTime() > new Date(f.expiresAt).getTime())
          throw new DomainError('La sessione finirebbe dopo la scadenza dell’accesso.', 'rule', { scheduledEndAt: 'Oltre la scadenza dell’accesso.' });
        const left = creditsLeft(state);
        if (command.credits > left) throw new DomainError(`Crediti AI: all’accesso ne restano ${left}.`, 'rule', { aiCredits: `Al massimo ${left}.` });
        return [{ type: 'StoreAccessCreditsReserved', data: { sessionId: command.sessionId, credits: command.credits } }];
      }
      case 'ReleaseCredits':
        if (!(command.sessionId in state.reserved) || command.sessionId in state.released) return [];
        checkInteger('aiCredits', 'Crediti AI', command.credits, { min: 0, max: MAX_SESSION_CREDITS });
        return [{ type: 'StoreAccessCreditsReleased', data: { sessionId: command.sessionId, credits: Math.min(command.credits, state.reserved[command.sessionId]!) } }];
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'StoreAccessGranted': {
        const { codeKey, codeVersion, ...fields } = event.data;
        return { ...state, exists: true, fields, codeKey, codeVersion, codeTries: 0 };
      }
      case 'StoreAccessCodeMistyped':
        return { ...state, codeTries: event.data.tries };
      case 'StoreAccessCodeReissued':
        return { ...state, codeKey: event.data.codeKey, codeVersion: event.data.codeVersion, codeTries: 0 };
      case 'StoreAccessRedeemed':
        return { ...state, redeemed: true };
      case 'StoreAccessEnded':
        return { ...state, ended: true };
      case 'StoreAccessCreditsReserved':
        return { ...state, reserved: { ...state.reserved, [event.data.sessionId]: event.data.credits } };
      case 'StoreAccessCreditsReleased':
        return { ...state, released: { ...state.released, [event.data.sessionId]: event.data.credits } };
      default:
        return state;
    }
  },
};
