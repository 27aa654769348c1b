import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { changeCredits } from '../../src/modules/credits/commands.js';
import { creditsExpireAt } from '../../src/modules/credits/ledger.js';
import { systemContext } from '../../src/platform/domain/context.js';
import { hasBrowser } from './support/browser.js';
import { useChatPeer } from './support/chat-peer.js';
import { fetchSession, logIn, useJourney } from './support/journey.js';
import { hangAfter } from '../support/time-limits.js';
import { noSideScroll } from './support/layout.js';
import { shots, useScreenshots } from './support/screenshots.js';

const journey = useJourney();

/** «Scrivi con l’AI» on the form: the model's text in the description, and the balance shown at `balance` for a cost of 1. */
async function writeWithAi(page: Page, balance: number): Promise<void> {
  await page.getByRole('button', { name: 'Scrivi con l’AI' }).click();
  await expect
    .poll(() => page.getByLabel('Descrizione').inputValue(), { timeout: hangAfter(10_000) })
    .toBe('Un prodotto genuino, scelto con cura nel nostro negozio di quartiere.');
  await expect.poll(() => page.getByText(`1 credito · saldo ${balance}`).first().isVisible()).toBe(true);
}

describe.skipIf(!hasBrowser)('AI functions in the shopkeeper’s forms, in Chromium', () => {
  const peer = useChatPeer();
  useScreenshots();

  it('writes a product’s description, suggests its category and writes the shop’s description, showing the cost and the balance falling; short of credits the button is off with the way to buy them', async () => {
    const admin = await fetchSession(journey.site.url, 'admin', 'vicino-admin');
    // The loopback model stands where a self-hosted compatible server would.
    expect((await admin('PUT', '/api/admin/openai-settings/current', { isEnabled: true, baseUrl: peer().baseUrl, model: 'modello-locale' })).status).toBe(200);
    const { rows } = await journey.site.system.pool.query<{ id: string }>(`SELECT id FROM users WHERE username = 'negoziante'`);
    const source = { kind: 'adjustment' as const, reason: 'Crediti di prova' };
    await changeCredits(
      journey.site.system.store,
      rows[0]!.id,
      { type: 'AddCredits', lotId: randomUUID(), credits: 5, expiresAt: creditsExpireAt(new Date()), source },
      systemContext(),
    );

    for (const width of [375, 1280]) {
      const { page } = await journey.tab(width);
      await logIn(page, 'negoziante', 'vicino-negozio');
      await page.goto('/shopkeeper/products/new');
      await page.getByLabel('Nome').first().fill('Tagliatelle all’uovo');
      const balance = await page
        .getByText(/^1 credito · saldo \d+$/)
        .first()
        .textContent();
      const before = Number(balance!.split('saldo ')[1]);
      await writeWithAi(page, before - 1);
      await page.getByRole('button', { name: 'Suggerisci categoria ed etichette' }).click();
      await expect.poll(() => page.getByText('Etichette suggerite: biologico, locale, artigianale').isVisible(), { timeout: hangAfter(10_000) }).toBe(true);
      await noSideScroll(page, width);
      await page.screenshot({ path: `${shots}/ai-product-form-${width}.png`, fullPage: true });

      await page.goto('/shopkeeper/store/settings');
      await expect.poll(() => page.getByRole('button', { name: 'Scrivi con l’AI' }).isVisible(), { timeout: hangAfter(10_000) }).toBe(true);
      await writeWithAi(page, before - 3);
      await page.screenshot({ path: `${shots}/ai-store-settings-${width}.png`, fullPage: true });
    }

    // The admin makes the description dearer than the balance (the demo's shopkeeper has a hundred or so): the button is off, with the credits page.
    const costs = (await (await admin('GET', '/api/admin/ai-function-costs')).json()) as { id: string; functionName: string }[];
    const description = costs.find((c) => c.functionName === 'product-description')!;
    expect((await admin('PUT', `/api/admin/ai-function-costs/${description.id}`, { creditsCost: 1000 })).status).toBe(200);
    const { page } = await journey.tab(375);
    await logIn(page, 'negoziante', 'vicino-negozio');
    await page.goto('/shopkeeper/products/new');
    await expect.poll(() => page.getByText(/^1000 crediti · saldo \d+$/).isVisible(), { timeout: hangAfter(10_000) }).toBe(true);
    expect(await page.getByText(/^Crediti insufficienti: ne servono 1000, ne hai \d+\./).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Scrivi con l’AI' }).isDisabled()).toBe(true);
    expect(await page.getByRole('link', { name: 'Acquista crediti' }).first().getAttribute('href')).toBe('/shopkeeper/credits');
    await page.screenshot({ path: `${shots}/ai-product-form-short-375.png`, fullPage: true });
    expect((await admin('PUT', `/api/admin/ai-function-costs/${description.id}`, { creditsCost: 1 })).status).toBe(200);
  });

  it('shows the admin the model’s server and each function’s cost on the OpenAI page', async () => {
    for (const width of [1280, 375]) {
      const { page } = await journey.tab(width);
      await logIn(page, 'admin', 'vicino-admin');
      await page.goto('/admin/openai-settings');
      await expect.poll(() => page.getByText('Costo delle funzioni AI').isVisible(), { timeout: hangAfter(10_000) }).toBe(true);
      await expect.poll(() => page.getByText('product-description').first().isVisible(), { timeout: hangAfter(10_000) }).toBe(true);
      expect(await page.getByLabel('Indirizzo del server (API compatibile con OpenAI)').inputValue()).toBe(peer().baseUrl);
      await page.screenshot({ path: `${shots}/ai-admin-openai-${width}.png`, fullPage: true });
    }
  });
});
