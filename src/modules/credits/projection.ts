import type { RecordedEvent } from '../../platform/eventstore/types.js';
import { reading, type Projection } from '../../platform/projections/projection.js';
import { receivedLotId, type CreditsEvent } from './ledger.js';

const userOf = (streamId: string) => streamId.slice('credits-'.length);

const types: CreditsEvent['type'][] = [
  'CreditsAdded',
  'CreditsSpent',
  'CreditsHeld',
  'CreditsCharged',
  'CreditsReleased',
  'CreditsRemoved',
  'CreditsWithdrawn',
  'CreditsExpired',
  'CreditsExpiryNoticed',
  'CreditsSent',
  'CreditsReceived',
  'TransferGivenBack',
  'TransferTakenBack',
];

interface Movement {
  id: string;
  user_id: string;
  kind: string;
  credits: number;
  action: string | null;
  description: string;
  related_type: string | null;
  related_id: string | null;
  /** What the movement used up (a spend, a charge): the usage per function per day. */
  used: number;
  at: string;
}

/** One movement of an event, with the change it makes to the balance and to the totals. */
function movementOf(event: RecordedEvent & CreditsEvent, userId: string): { movement: Omit<Movement, 'used'>; purchased: number; used: number } {
  const base = { id: event.id, user_id: userId, at: event.metadata.at, action: null, related_type: null, related_id: null };
  switch (event.type) {
    case 'CreditsAdded': {
      const { credits, source } = event.data;
      const purchase = source.kind === 'purchase';
      return {
        movement: {
          ...base,
          kind: purchase ? 'purchase' : 'adjustment',
          credits,
          description: purchase ? (source.packageName ? `Crediti del pacchetto «${source.packageName}»` : 'Crediti acquistati') : source.reason,
          related_type: purchase ? 'payment' : null,
          related_id: purchase ? source.paymentId : null,
        },
        purchased: purchase ? credits : 0,
        used: 0,
      };
    }
    case 'CreditsSpent':
    case 'CreditsHeld': {
      const { credits, usage } = event.data;
      return {
        movement: {
          ...base,
          kind: event.type === 'CreditsSpent' ? 'spend' : 'hold',
          credits: -credits,
          action: usage.action,
          description: usage.description,
          related_type: usage.relatedEntity?.type ?? null,
          related_id: usage.relatedEntity?.id ?? null,
        },
        purchased: 0,
        used: event.type === 'CreditsSpent' ? credits : 0,
      };
    }
    case 'CreditsCharged': {
      const { usage, credits } = event.data;
      return {
        movement: {
          ...base,
          kind: 'charge',
          credits: 0,
          action: usage.action,
          description: usage.description,
          related_type: usage.relatedEntity?.type ?? null,
          related_id: usage.relatedEntity?.id ?? null,
        },
        purchased: 0,
        used: credits,
      };
    }
    case 'CreditsReleased':
      return { movement: { ...base, kind: 'release', credits: event.data.credits, description: event.data.reason }, purchased: 0, used: 0 };
    case 'CreditsRemoved':
      return { movement: { ...base, kind: 'removal', credits: -event.data.credits, description: event.data.reason }, purchased: 0, used: 0 };
    case 'CreditsSent': {
      const { credits, reason, assignmentId, toUserId } = event.data;
      return {
        movement: { ...base, kind: 'transfer_out', credits: -credits, description: `Crediti affidati a un collaboratore: ${reason}`, ...relatedOf(assignmentId, toUserId) },
        purchased: 0,
        used: 0,
      };
    }
    case 'CreditsReceived': {
      const { credits, reason, assignmentId, fromUserId } = event.data;
      return {
        movement: { ...base, kind: 'transfer_in', credits, description: `Crediti ricevuti dal negozio: ${reason}`, ...relatedOf(assignmentId, fromUserId) },
        purchased: 0,
        used: 0,
      };
    }
    case 'TransferGivenBack':
      return {
        movement: { ...base, kind: 'transfer_return', credits: -event.data.credits, description: `Crediti non usati restituiti al negozio: ${event.data.reason}` },
        purchased: 0,
        used: 0,
      };
    case 'TransferTakenBack':
      return {
        movement: { ...base, kind: 'transfer_back', credits: event.data.credits, description: `Crediti non usati tornati dal collaboratore: ${event.data.reason}` },
        purchased: 0,
        used: 0,
      };
    case 'CreditsWithdrawn':
      return { movement: { ...base, kind: 'withdrawal', credits: -event.data.credits, description: event.data.reason }, purchased: 0, used: 0 };
    case 'CreditsExpired':
      return { movement: { ...base, kind: 'expiry', credits: -event.data.credits, description: 'Crediti scaduti dopo 12 mesi' }, purchased: 0, used: 0 };
    default:
      throw new Error(`credits: no movement for ${event.type}`);
  }
}

