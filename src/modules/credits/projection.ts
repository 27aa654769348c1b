import type { RecordedEvent } from '../../platform/eventstore/types.js';
import { reading, type Projection } from '../../platform/projections/projection.js';
import type { CreditsEvent } from './ledger.js';

const userOf = (streamId: string) => streamId.slice('credits-'.length);

const types: CreditsEvent['type'][] = ['CreditsAdded', 'CreditsSpent', 'CreditsHeld', 'CreditsCharged', 'CreditsReleased', 'CreditsRemoved', 'CreditsWithdrawn', 'CreditsExpired'];

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
        movement: { ...base, kind: purchase ? 'purchase' : 'adjustment', credits, description: purchase ? 'Crediti acquistati' : source.reason, related_type: purchase ? 'payment' : null, related_id: purchase ? source.paymentId : null },
        purchased: purchase ? credits : 0,
        used: 0,
      };
    }
    case 'CreditsSpent':
    case 'CreditsHeld': {
      const { credits, usage } = event.data;
      return {
        movement: { ...base, kind: event.type === 'CreditsSpent' ? 'spend' : 'hold', credits: -credits, action: usage.action, description: usage.description, related_type: usage.relatedEntity?.type ?? null, related_id: usage.relatedEntity?.id ?? null },
        purchased: 0,
        used: event.type === 'CreditsSpent' ? credits : 0,
      };
    }
    case 'CreditsCharged': {
      const { usage, credits } = event.data;
      return {
        movement: { ...base, kind: 'charge', credits: 0, action: usage.action, description: usage.description, related_type: usage.relatedEntity?.type ?? null, related_id: usage.relatedEntity?.id ?? null },
        purchased: 0,
        used: credits,
      };
    }
    case 'CreditsReleased':
      return { movement: { ...base, kind: 'release', credits: event.data.credits, description: event.data.reason }, purchased: 0, used: 0 };
    case 'CreditsRemoved':
      return { movement: { ...base, kind: 'removal', credits: -event.data.credits, description: event.data.reason }, purchased: 0, used: 0 };
    case 'CreditsWithdrawn':
      return { movement: { ...base, kind: 'withdrawal', credits: -event.data.credits, description: event.data.reason }, purchased: 0, used: 0 };
    case 'CreditsExpired':
      return { movement: { ...base, kind: 'expiry', credits: -event.data.credits, description: 'Crediti scaduti dopo 12 mesi' }, purchased: 0, used: 0 };
    default:
      throw new Error(`credits: no movement for ${event.type}`);
  }
}

/**
 * `ai_credits` and `credit_movements`: each user's balance and every movement of it. Set-based
 * (docs/architecture.md): the batch folded in memory into its movements and one change a user,
 * written with one INSERT and one upsert.
 */
export const creditsProjection: Projection = {
  name: 'credits',
  version: 2,
  tables: ['ai_credits', 'credit_movements'],
  apply: reading(types, async (batch, tx) => {
    const movements: Movement[] = [];
    const users = new Map<string, { user_id: string; balance: number; purchased: number; used: number; at: string }>();
    for (const recorded of batch) {
      const event = recorded as unknown as RecordedEvent & CreditsEvent;
      if (!types.includes(event.type)) continue;
      const userId = userOf(event.streamId);
      const { movement, purchased, used } = movementOf(event, userId);
      movements.push({ ...movement, used });
      const user = users.get(userId) ?? { user_id: userId, balance: 0, purchased: 0, used: 0, at: movement.at };
      users.set(userId, { user_id: userId, balance: user.balance + movement.credits, purchased: user.purchased + purchased, used: user.used + used, at: movement.at });
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
