import { describe, expect, it } from 'vitest';
import { useSmtpPeer } from '../support/smtp-peer.js';
import { hasBrowser } from './support/browser.js';
import { logIn, useJourney } from './support/journey.js';

const journey = useJourney();
const peer = useSmtpPeer();

describe.skipIf(!hasBrowser)('the admin’s e-mail page in Chromium', () => {
  it('shows the queue’s counts, sends a failed mail again, and sends a test e-mail with the server’s reply', async () => {
    const { page } = await journey.tab();
    await logIn(page, 'admin', 'vicino-admin');
    // Sending stays off: the seeded welcome mails wait, and the test mail goes all the same.
    const saved = await page.request.put('/api/admin/email-settings/current', { data: { isEnabled: false, host: '127.0.0.1', port: peer.port, fromAddress: 'ciao@vicino.test' } });
    expect(saved.ok()).toBe(true);
    const { rows } = await journey.site.system.pool.query<{ id: string }>(
      `UPDATE email_queue SET status = 'failed', to_email = 'rimbalzata@esempio.it', failure_reason = '550 Casella inesistente'
       WHERE id = (SELECT id FROM email_queue ORDER BY created_at DESC LIMIT 1) RETURNING id`,
    );
    const failedId = rows[0]!.id;

    await page.goto('/admin');
    await page.getByRole('menuitem', { name: 'E-mail' }).click();
    await page.getByRole('tab', { name: 'Coda' }).click();
    const counts = page.getByTestId('queue-counts');
    await expect.poll(() => counts.getByText('Non riuscita: 1').isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('queue-budget').textContent()).toMatch(/Nell’ultima ora: 0 e-mail su 100 .* ne restano 100/);
    await expect.poll(() => page.getByText('L’invio delle e-mail è disattivato: le e-mail restano in coda.').first().isVisible()).toBe(true);

    const row = page.getByRole('row', { name: /rimbalzata@esempio\.it/ });
    await row.getByRole('button', { name: 'Riprova' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByText(/parte di nuovo subito/).isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Riprova' }).click();
    await expect.poll(() => page.getByText('E-mail rimessa in coda: parte subito.').isVisible()).toBe(true);
    await expect.poll(() => counts.getByText('Non riuscita: 0').isVisible()).toBe(true);
    await expect.poll(async () => (await journey.site.system.pool.query('SELECT status FROM email_queue WHERE id = $1', [failedId])).rows[0].status).toBe('pending');
    await expect.poll(() => row.getByRole('button', { name: 'Annulla' }).isVisible()).toBe(true);

    await page.getByRole('tab', { name: 'Impostazioni' }).click();
    await page.getByRole('textbox', { name: 'Indirizzo del destinatario' }).fill('prova@esempio.it');
    await page.getByRole('button', { name: 'Invia e-mail di prova' }).click();
    await expect.poll(() => page.getByTestId('test-email-outcome').textContent()).toMatch(/^Inviata a prova@esempio\.it\. Risposta del server: 250 /);
    const mail = await peer.mailTo('prova@esempio.it');
    expect(mail.subject).toBe('E-mail di prova da Vicino');

    // A server that refuses: its own words, in the page.
    peer.answer = () => ({ code: 550, message: 'Casella inesistente' });
    await page.getByRole('button', { name: 'Invia e-mail di prova' }).click();
    await expect.poll(() => page.getByTestId('test-email-outcome').textContent()).toMatch(/ha rifiutato l’e-mail: «550 Casella inesistente»/);
  });
});
