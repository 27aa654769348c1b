import { describe, expect, it } from 'vitest';
import { hasBrowser } from './support/browser.js';
import { apiSession, logIn, useJourney } from './support/journey.js';
import { hangAfter } from '../support/time-limits.js';
import { noSideScroll } from './support/layout.js';
import { shots, useScreenshots } from './support/screenshots.js';
import { approvedShop } from './support/shops.js';
import { randomUUID } from 'node:crypto';
import { demoCustomerDetails, pickupSoon } from '../support/marketplace.js';
import { commissionCents } from '../../src/modules/payments/commission.js';
import { payOutTestAccounts } from '../../src/modules/earnings/test-payouts.js';
import { readFileSync } from 'node:fs';

const journey = useJourney();

describe.skipIf(!hasBrowser)('a shop’s payment account, in Chromium', () => {
  useScreenshots();

  it('is activated from the shop’s settings on the test payments’ onboarding page; then customers can pay the shop online', async () => {
    const { store, owner } = await approvedShop(
      journey.site,
      { username: 'forno.conti', name: 'Marta Forno', email: 'marta@esempio.it', plan: true, testAccount: false },
      { name: 'Forno di Marta', address: 'Via dei Serpenti 10, Roma', latitude: 41.8953, longitude: 12.4923, onlinePaymentsEnabled: true, stripePaymentsEnabled: true },
    );
    const product = await owner('POST', '/api/products', { name: 'Pane casareccio', price: 3.2, stockQuantity: 20, category: 'alimentari' });
    const chiara = await apiSession(journey.site.url, 'cliente', 'vicino-cliente');
    await chiara('POST', '/api/cart/items', { productId: product.id, quantity: 1 });
    const methodsAtMarta = async () => ((await chiara('GET', '/api/cart')).stores as { id: string; paymentMethods: string[] }[]).find((s) => s.id === store.id)!.paymentMethods;
    // No account yet: card payments switched on, and still only cash at the counter.
    expect(await methodsAtMarta()).toEqual(['cash']);

    const { page } = await journey.tab(1280);
    await logIn(page, 'forno.conti', 'segreta1');
    await page.goto('/shopkeeper/store/settings?sezione=pagamenti');
    const testAccount = page.getByRole('region', { name: 'Pagamenti di prova' });
    await expect.poll(() => testAccount.getByText('Non collegato').isVisible(), { timeout: hangAfter(10_000) }).toBe(true);
    expect(await page.getByText(/la piattaforma trattiene la commissione del tuo piano, il \d+(,\d+)? % del totale/).isVisible()).toBe(true);
    await page.screenshot({ path: `${shots}/payment-accounts-none-1280.png`, fullPage: true });

    await testAccount.getByRole('button', { name: 'Attiva il conto di prova' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/pagamenti/prova/conto/'));
    await expect.poll(() => page.getByRole('heading', { name: 'Forno di Marta' }).isVisible(), { timeout: hangAfter(10_000) }).toBe(true);
    expect(await page.getByText('Dati mancanti').isVisible()).toBe(true);
    await page.screenshot({ path: `${shots}/payment-accounts-onboarding-1280.png`, fullPage: true });
    await page.getByRole('button', { name: 'Completa l’attivazione' }).click();

    // Back in the settings: the account is active, and Chiara can pay the shop online.
    await page.waitForURL((url) => url.pathname === '/shopkeeper/store/settings');
    await expect.poll(() => testAccount.getByText('Attivo', { exact: true }).isVisible(), { timeout: hangAfter(10_000) }).toBe(true);
    expect(await testAccount.getByText(/gli incassi arrivano sul tuo conto, al netto della commissione/).isVisible()).toBe(true);
    await noSideScroll(page, 1280);
    await page.screenshot({ path: `${shots}/payment-accounts-active-1280.png`, fullPage: true });
    expect(await methodsAtMarta()).toEqual(['cash', 'sandbox']);

    const phone = (await journey.tab(375)).page;
    // In front, as the shopkeeper's phone is: a tab behind another draws (and animates) hardly at all.
    await phone.bringToFront();
    await logIn(phone, 'forno.conti', 'segreta1');
    await phone.goto('/shopkeeper/store/settings?sezione=pagamenti');
    await expect.poll(() => phone.getByRole('region', { name: 'Pagamenti di prova' }).getByText('Attivo', { exact: true }).isVisible(), { timeout: hangAfter(10_000) }).toBe(true);
    await noSideScroll(phone, 375);
    // The section's tab is wholly in view, not half under the bar's scroll button.
    await expect
      .poll(() =>
        phone.evaluate(() => {
          const bar = document.querySelector('.MuiTabs-scroller')!.getBoundingClientRect();
          const tab = document.querySelector('[role="tab"][aria-selected="true"]')!.getBoundingClientRect();
          return tab.left >= bar.left - 1 && tab.right <= bar.right + 1;
        }),
      )
      .toBe(true);
    await phone.screenshot({ path: `${shots}/payment-accounts-active-375.png`, fullPage: true });

    // The admin reads the account's story on the shop's page, in words.
    const back = (await journey.tab(1280)).page;
    await logIn(back, 'admin', 'vicino-admin');
    await back.goto(`/admin/stores/${store.id}/show`);
    await back.getByRole('tab', { name: 'Conti di pagamento' }).click();
    const events = back.getByRole('list', { name: 'Eventi' });
    const updated = events.getByRole('listitem').filter({ hasText: '2. Stato del conto di pagamento aggiornato dal fornitore' });
    await expect.poll(() => updated.isVisible(), { timeout: hangAfter(10_000) }).toBe(true);
    const text = (await updated.innerText()).replace(/\s+/g, ' ');
    expect(text).toContain('Pagamenti di prova');
    expect(text).toContain('Incassa pagamenti');
    expect(text).not.toMatch(/\b(sandbox|chargesEnabled|true|false)\b/);
    const connected = (await events.getByRole('listitem').filter({ hasText: '1. Conto di pagamento aperto presso il fornitore' }).innerText()).replace(/\s+/g, ' ');
    expect(connected).toContain('Titolare Negozio');
    await back.screenshot({ path: `${shots}/payment-accounts-admin-history-1280.png`, fullPage: true });

    // Chiara pays a two-shop order online: each shop its own payment, to its own account, less the commission.
    const second = await approvedShop(
      journey.site,
      { username: 'salumi.conti', name: 'Piero Salumi', email: 'piero@esempio.it', plan: true },
      { name: 'Salumeria Piero', address: 'Via Cavour 50, Roma', latitude: 41.8961, longitude: 12.4935, onlinePaymentsEnabled: true, stripePaymentsEnabled: true },
    );
    const ham = await second.owner('POST', '/api/products', { name: 'Prosciutto crudo', price: 6.4, stockQuantity: 20, category: 'alimentari' });
    await chiara('POST', '/api/cart/items', { productId: ham.id, quantity: 1 });
    const placed = await chiara(
      'POST',
      '/api/orders/checkout',
      { ...demoCustomerDetails, paymentMethod: 'sandbox', stores: [store.id, second.store.id].map((storeId) => ({ storeId, deliveryType: 'pickup', pickupTime: pickupSoon() })) },
      { 'idempotency-key': randomUUID() },
    );
    const orders = placed.orders as { id: string; storeId: string; paymentUrl: string }[];
    expect(orders).toHaveLength(2);
    for (const order of orders) await chiara('POST', `/api/payments/sandbox/${new URL(order.paymentUrl, journey.site.url).pathname.split('/').pop()}/pay`);
    const { commissionPercentage } = await owner('GET', '/api/stores/me/payment-accounts');
    const fee = commissionCents(320, commissionPercentage);
    const euro = (cents: number) => `€ ${(cents / 100).toFixed(2).replace('.', ',')}`;
    /** A figure as read, its spaces (the formatter's no-break one) as plain spaces. */
    const stat = async (tab: typeof page, name: string) => ((await tab.getByTestId(`stat-${name}`).textContent()) ?? '').replace(/\s+/g, ' ');
    await expect.poll(async () => (await second.owner('GET', '/api/earnings/mine')).totals, { timeout: hangAfter(20_000) }).toMatchObject({ sales: 1, gross: 6.4 });

    for (const [width, tab] of [
      [1280, page],
      [375, phone],
    ] as const) {
      await tab.goto('/shopkeeper/earnings');
      await expect.poll(() => stat(tab, 'Incassato dai clienti'), { timeout: hangAfter(20_000) }).toBe(euro(320));
      expect(await stat(tab, 'Commissioni')).toBe(euro(fee));
      expect(await stat(tab, 'Netto per te')).toBe(euro(320 - fee));
      const sale = tab.getByRole('list', { name: 'Movimenti degli incassi' }).getByRole('listitem').first();
      expect((await sale.innerText()).replace(/\s+/g, ' ')).toContain(`Lordo ${euro(320)} · commissione ${euro(fee)}`);
      await noSideScroll(tab, width);
      await tab.screenshot({ path: `${shots}/earnings-sale-${width}.png`, fullPage: true });
    }

    // Chiara cancels Marta's part: the refund takes back Marta's net and the platform gives back its fee; Piero's part stands.
    const martas = orders.find((o) => o.storeId === store.id)!;
    await chiara('POST', `/api/orders/${martas.id}/cancel`);
    await page.goto('/shopkeeper/earnings');
    await expect.poll(() => stat(page, 'Rimborsi'), { timeout: hangAfter(20_000) }).toBe(euro(320));
    expect(await stat(page, 'Commissioni')).toBe(euro(0));
    expect(await stat(page, 'Netto per te')).toBe(euro(0));
    const refund = page.getByRole('list', { name: 'Movimenti degli incassi' }).getByRole('listitem').first();
    expect((await refund.innerText()).replace(/\s+/g, ' ')).toMatch(/^Rimborso/);
    await page.screenshot({ path: `${shots}/earnings-refund-1280.png`, fullPage: true });
    expect((await second.owner('GET', '/api/earnings/mine')).totals).toMatchObject({ sales: 1, gross: 6.4, refunds: 0 });

    // Three days on, the test payments pay Piero's part to his bank; then the month closes and its statement is his to download.
    const later = new Date(Date.now() + 3 * 86_400_000);
    expect((await payOutTestAccounts(journey.site.system, later)).failed).toBe(0);
    const pieroFee = commissionCents(640, commissionPercentage);
    await expect
      .poll(async () => (await second.owner('GET', '/api/earnings/mine')).payouts, { timeout: hangAfter(20_000) })
      .toMatchObject([{ amount: (640 - pieroFee) / 100, status: 'paid' }]);
    const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit' }).format(new Date());
    const { page: piero } = await journey.tab(1280);
    await logIn(piero, 'salumi.conti', 'segreta1');
    await piero.goto(`/shopkeeper/earnings?estratto=${month}`);
    const payouts = piero.getByRole('list', { name: 'Ultimi bonifici' });
    await expect.poll(() => payouts.getByText('Versato').isVisible(), { timeout: hangAfter(20_000) }).toBe(true);
    expect(await stat(piero, 'In arrivo')).toBe(euro(0));
    const statements = piero.getByRole('list', { name: 'Estratti conto' });
    await expect.poll(() => statements.getByText('(mese in corso, provvisorio)').isVisible(), { timeout: hangAfter(20_000) }).toBe(true);
    await noSideScroll(piero, 1280);
    // The page scrolled the e-mail's month into view; the picture is of the whole page from its top.
    await piero.evaluate(() => window.scrollTo(0, 0));
    await piero.screenshot({ path: `${shots}/earnings-statements-1280.png`, fullPage: true });
    const [csv] = await Promise.all([
      piero.waitForEvent('download'),
      statements
        .getByRole('link', { name: /in CSV$/ })
        .first()
        .click(),
    ]);
    expect(csv.suggestedFilename()).toBe(`estratto-conto-${month}-salumeria-piero.csv`);
    const rows = readFileSync(await csv.path(), 'utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .map((line) => line.split(';'));
    const figure = (label: string) => rows.find((r) => r[0] === label)?.[1];
    // To the cent: the order, its commission, the net, the payout, the invoice's figures.
    expect([figure('Incassato lordo'), figure('Commissioni'), figure('Netto')]).toEqual([euro(640), euro(pieroFee), euro(640 - pieroFee)].map((e) => e.slice(2)));
    expect(figure('Totale commissioni')).toBe(euro(pieroFee).slice(2));
    const [pdf] = await Promise.all([
      piero.waitForEvent('download'),
      statements
        .getByRole('link', { name: /in PDF$/ })
        .first()
        .click(),
    ]);
    expect(
      readFileSync(await pdf.path())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const { page: pieroPhone } = await journey.tab(375);
    await logIn(pieroPhone, 'salumi.conti', 'segreta1');
    await pieroPhone.goto(`/shopkeeper/earnings?estratto=${month}`);
    await expect.poll(() => pieroPhone.getByRole('list', { name: 'Estratti conto' }).isVisible(), { timeout: hangAfter(20_000) }).toBe(true);
    await noSideScroll(pieroPhone, 375);
    await pieroPhone.evaluate(() => window.scrollTo(0, 0));
    await pieroPhone.screenshot({ path: `${shots}/earnings-statements-375.png`, fullPage: true });

    // The admin: the platform's revenue this month holds the commissions; Piero's payout and his statement on his shop's page.
    await back.goto('/admin/platform-earnings');
    const revenue = back.getByRole('table', { name: 'Ricavi per mese' });
    await expect.poll(() => revenue.isVisible(), { timeout: hangAfter(20_000) }).toBe(true);
    const thisMonth = (await revenue.getByRole('row').nth(1).innerText()).replace(/\s+/g, ' ');
    expect(thisMonth).toMatch(/^Dicembre 2026|^\p{Lu}\p{Ll}+ \d{4}/u);
    expect(thisMonth).toContain(euro(pieroFee).slice(2));
    const accounts = back.getByRole('table', { name: 'Conti di pagamento' });
    // The accounts are searched by their holder's name, accents and case ignored.
    await back.getByRole('searchbox', { name: 'Cerca per nome del negozio o del collaboratore' }).fill('salumerìa piero');
    await expect.poll(async () => (await accounts.getByRole('row').allInnerTexts()).length, { timeout: hangAfter(10_000) }).toBe(2);
    const pieroRow = accounts.getByRole('row').filter({ hasText: 'Salumeria Piero' });
    expect((await pieroRow.innerText()).replace(/\s+/g, ' ')).toContain('Attivo');
    // The admin checks Piero's account against the provider: the test payments keep no balance apart from the ledger.
    await pieroRow.getByRole('button', { name: /^Verifica il saldo di «Salumeria Piero»/ }).click();
    await expect.poll(() => pieroRow.getByText('Nessun saldo separato: fa fede il registro').isVisible(), { timeout: hangAfter(10_000) }).toBe(true);
    await noSideScroll(back, 1280);
    await back.screenshot({ path: `${shots}/admin-platform-earnings-1280.png`, fullPage: true });
    await back.goto(`/admin/stores/${second.store.id}/show`);
    await back.getByRole('tab', { name: 'Estratti conto' }).click();
    await expect.poll(() => back.getByRole('list', { name: 'Estratti conto' }).isVisible(), { timeout: hangAfter(20_000) }).toBe(true);
    await back.screenshot({ path: `${shots}/admin-store-statements-1280.png`, fullPage: true });
    // A shop with three years of sales (a sale a month, August 2023 to January 2026, as the ledger
    // holds them): its months come 24 at a time, the older ones on a tap.
    await journey.site.system.pool.query(
      `INSERT INTO earnings_movements (id, holder_id, payment_id, order_id, kind, gross_cents, fee_cents, net_cents, provider, description, at)
       SELECT gen_random_uuid(), $1, gen_random_uuid(), NULL, 'sale', 1000, 200, 800, 'sandbox', 'Vendita ' || n,
         (('2023-08-10 12:00'::timestamp + make_interval(months => n)) AT TIME ZONE 'Europe/Rome')
       FROM generate_series(0, 29) AS n`,
      [second.store.id],
    );
    await back.reload();
    await back.getByRole('tab', { name: 'Estratti conto' }).click();
    const months = back.getByRole('list', { name: 'Estratti conto' });
    const older = back.getByRole('button', { name: 'Mostra i mesi precedenti' });
    await expect.poll(() => older.isVisible(), { timeout: hangAfter(20_000) }).toBe(true);
    expect(await months.getByText(/^agosto 2023$/i).count()).toBe(0);
    await older.click();
    await expect.poll(() => months.getByText(/^agosto 2023$/i).isVisible(), { timeout: hangAfter(20_000) }).toBe(true);
    expect(await older.isVisible()).toBe(false);
    // From the top: a whole-page picture taken scrolled down draws the back office's sticky bars mid-page.
    await back.evaluate(() => window.scrollTo(0, 0));
    await back.screenshot({ path: `${shots}/admin-store-statements-older-1280.png`, fullPage: true });
    const adminPhone = (await journey.tab(375)).page;
    await logIn(adminPhone, 'admin', 'vicino-admin');
    await adminPhone.goto('/admin/platform-earnings');
    await expect.poll(() => adminPhone.getByRole('table', { name: 'Ricavi per mese' }).isVisible(), { timeout: hangAfter(20_000) }).toBe(true);
    await adminPhone.screenshot({ path: `${shots}/admin-platform-earnings-375.png`, fullPage: true });
  });
});
