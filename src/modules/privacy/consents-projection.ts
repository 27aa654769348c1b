import type { ClientBase } from 'pg';
import { byEventType, type Projection } from '../../platform/projections/projection.js';
import { consentsStreamId, legalAcceptanceText, type ConsentEvent } from './consent.js';

const userOf = (streamId: string): string => streamId.slice(consentsStreamId('').length);

/** Each person's last answer of each kind of consent (what the mails' sender and the settings read). */
export const consentsProjection: Projection = {
  name: 'consents',
  title: 'Consensi',
  version: 1,
  tables: ['consents'],
  apply: byEventType<ConsentEvent>({
    ConsentGiven: ({ streamId, data }, tx) => answer(tx, userOf(streamId), data, true),
    ConsentWithdrawn: ({ streamId, data }, tx) => answer(tx, userOf(streamId), data, false),
    // The versions accepted at registration, as an answer of their own kind.
    LegalVersionsAccepted: ({ streamId, data }, tx) => answer(tx, userOf(streamId), { kind: 'legal', text: legalAcceptanceText(data), source: 'registration', at: data.at }, true),
  }),
};

const answer = (tx: Pick<ClientBase, 'query'>, userId: string, data: { kind: string; text: string; source: string; at: string }, granted: boolean) =>
  tx.query(
    `INSERT INTO consents (user_id, kind, granted, text, source, changed_at) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (user_id, kind) DO UPDATE SET granted = $3, text = $4, source = $5, changed_at = $6`,
    [userId, data.kind, granted, data.text, data.source, data.at],
  );
