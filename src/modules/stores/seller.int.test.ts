import { describe, expect, it } from 'vitest';
import { Browser, useTestApp } from '../../../tests/support/app.js';
import { loggedIn, openShop, useLoggedIn } from '../../../tests/support/marketplace.js';

/*
 * Issue [21]: a shop says whether its seller is a trader, with the VAT number the shopkeeper enters
 * and the admin checks; its public page shows it (never a number the admin refused).
 */

const t = useTestApp();
const admin = useLoggedIn(t, 'admin');

describe('who sells in a shop', () => {
  it('is declared by the shopkeeper, checked by the admin, shown on the shop’s page', async () => {
    const shop = await openShop(t, admin.browser);
    const page = async () => (await new Browser(t.app).get(`/api/stores/${shop.store.id}`)).json().seller;
    expect((await shop.owner.browser.get('/api/stores/me/seller')).json()).toEqual({ seller: null });
    expect(await page()).toBeNull();

    const wrong = await shop.owner.browser.request('PUT', '/api/stores/me/seller', { sellerType: 'trader', vatNumber: '01234567890' });
    expect([wrong.statusCode, wrong.json().errors.vatNumber]).toEqual([400, 'Non valida: 11 cifre, l’ultima di controllo.']);
    const missing = await shop.owner.browser.request('PUT', '/api/stores/me/seller', { sellerType: 'trader' });
    expect([missing.statusCode, missing.json().errors.vatNumber]).toEqual([400, 'Obbligatoria.']);
    const declared = await shop.owner.browser.request('PUT', '/api/stores/me/seller', { sellerType: 'trader', vatNumber: 'IT 012 345 678 97' });
    expect(declared.statusCode, declared.body).toBe(200);
    expect(declared.json().seller).toMatchObject({ sellerType: 'trader', vatNumber: '01234567897', status: 'declared' });
    expect(await page()).toEqual({ sellerType: 'trader', vatNumber: '01234567897', status: 'declared' });

    // The admin refuses it: the page says nothing until the shop declares again; then confirms it.
    const refused = await admin.browser.post(`/api/admin/stores/${shop.store.id}/seller/refuse`, { reason: 'La partita IVA è di un’altra ditta' });
    expect(refused.json().seller).toMatchObject({ status: 'refused', reason: 'La partita IVA è di un’altra ditta' });
    expect(await page()).toBeNull();
    expect((await shop.owner.browser.request('PUT', '/api/stores/me/seller', { sellerType: 'trader', vatNumber: '01234567897' })).statusCode).toBe(200);
    const verified = await admin.browser.post(`/api/admin/stores/${shop.store.id}/seller/verify`);
    expect(verified.json().seller).toMatchObject({ status: 'verified', checkedAt: expect.any(String) });
    expect(await page()).toEqual({ sellerType: 'trader', vatNumber: '01234567897', status: 'verified' });
    const history = (await admin.browser.get(`/api/admin/history/store-seller/${shop.store.id}`)).json<{ type: string }[]>();
    expect(history.map((e) => e.type)).toEqual(['SellerDeclared', 'SellerRefused', 'SellerDeclared', 'SellerVerified']);

    // Only the shop's owner declares, only an admin checks.
    const customer = await loggedIn(t, 'customer');
    expect((await customer.browser.request('PUT', '/api/stores/me/seller', { sellerType: 'private' })).statusCode).toBe(403);
    expect((await shop.owner.browser.post(`/api/admin/stores/${shop.store.id}/seller/verify`)).statusCode).toBe(403);
    const noReason = await admin.browser.post(`/api/admin/stores/${shop.store.id}/seller/refuse`, { reason: '' });
    expect([noReason.statusCode, noReason.json().errors.reason]).toEqual([400, 'Motivo: obbligatorio.']);
  });
});
