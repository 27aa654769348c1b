import type { Decider, DomainEvent } from '../../platform/domain/decider.js';
import { DomainError } from '../../platform/domain/errors.js';
import { checkTime } from '../../platform/domain/limits.js';

/*
 * A user's AI credits (issue [11]): one stream a user, so every change of the balance is decided
 * on the balance as it is (concurrent spends serialise on the stream's revision). Credits come in
 * lots, each with its own expiry (12 months after its purchase); a spend takes from the lots that
 * expire first, never from one already past its expiry, and never more than there is. An AI call
 * holds its credits first and is charged only when it succeeded; a failure releases them to the
 * lots they came from. Ids (spend, hold, adjustment) come with the commands: the same one again
 * changes nothing, so a request retried is charged once.
 */

export const creditsStreamId = (userId: string): string => `credits-${userId}`;

/** How long purchased credits last. */
export const CREDIT_LIFETIME_MONTHS = 12;
/** How long before a lot expires its owner is told. */
export const EXPIRY_NOTICE_DAYS = 30;

/** Credits of one lot taken by a movement. */
export interface LotShare {
  lotId: string;
  credits: number;
}

/** Credits of one lot sent to another user: they keep their lot's expiry there. */
export interface SentShare extends LotShare {
  expiresAt: string;
}

/**
 * The lot a transfer's credits make in the receiver's ledger, one per lot they came from: what is
 * left of it goes back to that lot when the work ends.
 */
export const receivedLotId = (transferId: string, lotId: string): string => `${transferId}/${lotId}`;
const sentLotOf = (transferId: string, receivedLot: string): string => receivedLot.slice(transferId.length + 1);

/** What a spend was for: the AI function (or other action), in words, and the thing it was about. */
export interface Usage {
  action: string;
  description: string;
  relatedEntity: { type: string; id: string } | null;
}

export type CreditsCommand =
  | {
      type: 'AddCredits';
      lotId: string;
      credits: number;
      expiresAt: string;
      source: { kind: 'purchase'; paymentId: string; packageId: string; packageName?: string } | { kind: 'adjustment'; reason: string };
    }
  | { type: 'SpendCredits'; spendId: string; credits: number; usage: Usage; now: Date }
  | { type: 'HoldCredits'; holdId: string; credits: number; usage: Usage; now: Date }
  | { type: 'ChargeHold'; holdId: string }
  | { type: 'ReleaseHold'; holdId: string; reason: string }
  | { type: 'RemoveCredits'; adjustmentId: string; credits: number; reason: string; now: Date }
  | { type: 'WithdrawLot'; lotId: string; reason: string }
  | { type: 'SendCredits'; transferId: string; credits: number; toUserId: string; assignmentId: string | null; reason: string; now: Date }
  | { type: 'ReceiveCredits'; transferId: string; fromUserId: string; assignmentId: string | null; reason: string; lots: SentShare[] }
  | { type: 'GiveBackTransfer'; transferId: string; reason: string }
  | { type: 'TakeBackTransfer'; transferId: string; credits: number; lots: LotShare[]; reason: string }
  | { type: 'ExpireCredits'; now: Date }
  | { type: 'NoticeExpiry'; now: Date };

