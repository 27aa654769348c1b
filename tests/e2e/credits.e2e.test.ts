import { describe, expect, it } from 'vitest';
import { hasBrowser } from './support/browser.js';
import { useChatPeer } from './support/chat-peer.js';
import { fetchSession, logIn, useJourney } from './support/journey.js';
import { hangAfter } from '../support/time-limits.js';
import { noSideScroll } from './support/layout.js';
import { shots, useScreenshots } from './support/screenshots.js';

const journey = useJourney();

describe.skipIf(!hasBrowser)('a shopkeeper’s AI credits, in Chromium', () => {
  const peer = useChatPeer();
  useScreenshots();

  it('buys credits on the payments’ test page, writes a product’s description with AI, and sees the balance fall by its cost with the use listed', async () => {
    // The admin points the AI functions at the loopback model (where a self-hosted compatible server would be).
    const admin = await fetchSession(journey.site.url, 'admin', 'vicino-admin');
    expect((await admin('PUT', '/api/admin/openai-settings/current', { isEnabled: true, baseUrl: peer().baseUrl })).status).toBe(200);

    const { page } = await journey.tab(375);
    await logIn(page, 'negoziante', 'vicino-negozio');
    await page.goto('/shopkeeper/credits');
    const balance = async () => Number((await page.getByTestId('stat-Saldo').textContent())!.replace(/\D/g, ''));
    await expect.poll(() => page.getByTestId('stat-Saldo').textContent(), { timeout: hangAfter(10_000) }).toMatch(/^\d/);
    const before = await balance();

    const pack = page.getByRole('article', { name: 'Crediti AI 100' });
    await pack.getByRole('button', { name: 'Acquista (pagamento di prova)' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/pagamenti/prova/'));
    await page.getByRole('button', { name: /^Paga / }).click();
    // Back on the credits' page: the credits arrive once the payment is confirmed.
    await page.waitForURL((url) => url.pathname === '/shopkeeper/credits');
    await expect.poll(balance, { timeout: hangAfter(20_000) }).toBe(before + 100);
    // The purchase reads completed once its credits are in (the balance is the ledger's, the list a read model's: a moment apart).
    await expect.poll(() => page.getByText('Completato').first().isVisible(), { timeout: hangAfter(10_000) }).toBe(true);
    await noSideScroll(page, 375);
    await page.screenshot({ path: `${shots}/credits-bought-375.png`, fullPage: true });

    await page.goto('/shopkeeper/products/new');
    await page.getByLabel('Nome').first().fill('Caciotta di fattoria');
    await expect
      .poll(
        () =>
          page
            .getByText(`1 credito · saldo ${before + 100}`)
            .first()
            .isVisible(),
        { timeout: hangAfter(10_000) },
      )
      .toBe(true);
    await page.getByRole('button', { name: 'Scrivi con l’AI' }).click();
    await expect
      .poll(() => page.getByLabel('Descrizione').inputValue(), { timeout: hangAfter(10_000) })
      .toBe('Un prodotto genuino, scelto con cura nel nostro negozio di quartiere.');
    await expect
      .poll(() =>
        page
          .getByText(`1 credito · saldo ${before + 99}`)
          .first()
          .isVisible(),
      )
      .toBe(true);
    // The model was asked in Italian about this product.
    expect(
      peer()
        .requests.at(-1)!
        .messages.map((m) => m.content)
        .join('\n'),
    ).toContain('Caciotta di fattoria');

    for (const width of [375, 1280]) {
      const tab = width === 375 ? page : (await journey.tab(width)).page;
      if (width !== 375) await logIn(tab, 'negoziante', 'vicino-negozio');
      await tab.goto('/shopkeeper/credits');
      await expect.poll(async () => Number((await tab.getByTestId('stat-Saldo').textContent())!.replace(/\D/g, '')), { timeout: hangAfter(10_000) }).toBe(before + 99);
      const movements = tab.getByRole('list', { name: 'Movimenti dei crediti' });
      await expect.poll(() => movements.getByText('AI: descrizione del prodotto «Caciotta di fattoria»').isVisible(), { timeout: hangAfter(10_000) }).toBe(true);
      expect(await movements.getByRole('listitem').first().textContent()).toMatch(/Uso.*AI: descrizione del prodotto «Caciotta di fattoria»−1$/);
      await noSideScroll(tab, width);
      await tab.screenshot({ path: `${shots}/credits-after-ai-${width}.png`, fullPage: true });
    }
  });
});
