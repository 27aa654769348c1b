import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { changeCredits } from '../../src/modules/credits/commands.js';
import { creditsExpireAt } from '../../src/modules/credits/ledger.js';
import { systemContext } from '../../src/platform/domain/context.js';
import { hasBrowser } from './support/browser.js';
import { logIn, searchTheList, useJourney } from './support/journey.js';
import { hangAfter } from '../support/time-limits.js';
import { overflows } from './support/layout.js';
import { registered } from './support/server.js';
import { committedHead } from '../support/caught-up.js';

const journey = useJourney();

const chartTitle = 'Crediti usati per funzione e per giorno';

/** A shopkeeper with 20 credits who used 5 of them: 3 writing product descriptions, 2 drafting a reply to a review. */
let prepared: Promise<void> | undefined;
function shopkeeperWithCredits() {
  prepared ??= (async () => {
    const { system } = journey.site;
    const userId = await registered(journey.site, {
      username: 'bottega.crediti',
      name: 'Bottega dei Crediti',
      email: 'crediti@esempio.it',
      password: 'segreta12',
      role: 'shopkeeper',
    });
    await changeCredits(
      system.store,
      userId,
      { type: 'AddCredits', lotId: randomUUID(), credits: 20, expiresAt: creditsExpireAt(new Date()), source: { kind: 'adjustment', reason: 'Benvenuto' } },
      systemContext(),
    );
    const spend = (action: string, credits: number) =>
      changeCredits(
        system.store,
        userId,
        { type: 'SpendCredits', spendId: randomUUID(), credits, usage: { action, description: `Prova di ${action}`, relatedEntity: null }, now: new Date() },
        systemContext(),
      );
    await spend('product-description', 3);
    await spend('review-reply', 2);
    expect(await system.projections.waitFor(await committedHead(system), hangAfter(10_000))).toBe(true);
  })();
  return prepared;
}

/** What is wider than the screen: the page, or the content column. */
const adminOverflows = (page: Page) => overflows(page, ['.RaLayout-content', '.MuiDialog-paper']);

/** The chart's card with today's two bars drawn, one a function, each named in the legend. */
async function seesUsageChart(page: Page) {
  const chart = page.getByRole('region', { name: chartTitle });
  const drawnBars = () => chart.locator('.MuiBarChart-element').evaluateAll((bars) => bars.filter((b) => b.getBoundingClientRect().height > 0).length);
  await expect.poll(drawnBars).toBe(2);
  const text = await chart.innerText();
  expect(text).toContain('Descrizione prodotto');
  expect(text).toContain('Risposta a recensione o reclamo');
}

/** From the credits' list, finds the shopkeeper by name and opens their credits. */
async function opensTheShopkeepersCredits(page: Page) {
  await page.goto('/admin/credits');
  await searchTheList(page, 'Nome o utente', 'bottega.crediti');
  await expect.poll(() => page.locator('#main-content').innerText()).toContain('Bottega dei Crediti');
  await page.getByText('Bottega dei Crediti').first().click();
  await page.waitForURL(/\/admin\/credits\/[0-9a-f-]{36}\/show$/);
}

/** The balance on a user's credits' page, under its label. */
const balance = async (page: Page) => (await page.locator('.ra-field-balance').innerText()).split('\n').pop();

describe.skipIf(!hasBrowser)('the admin looks after the AI credits, in Chromium', () => {
  it('finds a shopkeeper’s balance, adds 20 credits with a reason, is refused taking 1,000 in Italian, and reads the usage per function', async () => {
    await shopkeeperWithCredits();
    const { page } = await journey.tab(1280);
    await logIn(page, 'admin', 'vicino-admin');
    await page.goto('/admin/credits');
    await seesUsageChart(page);
    // The period changes what the chart covers; today's usage is in the last 7 days as well.
    await page.getByRole('combobox', { name: 'Periodo' }).click();
    await page.getByRole('option', { name: 'Ultimi 7 giorni' }).click();
    await seesUsageChart(page);

    await opensTheShopkeepersCredits(page);
    await expect.poll(() => balance(page)).toBe('15');
    await expect.poll(() => page.locator('#main-content').innerText()).toContain('Prova di review-reply');

    // Nothing written: each field says what it needs.
    await page.getByRole('button', { name: 'Correggi crediti' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Correggi', exact: true }).click();
    await expect.poll(() => dialog.innerText()).toContain('Crediti: un numero intero diverso da zero');
    expect(await dialog.innerText()).toContain('Motivo: campo obbligatorio.');

    // +20 with a reason, sent with a double click: the balance and the movement show it, once.
    await dialog.getByLabel('Crediti').fill('20');
    await dialog.getByLabel('Motivo').fill('Omaggio per la fiera di paese');
    await dialog.getByRole('button', { name: 'Correggi', exact: true }).dblclick();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect.poll(() => balance(page)).toBe('35');
    const adjustment = page.getByRole('row').filter({ hasText: 'Omaggio per la fiera di paese' });
    await expect.poll(() => adjustment.innerText()).toContain('Correzione');
    expect(await adjustment.innerText()).toContain('+20');
    expect(await adjustment.count()).toBe(1);

    // −1,000 is more than there is: refused in Italian, nothing taken.
    await page.getByRole('button', { name: 'Correggi crediti' }).click();
    await dialog.getByLabel('Crediti').fill('-1000');
    await dialog.getByLabel('Motivo').fill('Errore di prova');
    await dialog.getByRole('button', { name: 'Correggi', exact: true }).click();
    await expect.poll(() => dialog.getByRole('alert').innerText()).toContain('L’utente ha 35 crediti: non se ne possono togliere 1000.');
    await dialog.getByRole('button', { name: 'Annulla' }).click();
    await page.reload();
    await expect.poll(() => balance(page)).toBe('35');

    // Every movement, by kind: the adjustment, leading to its owner's credits, and from there to the user.
    const creditsPath = new URL(page.url()).pathname;
    await page.goto('/admin/credit-movements');
    await expect.poll(() => page.locator('#main-content').innerText()).toContain('Prova di review-reply');
    await page.getByRole('combobox', { name: 'Tipo' }).click();
    await page.getByRole('option', { name: 'Correzione' }).click();
    await expect.poll(() => page.locator('#main-content').innerText()).not.toContain('Prova di review-reply');
    const row = page.getByRole('row').filter({ hasText: 'Omaggio per la fiera di paese' });
    await expect.poll(() => row.innerText()).toContain('bottega.crediti');
    await row.getByText('Omaggio per la fiera di paese').click();
    await page.waitForURL((url) => url.pathname === creditsPath);
    await page.getByRole('link', { name: 'Vai all’utente' }).click();
    await page.waitForURL((url) => url.pathname === creditsPath.replace('/credits/', '/users/'));
  });

  it('fits the credits’ list, chart, page and dialog in 375 px, nothing cut', async () => {
    await shopkeeperWithCredits();
    const { page } = await journey.tab(375);
    await logIn(page, 'admin', 'vicino-admin');
    await page.goto('/admin/credits');
    await seesUsageChart(page);
    expect(await adminOverflows(page)).toEqual([]);
    await opensTheShopkeepersCredits(page);
    await expect.poll(() => page.locator('#main-content').innerText()).toContain('Prova di review-reply');
    expect(await adminOverflows(page)).toEqual([]);
    await page.getByRole('button', { name: 'Correggi crediti' }).click();
    await expect.poll(() => page.getByRole('dialog').isVisible()).toBe(true);
    expect(await adminOverflows(page)).toEqual([]);
  });
});
