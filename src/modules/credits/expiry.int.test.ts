import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/support/app.js';
import { loggedIn } from '../../../tests/support/marketplace.js';
import { systemContext } from '../../platform/domain/context.js';
import { emailTriggersName } from '../email/triggers.js';
import { changeCredits, ledgerOf } from './commands.js';
import { expireDueCredits } from './expiry-process.js';
import { balanceAt, creditsExpireAt } from './ledger.js';
import { hangAfter } from '../../../tests/support/time-limits.js';
import { committedHead } from '../../../tests/support/caught-up.js';

const t = useTestApp();
const day = 86_400_000;

describe('credits expiring', () => {
  it('tells the owner 30 days before (in the site and by e-mail), then expires what is left after 12 months, once, catching up after downtime', async () => {
    const owner = await loggedIn(t, 'shopkeeper');
    const bought = new Date();
    const add = (credits: number, at: Date) =>
      changeCredits(
        t.system.store,
        owner.id,
        { type: 'AddCredits', lotId: randomUUID(), credits, expiresAt: creditsExpireAt(at), source: { kind: 'adjustment', reason: 'Prova' } },
        systemContext(at),
      );
    await add(10, bought);
    // A second lot bought two months later: it expires later, and is spent after the first.
    await add(5, new Date(bought.getTime() + 60 * day));
    await changeCredits(
      t.system.store,
      owner.id,
      { type: 'SpendCredits', spendId: randomUUID(), credits: 4, usage: { action: 'product-description', description: 'Descrizione', relatedEntity: null }, now: bought },
      systemContext(bought),
    );
    const expiry = new Date(creditsExpireAt(bought));
    const at = (daysBefore: number) => new Date(expiry.getTime() - daysBefore * day);
    const settled = async () => expect(await t.system.projections.waitFor(await committedHead(t.system), hangAfter(10_000))).toBe(true);

    await settled();
    expect(await expireDueCredits(t.system, at(31))).toEqual({ noticed: 0, expired: 0, failed: 0 });
    expect(await expireDueCredits(t.system, at(30))).toEqual({ noticed: 1, expired: 0, failed: 0 });
    await settled();
    expect(await expireDueCredits(t.system, at(10))).toEqual({ noticed: 0, expired: 0, failed: 0 });
    // The day after the expiry (the job did not run on the day): the first lot's 6 are gone, the second lot's 5 remain.
    expect(await expireDueCredits(t.system, at(-1))).toEqual({ noticed: 0, expired: 1, failed: 0 });
    await settled();
    expect(await expireDueCredits(t.system, at(-2))).toEqual({ noticed: 0, expired: 0, failed: 0 });
    expect(balanceAt(await ledgerOf(t.system.store, owner.id), at(-2))).toBe(5);
    const summary = (await owner.browser.get('/api/credits')).json();
    expect(summary.movements[0]).toMatchObject({ kind: 'expiry', credits: -6, description: 'Crediti scaduti dopo 12 mesi' });
    expect((await t.db.pool.query('SELECT balance FROM ai_credits WHERE user_id = $1', [owner.id])).rows).toEqual([{ balance: 5 }]);

    const { rows: notes } = await t.db.pool.query<{ title: string; message: string; link: string }>(
      'SELECT title, message, link FROM notifications WHERE user_id = $1 ORDER BY created_at',
      [owner.id],
    );
    expect(notes.map((n) => [n.title, n.link])).toEqual([
      ['Crediti AI in scadenza', '/shopkeeper/credits'],
      ['Crediti AI scaduti', '/shopkeeper/credits'],
    ]);
    expect(notes[0]!.message).toMatch(/^6 crediti AI scadono il \d+ \w+ \d{4}: usali prima/);
    expect(await t.system.projections.waitFor(await committedHead(t.system), hangAfter(10_000), [emailTriggersName])).toBe(true);
    const { rows: mails } = await t.db.pool.query<{ subject: string }>(
      `SELECT q.subject FROM email_queue q JOIN users u ON u.email = q.to_email WHERE u.id = $1 AND q.template_name = 'crediti-in-scadenza'`,
      [owner.id],
    );
    expect(mails).toEqual([{ subject: expect.stringMatching(/^I tuoi crediti AI scadono il /) }]);
  });
});
