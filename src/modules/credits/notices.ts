import type pg from 'pg';
import { romeDate } from '../../platform/domain/format.js';
import type { RecordedEvent } from '../../platform/eventstore/types.js';
import { notice, type NoticesOf } from '../../platform/module.js';
import { creditsCount, type CreditsEvent } from './ledger.js';

/** The owner of a credits' ledger (stream `credits-<userId>`). */
const creditsOwner = (event: RecordedEvent): string => event.streamId.slice('credits-'.length);

/** The credits' page of the owner's role (shopkeepers' and collaborators' have one each), read off the users' read model. */
async function creditsLink(tx: pg.ClientBase, userId: string): Promise<string> {
  const { rows } = await tx.query<{ role: string }>('SELECT role FROM users WHERE id = $1', [userId]);
  return rows[0]?.role === 'collaborator' ? '/collaborator/credits' : '/shopkeeper/credits';
}

/** A ledger's AI credits about to expire, expired, or withdrawn, told to its owner. */
export const creditsNotices: NoticesOf<CreditsEvent> = {
  CreditsExpiryNoticed: {
    tell: async (event, tx) => {
      const userId = creditsOwner(event);
      const { credits, expiresAt } = event.data;
      return [
        notice(
          userId,
          'Crediti AI in scadenza',
          `${creditsCount(credits)} AI ${credits === 1 ? 'scade' : 'scadono'} il ${romeDate(expiresAt)}: usali prima, poi non saranno più disponibili.`,
          await creditsLink(tx, userId),
        ),
      ];
    },
  },
  CreditsExpired: {
    tell: async (event, tx) => {
      const userId = creditsOwner(event);
      return [
        notice(
          userId,
          'Crediti AI scaduti',
          `${creditsCount(event.data.credits)} AI ${event.data.credits === 1 ? 'è scaduto' : 'sono scaduti'} 12 mesi dopo l’acquisto.`,
          await creditsLink(tx, userId),
        ),
      ];
    },
  },
  CreditsWithdrawn: {
    tell: async (event, tx) => {
      const userId = creditsOwner(event);
      return [
        notice(
          userId,
          'Crediti AI ripresi',
          `${creditsCount(event.data.credits)} AI ${event.data.credits === 1 ? 'è stato ripreso' : 'sono stati ripresi'}: ${event.data.reason.toLowerCase()}.`,
          await creditsLink(tx, userId),
        ),
      ];
    },
  },
};