/** A transfer's movement is about the work it was for, or else the other user. */
const relatedOf = (assignmentId: string | null, otherUserId: string) =>
  assignmentId ? { related_type: 'assignment', related_id: assignmentId } : { related_type: 'user', related_id: otherUserId };

/** A transfer's row as a batch's events tell it (ai_credit_transfers); the status only moves forwards. */
interface Transfer {
  id: string;
  from_user_id: string;
  to_user_id: string;
  assignment_id: string | null;
  credits: number;
  reason: string;
  status: 'sent' | 'received' | 'returning' | 'returned';
  returned_credits: number | null;
  at: string;
}
const transferSteps: Transfer['status'][] = ['sent', 'received', 'returning', 'returned'];

/** What an event changes of the lots: those it adds, and per lot what is left (+/−), closed or told. */
interface LotChange {
  user_id: string;
  lot_id: string;
  delta: number;
  closed: boolean;
  noticed: boolean;
}

function lotsOf(event: CreditsEvent): { lotId: string; delta: number; closed?: boolean; noticed?: boolean }[] {
  switch (event.type) {
    case 'CreditsSpent':
    case 'CreditsHeld':
    case 'CreditsRemoved':
    case 'CreditsSent':
      return event.data.lots.map((l) => ({ lotId: l.lotId, delta: -l.credits }));
    case 'TransferGivenBack':
      return event.data.lots.map((l) => ({ lotId: receivedLotId(event.data.transferId, l.lotId), delta: -l.credits, closed: true }));
    case 'TransferTakenBack':
    case 'CreditsReleased':
      return event.data.lots.map((l) => ({ lotId: l.lotId, delta: l.credits }));
    case 'CreditsWithdrawn':
    case 'CreditsExpired':
      return [{ lotId: event.data.lotId, delta: -event.data.credits, closed: true }];
    case 'CreditsExpiryNoticed':
      return [{ lotId: event.data.lotId, delta: 0, noticed: true }];
    default:
      return [];
  }
}

/** The transfer an event moves on, from either ledger. */
function transferOf(event: CreditsEvent, userId: string, at: string): Transfer | null {
  switch (event.type) {
    case 'CreditsSent':
    case 'CreditsReceived': {
      const { transferId, credits, reason, assignmentId } = event.data;
      const [from, to] = event.type === 'CreditsSent' ? [userId, event.data.toUserId] : [event.data.fromUserId, userId];
      return {
        id: transferId,
        from_user_id: from,
        to_user_id: to,
        assignment_id: assignmentId,
        credits,
        reason,
        status: event.type === 'CreditsSent' ? 'sent' : 'received',
        returned_credits: null,
        at,
      };
    }
    default:
      return null;
  }
}

/**
 * `ai_credits`, `credit_movements` and `credit_lots`: each user's balance, every movement of it,
 * and what is left of each lot. Set-based (docs/architecture.md): the batch folded in memory into
 * its movements, one change a user and one a lot, written with one statement each.
 */