export type CreditsEvent =
  | DomainEvent<'CreditsAdded', { lotId: string; credits: number; expiresAt: string; source: Extract<CreditsCommand, { type: 'AddCredits' }>['source'] }>
  | DomainEvent<'CreditsSpent', { spendId: string; credits: number; usage: Usage; lots: LotShare[] }>
  | DomainEvent<'CreditsHeld', { holdId: string; credits: number; usage: Usage; lots: LotShare[] }>
  | DomainEvent<'CreditsCharged', { holdId: string; credits: number; usage: Usage }>
  | DomainEvent<'CreditsReleased', { holdId: string; credits: number; reason: string; lots: LotShare[] }>
  | DomainEvent<'CreditsRemoved', { adjustmentId: string; credits: number; reason: string; lots: LotShare[] }>
  | DomainEvent<'CreditsWithdrawn', { lotId: string; credits: number; reason: string }>
  | DomainEvent<'CreditsSent', { transferId: string; credits: number; toUserId: string; assignmentId: string | null; reason: string; lots: SentShare[] }>
  | DomainEvent<'CreditsReceived', { transferId: string; credits: number; fromUserId: string; assignmentId: string | null; reason: string; lots: SentShare[] }>
  | DomainEvent<'TransferGivenBack', { transferId: string; credits: number; reason: string; lots: LotShare[] }>
  | DomainEvent<'TransferTakenBack', { transferId: string; credits: number; reason: string; lots: LotShare[] }>
  | DomainEvent<'CreditsExpired', { lotId: string; credits: number }>
  | DomainEvent<'CreditsExpiryNoticed', { lotId: string; credits: number; expiresAt: string }>;

export interface Lot {
  lotId: string;
  credits: number;
  remaining: number;
  expiresAt: string;
  noticed: boolean;
  /** Past its expiry, or withdrawn (its purchase refunded): closed, what comes back to it later stays unusable. */
  expired: boolean;
}

/**
 * The ids a ledger has used, never changed by adding one (folded states are kept and shared): the
 * latest few apart from a shared base they join now and then, so a spend on a ledger of a hundred
 * thousand does not copy them all.
 */
export class UsedIds {
  static readonly none = new UsedIds(new Set(), new Set());
  private static readonly recentMax = 256;
  private constructor(
    private readonly base: ReadonlySet<string>,
    private readonly recent: ReadonlySet<string>,
  ) {}

  has(id: string): boolean {
    return this.recent.has(id) || this.base.has(id);
  }

  with(id: string): UsedIds {
    return this.recent.size < UsedIds.recentMax ? new UsedIds(this.base, new Set([...this.recent, id])) : new UsedIds(new Set([...this.base, ...this.recent, id]), new Set());
  }
}

export interface CreditsState {
  lots: Lot[];
  holds: Map<string, { credits: number; usage: Usage; lots: LotShare[] }>;
  /** Credits this user sent to others (their work for this user's shop), by transfer: to whom, from which lots. */
  sent: Map<string, { toUserId: string; assignmentId: string | null; reason: string; lots: SentShare[] }>;
  /** Credits this user received for a piece of work, by transfer: from whom; what was given back when it ended (null while open). */
  received: Map<string, { fromUserId: string; givenBack: { credits: number; reason: string; lots: LotShare[] } | null }>;
  /** Ids already used by spends, holds (charged or released too) and adjustments: the same one again changes nothing. */
  done: UsedIds;
  totalPurchased: number;
  totalUsed: number;
}

/** What can be spent at `now`: what is left in the lots not past their expiry. */
export function balanceAt(state: CreditsState, now: Date): number {
  return usable(state, now).reduce((n, lot) => n + lot.remaining, 0);
}

/** The lots with credits left that expire after `now` and within EXPIRY_NOTICE_DAYS of it: the owner is told of them. */
export function expiringSoon(state: CreditsState, now: Date): Lot[] {
  const horizon = now.getTime() + EXPIRY_NOTICE_DAYS * 86_400_000;
  return state.lots.filter((lot) => !lot.expired && lot.remaining > 0 && new Date(lot.expiresAt).getTime() > now.getTime() && new Date(lot.expiresAt).getTime() <= horizon);
}

/** "1 credito", "1.500 crediti": how a count of credits reads. */
export const creditsCount = (credits: number): string => (credits === 1 ? '1 credito' : `${credits.toLocaleString('it-IT')} crediti`);

