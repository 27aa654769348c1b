import type pg from 'pg';
import { romeDate } from '../../platform/domain/format.js';
import type { RecordedEvent } from '../../platform/eventstore/types.js';
import { notice, type NoticeRule, type NoticesOf } from '../../platform/module.js';
import { creditsCount, type CreditsEvent } from './ledger.js';

/** The owner of a credits' ledger (stream `credits-<userId>`). */
const creditsOwner = (event: RecordedEvent): string => event.streamId.slice('credits-'.length);

/** The credits' page of the owner's role (shopkeepers' and collaborators' have one each), read off the users' read model. */
async function creditsLink(tx: pg.ClientBase, userId: string): Promise<string> {
  const { rows } = await tx.query<{ role: string }>('SELECT role FROM users WHERE id = $1', [userId]);
  return rows[0]?.role === 'collaborator' ? '/collaborator/credits' : '/shopkeeper/credits';
}

/** A notice to the ledger's owner, titled `title`, saying what `message` reads off the event, leading to their credits' page. */
const toOwner = <Ev extends RecordedEvent>(title: string, message: (data: Ev['data']) => string): NoticeRule<Ev> => ({
  tell: async (event, tx) => {
    const userId = creditsOwner(event);
    return [notice(userId, title, message(event.data), await creditsLink(tx, userId))];
  },
});

/** A ledger's AI credits about to expire, expired, or withdrawn, told to its owner. */
export const creditsNotices: NoticesOf<CreditsEvent> = {
  CreditsExpiryNoticed: toOwner(
    'Crediti AI in scadenza',
    ({ credits, expiresAt }) => `${creditsCount(credits)} AI ${credits === 1 ? 'scade' : 'scadono'} il ${romeDate(expiresAt)}: usali prima, poi non saranno più disponibili.`,
  ),
  CreditsExpired: toOwner('Crediti AI scaduti', ({ credits }) => `${creditsCount(credits)} AI ${credits === 1 ? 'è scaduto' : 'sono scaduti'} 12 mesi dopo l’acquisto.`),
  CreditsWithdrawn: toOwner(
    'Crediti AI ripresi',
    ({ credits, reason }) => `${creditsCount(credits)} AI ${credits === 1 ? 'è stato ripreso' : 'sono stati ripresi'}: ${reason.toLowerCase()}.`,
  ),
};