export const creditsProjection: Projection = {
  name: 'credits',
  title: 'Crediti AI',
  version: 4,
  tables: ['ai_credits', 'credit_movements', 'credit_lots', 'ai_credit_transfers'],
  apply: reading(types, async (batch, tx) => {
    const movements: Movement[] = [];
    const users = new Map<string, { user_id: string; balance: number; purchased: number; used: number; at: string }>();
    const added: { user_id: string; lot_id: string; credits: number; expires_at: string }[] = [];
    const lots = new Map<string, LotChange>();
    const transfers = new Map<string, Transfer>();
    const steps = new Map<string, { id: string; status: Transfer['status']; returned_credits: number; at: string }>();
    for (const recorded of batch) {
      const event = recorded as unknown as RecordedEvent & CreditsEvent;
      if (!types.includes(event.type)) continue;
      const userId = userOf(event.streamId);
      if (event.type === 'CreditsAdded') added.push({ user_id: userId, lot_id: event.data.lotId, credits: event.data.credits, expires_at: event.data.expiresAt });
      if (event.type === 'CreditsReceived') {
        for (const l of event.data.lots) added.push({ user_id: userId, lot_id: receivedLotId(event.data.transferId, l.lotId), credits: l.credits, expires_at: l.expiresAt });
      }
      const transfer = transferOf(event, userId, event.metadata.at);
      if (transfer) {
        const known = transfers.get(transfer.id);
        if (!known || transferSteps.indexOf(known.status) < transferSteps.indexOf(transfer.status)) transfers.set(transfer.id, transfer);
      }
      if (event.type === 'TransferGivenBack' || event.type === 'TransferTakenBack') {
        const step = event.type === 'TransferGivenBack' ? 'returning' : 'returned';
        const known = steps.get(event.data.transferId);
        if (!known || known.status === 'returning')
          steps.set(event.data.transferId, { id: event.data.transferId, status: step, returned_credits: event.data.credits, at: event.metadata.at });
      }
      for (const change of lotsOf(event)) {
        const key = `${userId}|${change.lotId}`;
        const lot = lots.get(key) ?? { user_id: userId, lot_id: change.lotId, delta: 0, closed: false, noticed: false };
        lots.set(key, { ...lot, delta: lot.delta + change.delta, closed: lot.closed || !!change.closed, noticed: lot.noticed || !!change.noticed });
      }
      if (event.type === 'CreditsExpiryNoticed') continue;
      const { movement, purchased, used } = movementOf(event, userId);
      movements.push({ ...movement, used });
      const user = users.get(userId) ?? { user_id: userId, balance: 0, purchased: 0, used: 0, at: movement.at };
      users.set(userId, { user_id: userId, balance: user.balance + movement.credits, purchased: user.purchased + purchased, used: user.used + used, at: movement.at });
    }
    if (added.length) {
      await tx.query(
        `INSERT INTO credit_lots (user_id, lot_id, credits, remaining, expires_at)
         SELECT user_id, lot_id, credits, credits, expires_at FROM jsonb_to_recordset($1::jsonb) AS l(user_id uuid, lot_id text, credits int, expires_at timestamptz)
         ON CONFLICT DO NOTHING`,
        [JSON.stringify(added)],
      );
    }
    if (lots.size) {
      const changes = [...lots.values()];
      await tx.query(
        `UPDATE credit_lots l SET remaining = l.remaining + c.delta, closed = l.closed OR c.closed, noticed = l.noticed OR c.noticed
         FROM jsonb_to_recordset($1::jsonb) AS c(user_id uuid, lot_id text, delta int, closed boolean, noticed boolean)
         WHERE l.user_id = c.user_id AND l.lot_id = c.lot_id AND l.user_id = ANY($2::uuid[])`,
        [JSON.stringify(changes), [...new Set(changes.map((c) => c.user_id))]],
      );
    }
    if (transfers.size) {
      await tx.query(
        `INSERT INTO ai_credit_transfers (id, from_user_id, to_user_id, assignment_id, credits, reason, status, returned_credits, created_at, updated_at)
         SELECT id, from_user_id, to_user_id, assignment_id, credits, reason, status, returned_credits, at, at
         FROM jsonb_to_recordset($1::jsonb) AS t(id text, from_user_id uuid, to_user_id uuid, assignment_id text, credits int, reason text, status text, returned_credits int, at timestamptz)
         ON CONFLICT (id) DO UPDATE SET
           status = CASE WHEN array_position($2::text[], excluded.status) > array_position($2::text[], ai_credit_transfers.status) THEN excluded.status ELSE ai_credit_transfers.status END,
           updated_at = excluded.updated_at`,
        [JSON.stringify([...transfers.values()]), transferSteps],
      );
    }
    if (steps.size) {
      const changes = [...steps.values()];
      await tx.query(
        `UPDATE ai_credit_transfers t SET status = s.status, returned_credits = s.returned_credits, updated_at = s.at
         FROM jsonb_to_recordset($1::jsonb) AS s(id text, status text, returned_credits int, at timestamptz)
         WHERE t.id = s.id AND t.id = ANY($2::text[]) AND array_position($3::text[], s.status) > array_position($3::text[], t.status)`,
        [JSON.stringify(changes), changes.map((c) => c.id), transferSteps],
      );
    }
    if (!movements.length) return;
    await tx.query(
      `INSERT INTO credit_movements (id, user_id, kind, credits, action, description, related_type, related_id, used, at)
       SELECT id, user_id, kind, credits, action, description, related_type, related_id, used, at
       FROM jsonb_to_recordset($1::jsonb) AS m(id uuid, user_id uuid, kind text, credits int, action text, description text, related_type text, related_id text, used int, at timestamptz)
       ON CONFLICT (id) DO NOTHING`,
      [JSON.stringify(movements)],
    );
    await tx.query(
      `INSERT INTO ai_credits (user_id, balance, total_purchased, total_used, last_activity)
       SELECT user_id, balance, purchased, used, at FROM jsonb_to_recordset($1::jsonb) AS u(user_id uuid, balance int, purchased int, used int, at timestamptz)
       ON CONFLICT (user_id) DO UPDATE SET balance = ai_credits.balance + excluded.balance, total_purchased = ai_credits.total_purchased + excluded.total_purchased,
         total_used = ai_credits.total_used + excluded.total_used, last_activity = excluded.last_activity`,
      [JSON.stringify([...users.values()])],
    );
  }),
};