/** The lots that can be spent at `now`, the one expiring first first. */
function usable(state: CreditsState, now: Date): Lot[] {
  return state.lots
    .filter((lot) => !lot.expired && lot.remaining > 0 && new Date(lot.expiresAt).getTime() > now.getTime())
    .sort((a, b) => a.expiresAt.localeCompare(b.expiresAt) || a.lotId.localeCompare(b.lotId));
}

/** The most one movement moves: what a package may carry, well within the read model's integer columns. */
export const MAX_CREDITS_PER_MOVEMENT = 1_000_000;

const checkCredits = (credits: number, field = 'credits') => {
  if (!Number.isSafeInteger(credits) || credits <= 0 || credits > MAX_CREDITS_PER_MOVEMENT) {
    throw new DomainError(`Crediti: un numero intero da 1 a ${MAX_CREDITS_PER_MOVEMENT.toLocaleString('it-IT')}.`, 'invalid', { [field]: 'Crediti non validi.' });
  }
};

/** A count of credits moved back or along with a transfer: whole, from 0 (nothing was left). */
const checkCount = (credits: number, field = 'credits') => {
  if (!Number.isSafeInteger(credits) || credits < 0 || credits > MAX_CREDITS_PER_MOVEMENT) {
    throw new DomainError(`Crediti: un numero intero da 0 a ${MAX_CREDITS_PER_MOVEMENT.toLocaleString('it-IT')}.`, 'invalid', { [field]: 'Crediti non validi.' });
  }
};

/** `credits` taken from the lots that expire first; a 422 saying how many there are when they are not enough. */
function take(state: CreditsState, credits: number, now: Date): LotShare[] {
  checkCredits(credits);
  const available = balanceAt(state, now);
  if (available < credits) {
    throw new DomainError(
      available === 0
        ? `Crediti esauriti: ne servono ${credits}. Acquistane altri nella pagina Crediti.`
        : `Crediti insufficienti: ne servono ${credits}, ne hai ${available}. Acquistane altri nella pagina Crediti.`,
      'rule',
    );
  }
  const shares: LotShare[] = [];
  let left = credits;
  for (const lot of usable(state, now)) {
    if (left === 0) break;
    const share = Math.min(lot.remaining, left);
    shares.push({ lotId: lot.lotId, credits: share });
    left -= share;
  }
  return shares;
}

/** The lots with `shares` taken out (sign -1) or given back (sign 1). */
const moved = (lots: Lot[], shares: LotShare[], sign: 1 | -1): Lot[] =>
  lots.map((lot) => {
    const share = shares.find((s) => s.lotId === lot.lotId);
    return share ? { ...lot, remaining: lot.remaining + sign * share.credits } : lot;
  });

