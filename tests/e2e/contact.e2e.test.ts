import { describe, expect, it } from 'vitest';
import { useSmtpPeer } from '../support/smtp-peer.js';
import { hasBrowser } from './support/browser.js';
import { logIn, useJourney } from './support/journey.js';
import { noSideScroll } from './support/layout.js';

const journey = useJourney();
const peer = useSmtpPeer();

describe.skipIf(!hasBrowser)('the contact form in Chromium', () => {
  it('a visitor writes from the footer’s link; the admin reads and answers; the answer reaches the visitor’s mailbox', async () => {
    const admin = (await journey.tab()).page;
    await logIn(admin, 'admin', 'vicino-admin');
    // The site sends to the loopback peer: the visitor's mailbox.
    const settings = await admin.request.put('/api/admin/email-settings/current', {
      data: { isEnabled: true, host: '127.0.0.1', port: peer.port, user: '', fromName: 'Vicino', fromAddress: 'ciao@vicino.test' },
    });
    expect(settings.ok()).toBe(true);

    const visitor = (await journey.tab(375)).page;
    await visitor.goto('/');
    await visitor.locator('footer').getByRole('link', { name: 'Contattaci' }).click();
    await visitor.waitForURL((url) => url.pathname === '/contatti');
    await expect.poll(() => visitor.title()).toBe('Contatti — Vicino');
    // The bots' field is there for bots only.
    expect(await visitor.getByRole('textbox', { name: 'Sito web' }).count()).toBe(0);
    const send = visitor.getByRole('button', { name: 'Invia il messaggio' });
    await visitor.getByRole('textbox', { name: 'E-mail' }).fill('lucia.neri');
    await send.click();
    // The server's reasons stand at their fields.
    await expect.poll(() => visitor.getByText('Email: indirizzo non valido.').isVisible()).toBe(true);
    expect(await visitor.getByText('Nome: campo obbligatorio.').isVisible()).toBe(true);
    await visitor.getByRole('textbox', { name: 'Nome e cognome' }).fill('Lucia Neri');
    await visitor.getByRole('textbox', { name: 'E-mail' }).fill('lucia.neri@esempio.it');
    await visitor.getByRole('textbox', { name: 'Azienda o negozio' }).fill('Bottega Neri');
    await visitor.getByRole('textbox', { name: 'Oggetto' }).fill('Aprire un negozio a Monti');
    await visitor.getByRole('textbox', { name: 'Messaggio' }).fill('Buongiorno,\nvorrei vendere su Vicino. Come si comincia?');
    await send.click();
    await expect.poll(() => visitor.getByRole('status').textContent()).toBe('Grazie! Abbiamo ricevuto il tuo messaggio e ti risponderemo al più presto.');
    await noSideScroll(visitor, 375);
    const acknowledged = await peer.mailTo('lucia.neri@esempio.it');
    expect(acknowledged.subject).toBe('Abbiamo ricevuto il tuo messaggio: Aprire un negozio a Monti');
    expect(acknowledged.text).toContain('Ciao Lucia Neri,');

    await admin.goto('/admin/contact-submissions');
    const row = admin.getByRole('row').filter({ hasText: 'lucia.neri@esempio.it' });
    await expect.poll(() => row.getByText('Nuovo').isVisible()).toBe(true);
    await row.getByText('Aprire un negozio a Monti').click();
    // Opened, it is read.
    await expect.poll(() => admin.getByText('Letto', { exact: true }).isVisible()).toBe(true);
    expect(await admin.getByText('vorrei vendere su Vicino. Come si comincia?').isVisible()).toBe(true);
    await admin.getByRole('textbox', { name: 'Risposta' }).fill('Buongiorno Lucia,\nbasta registrarsi come negoziante: il negozio è attivo dopo la nostra approvazione.');
    await admin.getByRole('button', { name: 'Invia la risposta' }).click();
    // Queued is not sent: the toast says so, and the page follows the mail until it leaves.
    await expect.poll(() => admin.getByText('Risposta in coda: partirà per e-mail a lucia.neri@esempio.it').isVisible()).toBe(true);
    await expect.poll(() => admin.getByText('Risposto', { exact: true }).isVisible()).toBe(true);
    await admin.getByRole('textbox', { name: 'Note' }).fill('Da richiamare dopo la registrazione');
    await admin.getByRole('button', { name: 'Salva le note' }).click();
    await expect.poll(() => admin.getByText('Note salvate').isVisible()).toBe(true);

    const answer = await peer.until((mails) => mails.find((m) => m.subject === 'Re: Aprire un negozio a Monti'));
    expect(answer.to && JSON.stringify(answer.to)).toContain('lucia.neri@esempio.it');
    expect(answer.text).toContain('Ciao Lucia Neri,\n\nBuongiorno Lucia,\nbasta registrarsi come negoziante: il negozio è attivo dopo la nostra approvazione.');
    expect(answer.text).toContain('Buongiorno,\nvorrei vendere su Vicino. Come si comincia?');
    expect(answer.html).toContain('Ricevi questa e-mail perché hai scritto a Vicino dal modulo dei contatti.');
    await expect.poll(() => admin.locator('[data-reply-mail="sent"]').textContent(), { timeout: 15_000 }).toMatch(/^Risposta inviata a lucia\.neri@esempio\.it il /);

    await admin.getByRole('button', { name: 'Chiudi il messaggio' }).click();
    await expect.poll(() => admin.getByText('Il messaggio è chiuso: non si può più rispondere.').isVisible()).toBe(true);
  });
});