export const creditsDecider: Decider<CreditsCommand, CreditsEvent, CreditsState> = {
  initialState: { lots: [], holds: new Map(), sent: new Map(), received: new Map(), done: UsedIds.none, totalPurchased: 0, totalUsed: 0 },

  decide(command, state) {
    switch (command.type) {
      case 'AddCredits': {
        if (state.lots.some((lot) => lot.lotId === command.lotId)) return [];
        checkCredits(command.credits);
        checkTime('expiresAt', 'Scadenza dei crediti', command.expiresAt);
        return [{ type: 'CreditsAdded', data: { lotId: command.lotId, credits: command.credits, expiresAt: command.expiresAt, source: command.source } }];
      }
      case 'SpendCredits': {
        if (state.done.has(command.spendId)) return [];
        const lots = take(state, command.credits, command.now);
        return [{ type: 'CreditsSpent', data: { spendId: command.spendId, credits: command.credits, usage: command.usage, lots } }];
      }
      case 'HoldCredits': {
        if (state.done.has(command.holdId)) return [];
        const lots = take(state, command.credits, command.now);
        return [{ type: 'CreditsHeld', data: { holdId: command.holdId, credits: command.credits, usage: command.usage, lots } }];
      }
      case 'ChargeHold': {
        const hold = state.holds.get(command.holdId);
        // Charged or released already: nothing more.
        if (!hold) return [];
        return [{ type: 'CreditsCharged', data: { holdId: command.holdId, credits: hold.credits, usage: hold.usage } }];
      }
      case 'ReleaseHold': {
        const hold = state.holds.get(command.holdId);
        if (!hold) return [];
        return [{ type: 'CreditsReleased', data: { holdId: command.holdId, credits: hold.credits, reason: command.reason, lots: hold.lots } }];
      }
      case 'RemoveCredits': {
        if (state.done.has(command.adjustmentId)) return [];
        const lots = take(state, command.credits, command.now);
        return [{ type: 'CreditsRemoved', data: { adjustmentId: command.adjustmentId, credits: command.credits, reason: command.reason, lots } }];
      }
      case 'WithdrawLot': {
        // What is left of a lot whose purchase was refunded: credits already spent stay spent; once closed, nothing more.
        const lot = state.lots.find((l) => l.lotId === command.lotId);
        if (!lot || lot.expired) return [];
        return [{ type: 'CreditsWithdrawn', data: { lotId: lot.lotId, credits: lot.remaining, reason: command.reason } }];
      }
      case 'SendCredits': {
        if (state.sent.has(command.transferId)) return [];
        const shares = take(state, command.credits, command.now);
        const lots = shares.map((share) => ({ ...share, expiresAt: state.lots.find((l) => l.lotId === share.lotId)!.expiresAt }));
        const { transferId, credits, toUserId, assignmentId, reason } = command;
        return [{ type: 'CreditsSent', data: { transferId, credits, toUserId, assignmentId, reason, lots } }];
      }
      case 'ReceiveCredits': {
        if (state.received.has(command.transferId)) return [];
        const { transferId, fromUserId, assignmentId, reason, lots } = command;
        for (const lot of lots) {
          checkCredits(lot.credits);
          checkTime('expiresAt', 'Scadenza dei crediti', lot.expiresAt);
        }
        checkCount(lots.reduce((n, l) => n + l.credits, 0));
        return [{ type: 'CreditsReceived', data: { transferId, credits: lots.reduce((n, l) => n + l.credits, 0), fromUserId, assignmentId, reason, lots } }];
      }
      case 'GiveBackTransfer': {
        // What is left of the credits received for the work, when it ends: once (then the lots are closed).
        const received = state.received.get(command.transferId);
        if (!received || received.givenBack) return [];
        const lots = state.lots
          .filter((lot) => lot.lotId.startsWith(`${command.transferId}/`) && !lot.expired && lot.remaining > 0)
          .map((lot) => ({ lotId: sentLotOf(command.transferId, lot.lotId), credits: lot.remaining }));
        return [{ type: 'TransferGivenBack', data: { transferId: command.transferId, credits: lots.reduce((n, l) => n + l.credits, 0), reason: command.reason, lots } }];
      }
      case 'TakeBackTransfer': {
        const key = `back:${command.transferId}`;
        if (!state.sent.has(command.transferId) || state.done.has(key)) return [];
        checkCount(command.credits);
        for (const lot of command.lots) checkCount(lot.credits);
        return [{ type: 'TransferTakenBack', data: { transferId: command.transferId, credits: command.credits, reason: command.reason, lots: command.lots } }];
      }
      case 'ExpireCredits':
        return state.lots
          .filter((lot) => !lot.expired && lot.remaining > 0 && new Date(lot.expiresAt).getTime() <= command.now.getTime())
          .map((lot) => ({ type: 'CreditsExpired', data: { lotId: lot.lotId, credits: lot.remaining } }));
      case 'NoticeExpiry': {
        return expiringSoon(state, command.now)
          .filter((lot) => !lot.noticed)
          .map((lot) => ({ type: 'CreditsExpiryNoticed', data: { lotId: lot.lotId, credits: lot.remaining, expiresAt: lot.expiresAt } }));
      }
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'CreditsAdded': {
        const { lotId, credits, expiresAt, source } = event.data;
        const lot: Lot = { lotId, credits, remaining: credits, expiresAt, noticed: false, expired: false };
        return { ...state, lots: [...state.lots, lot], totalPurchased: state.totalPurchased + (source.kind === 'purchase' ? credits : 0) };
      }
      case 'CreditsSpent':
        return {
          ...state,
          lots: moved(state.lots, event.data.lots, -1),
          done: state.done.with(event.data.spendId),
          totalUsed: state.totalUsed + event.data.credits,
        };
      case 'CreditsHeld': {
        const { holdId, credits, usage, lots } = event.data;
        return { ...state, lots: moved(state.lots, lots, -1), holds: new Map([...state.holds, [holdId, { credits, usage, lots }]]), done: state.done.with(holdId) };
      }
      case 'CreditsCharged': {
        const holds = new Map(state.holds);
        holds.delete(event.data.holdId);
        return { ...state, holds, totalUsed: state.totalUsed + event.data.credits };
      }
      case 'CreditsReleased': {
        const holds = new Map(state.holds);
        holds.delete(event.data.holdId);
        return { ...state, holds, lots: moved(state.lots, event.data.lots, 1) };
      }
      case 'CreditsRemoved':
        return { ...state, lots: moved(state.lots, event.data.lots, -1), done: state.done.with(event.data.adjustmentId) };
      case 'CreditsSent': {
        const { transferId, toUserId, assignmentId, reason, lots } = event.data;
        return { ...state, lots: moved(state.lots, lots, -1), sent: new Map([...state.sent, [transferId, { toUserId, assignmentId, reason, lots }]]) };
      }
      case 'CreditsReceived': {
        const { transferId, fromUserId, lots } = event.data;
        const added: Lot[] = lots.map((l) => ({
          lotId: receivedLotId(transferId, l.lotId),
          credits: l.credits,
          remaining: l.credits,
          expiresAt: l.expiresAt,
          noticed: false,
          expired: false,
        }));
        return { ...state, lots: [...state.lots, ...added], received: new Map([...state.received, [transferId, { fromUserId, givenBack: null }]]) };
      }
      case 'TransferGivenBack': {
        const { transferId, credits, reason, lots } = event.data;
        const received = new Map(state.received);
        received.set(transferId, { ...state.received.get(transferId)!, givenBack: { credits, reason, lots } });
        // The transfer's lots close: credits of a call still held and released later stay out of use, as the work is over.
        return { ...state, received, lots: state.lots.map((lot) => (lot.lotId.startsWith(`${transferId}/`) ? { ...lot, remaining: 0, expired: true } : lot)) };
      }
      case 'TransferTakenBack':
        return { ...state, lots: moved(state.lots, event.data.lots, 1), done: state.done.with(`back:${event.data.transferId}`) };
      case 'CreditsWithdrawn':
      case 'CreditsExpired':
        return { ...state, lots: state.lots.map((lot) => (lot.lotId === event.data.lotId ? { ...lot, remaining: 0, expired: true } : lot)) };
      case 'CreditsExpiryNoticed':
        return { ...state, lots: state.lots.map((lot) => (lot.lotId === event.data.lotId ? { ...lot, noticed: true } : lot)) };
      default:
        return state;
    }
  },
};

/** A lot's expiry: CREDIT_LIFETIME_MONTHS after `purchasedAt`, on the same day of the month (the month's last when shorter). */
export function creditsExpireAt(purchasedAt: Date): string {
  const at = new Date(purchasedAt);
  const day = at.getUTCDate();
  at.setUTCDate(1);
  at.setUTCMonth(at.getUTCMonth() + CREDIT_LIFETIME_MONTHS);
  const lastDay = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 0)).getUTCDate();
  at.setUTCDate(Math.min(day, lastDay));
  return at.toISOString();
}
