import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { aPayment, paymentEventTypes } from '../../../tests/support/payments.js';
import { Browser, useTestApp } from '../../../tests/support/app.js';
import { loggedIn, useLoggedIn, type Person } from '../../../tests/support/marketplace.js';
import { systemContext } from '../../platform/domain/context.js';
import { openPayment, refundPart } from './commands.js';
import type { PaymentFields } from './payment.js';
import { readPaymentSettings } from './queries.js';
import { providersOf, sandboxDelivery } from './routes.js';
import { sandboxSignatureHeader, sandboxTransactionId, sandboxWebhook, signSandboxWebhook, type SandboxEvent } from './sandbox.js';
import { hangAfter } from '../../../tests/support/time-limits.js';

const t = useTestApp();
const admin = useLoggedIn(t, 'admin');

const settings = async (changes: Record<string, unknown>) => {
  const res = await admin.browser.request('PUT', '/api/admin/payment-settings/current', changes);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Record<string, unknown>>();
};

/** A sandbox payment of `payer`, opened through the module's command as the purchase will open it. */
async function opened(payer: Person, changes: Partial<PaymentFields> = {}) {
  await settings({ sandboxEnabled: true });
  const fields: PaymentFields = aPayment(payer.id, changes);
  const providers = providersOf(t.system.db, sandboxDelivery(t.app));
  const payment = await openPayment({ store: t.system.store, providers }, { fields, returnUrl: '/', cancelUrl: '/' }, systemContext());
  expect(await t.system.projections.waitFor(payment.position!, hangAfter(5000))).toBe(true);
  return payment;
}

const shown = async (who: Browser, id: string) => {
  const res = await who.get(`/api/payments/sandbox/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ status: string; amount: number; description: string }>();
};
const eventsOf = (id: string) => paymentEventTypes(t.system.store, id);
const secret = async () => (await readPaymentSettings(t.system.db)).sandboxWebhookSecret!;
/** A webhook as a provider posts it (with a charset, as some do; the sandbox's own posts go without). */
const webhook = (body: string, signature: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/sandbox/webhook',
    headers: { 'content-type': 'application/json; charset=utf-8', [sandboxSignatureHeader]: signature },
    payload: body,
  });
const send = async (event: SandboxEvent) => {
  const { body, headers } = sandboxWebhook(await secret(), event, new Date());
  return webhook(body, headers[sandboxSignatureHeader] as string);
};
const event = (id: string, type: SandboxEvent['type'], eventId = `evt_${randomUUID()}`): SandboxEvent => ({
  id: eventId,
  type,
  paymentId: id,
  providerTransactionId: sandboxTransactionId(id),
});

describe('the sandbox provider, end to end over HTTP', () => {
  it('opens a pending payment whose hosted page is the app’s own; paying there completes it through the signed webhook', async () => {
    const payer = await loggedIn(t, 'shopkeeper');
    const { id, paymentUrl } = await opened(payer);
    // The page sends the payer back to where the purchase said (the path alone).
    expect(paymentUrl).toBe(`/pagamenti/prova/${id}?ritorno=%2F`);
    expect(await shown(payer.browser, id)).toMatchObject({ status: 'pending', amount: 29.9, description: 'Piano Premium, 30 giorni' });

    const paid = await payer.browser.post(`/api/payments/sandbox/${id}/pay`);
    expect([paid.statusCode, paid.json().status]).toEqual([200, 'completed']);
    expect(await eventsOf(id)).toEqual(['PaymentCreated', 'PaymentProcessing', 'PaymentCompleted']);
    // Paying again is the same payment: nothing moves twice.
    expect((await payer.browser.post(`/api/payments/sandbox/${id}/pay`)).json().status).toBe('completed');
    expect(await eventsOf(id)).toHaveLength(3);
    // Refusing what was paid is too late.
    const refused = await payer.browser.post(`/api/payments/sandbox/${id}/refuse`);
    expect([refused.statusCode, refused.json()]).toEqual([409, { message: 'Il pagamento è completato: non si può più scegliere.' }]);
  });

  it('refusing on the hosted page fails the payment', async () => {
    const payer = await loggedIn(t, 'customer');
    const { id } = await opened(payer);
    const refused = await payer.browser.post(`/api/payments/sandbox/${id}/refuse`);
    expect([refused.statusCode, refused.json()]).toEqual([200, expect.objectContaining({ status: 'failed', failureReason: 'Pagamento rifiutato sulla pagina di prova.' })]);
    const paid = await payer.browser.post(`/api/payments/sandbox/${id}/pay`);
    expect(paid.statusCode).toBe(409);
  });

  it('shows the page only to its payer (and the admin)', async () => {
    const payer = await loggedIn(t, 'customer');
    const other = await loggedIn(t, 'customer');
    const { id } = await opened(payer);
    expect((await other.browser.get(`/api/payments/sandbox/${id}`)).statusCode).toBe(404);
    expect((await other.browser.post(`/api/payments/sandbox/${id}/pay`)).statusCode).toBe(404);
    expect((await new Browser(t.app).get(`/api/payments/sandbox/${id}`)).statusCode).toBe(401);
    expect((await shown(admin.browser, id)).status).toBe('pending');
  });

  it('applies the same webhook ten times, even at once, as one', async () => {
    const payer = await loggedIn(t, 'customer');
    const { id } = await opened(payer);
    const succeeded = event(id, 'payment.succeeded');
    const answers = await Promise.all(Array.from({ length: 10 }, () => send(succeeded)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(await eventsOf(id)).toEqual(['PaymentCreated', 'PaymentCompleted']);
    expect((await shown(payer.browser, id)).status).toBe('completed');
  });

  it('refuses a forged or missing signature with a 400, and changes nothing', async () => {
    const payer = await loggedIn(t, 'customer');
    const { id } = await opened(payer);
    const body = JSON.stringify(event(id, 'payment.succeeded'));
    const now = Math.floor(Date.now() / 1000);
    for (const signature of [signSandboxWebhook('not-the-secret', body, now), `t=${now},v1=00`, '', 'garbage']) {
      const res = await webhook(body, signature);
      expect([res.statusCode, res.json()]).toEqual([400, { message: 'Firma del webhook non valida.' }]);
    }
    // The right signature over another body is no signature of this one.
    const signed = signSandboxWebhook(await secret(), body, now);
    const tampered = await webhook(body.replace('payment.succeeded', 'refund.succeeded'), signed);
    expect(tampered.statusCode).toBe(400);
    expect(await eventsOf(id)).toEqual(['PaymentCreated']);
    expect((await shown(payer.browser, id)).status).toBe('pending');
  });

  it('ends as the latest fact says when the events arrive out of order', async () => {
    const payer = await loggedIn(t, 'customer');
    const { id } = await opened(payer);
    expect((await send(event(id, 'payment.succeeded'))).statusCode).toBe(200);
    expect((await send(event(id, 'payment.processing'))).statusCode).toBe(200);
    expect((await send(event(id, 'payment.failed'))).statusCode).toBe(200);
    expect((await shown(payer.browser, id)).status).toBe('completed');

    // A refund that overtook the payment's confirmation: paid, then refunded, and the late confirmation changes nothing.
    const second = await opened(payer);
    expect((await send(event(second.id, 'refund.succeeded'))).statusCode).toBe(200);
    expect((await send(event(second.id, 'payment.succeeded'))).statusCode).toBe(200);
    expect(await eventsOf(second.id)).toEqual(['PaymentCreated', 'PaymentCompleted', 'PaymentRefunded']);
    expect((await shown(payer.browser, second.id)).status).toBe('refunded');
  });

  it('refunds a paid payment once, through the provider, with the refund’s own key', async () => {
    const payer = await loggedIn(t, 'customer');
    const { id } = await opened(payer);
    await payer.browser.post(`/api/payments/sandbox/${id}/pay`);
    const first = await admin.browser.post(`/api/admin/payments/${id}/refund`);
    expect([first.statusCode, first.json().status]).toEqual([200, 'refunded']);
    const again = await admin.browser.post(`/api/admin/payments/${id}/refund`);
    expect([again.statusCode, again.json().status]).toEqual([200, 'refunded']);
    expect((await eventsOf(id)).filter((type) => type.startsWith('PaymentRefund'))).toEqual(['PaymentRefundRequested', 'PaymentRefunded']);

    const unpaid = await opened(payer);
    const refused = await admin.browser.post(`/api/admin/payments/${unpaid.id}/refund`);
    expect([refused.statusCode, refused.json()]).toEqual([409, { message: 'Il pagamento è in attesa: si rimborsa solo un pagamento completato.' }]);
  });

  it('refunds parts under the caller’s keys: the same key twice refunds once, parts add up to the total, past it refused; the whole refund then refunds what is left', async () => {
    const payer = await loggedIn(t, 'customer');
    const { id } = await opened(payer);
    await payer.browser.post(`/api/payments/sandbox/${id}/pay`);
    // The sandbox's refund webhooks, counted as they reach the app: money moving at the provider.
    const delivered: string[] = [];
    const deliver = sandboxDelivery(t.app);
    const providers = providersOf(t.system.db, async (hook) => {
      delivered.push(JSON.parse(hook.body).refundKey);
      await deliver(hook);
    });
    const deps = { store: t.system.store, providers };
    const part = (refundKey: string, amountCents: number) => refundPart(deps, id, { refundKey, amountCents, reason: 'Segnalazione risolta' }, systemContext());
    const record = async () => {
      expect(await t.system.projections.waitFor((await t.system.store.readStream(`payment-${id}`)).at(-1)!.position, hangAfter(5000))).toBe(true);
      const res = await admin.browser.get(`/api/admin/payments/${id}`);
      return res.json<{ status: string; refundedAmount: number }>();
    };

    await part('report-a', 1000);
    await part('report-a', 1000);
    // Confirmed already (the sandbox answers at once): the provider is not even asked again.
    expect(delivered).toEqual(['report-a']);
    expect(await record()).toMatchObject({ status: 'completed', refundedAmount: 10 });
    expect((await eventsOf(id)).filter((type) => type === 'PaymentRefunded')).toHaveLength(1);

    await expect(part('report-b', 1991)).rejects.toMatchObject({
      kind: 'rule',
      message: 'Il rimborso di € 19,91 supera quanto resta da rimborsare di questo pagamento (€ 19,90).',
    });
    await part('report-b', 990);
    expect(await record()).toMatchObject({ status: 'completed', refundedAmount: 19.9 });

    // The whole payment's refund (an order cancelled, the admin's button) refunds the € 10,00 left.
    const whole = await admin.browser.post(`/api/admin/payments/${id}/refund`);
    expect([whole.statusCode, whole.json().status, whole.json().refundedAmount]).toEqual([200, 'refunded', 29.9]);
    const rows = await t.system.pool.query(
      `SELECT amount_cents::int AS amount FROM payment_transactions WHERE transaction_type = 'refund' AND metadata ->> 'refundOf' = $1 ORDER BY amount_cents`,
      [id],
    );
    expect(rows.rows.map((r) => r.amount)).toEqual([990, 1000, 1000]);
    await expect(part('report-c', 1)).rejects.toMatchObject({ kind: 'rule', message: 'Questo pagamento è già stato rimborsato per intero: non resta nulla da rimborsare.' });
  });

  it('opens nothing while the sandbox is off, and pays nothing on its page', async () => {
    const payer = await loggedIn(t, 'customer');
    const { id } = await opened(payer);
    await settings({ sandboxEnabled: false });
    const paid = await payer.browser.post(`/api/payments/sandbox/${id}/pay`);
    expect(paid.statusCode).toBe(422);
    const providers = providersOf(t.system.db, sandboxDelivery(t.app));
    const fields = {
      userId: payer.id,
      transactionType: 'credit_purchase',
      amountCents: 500,
      currency: 'EUR',
      paymentMethod: 'credit_card',
      paymentProvider: 'sandbox',
      description: 'Crediti',
      packageId: null,
      assignmentId: null,
      metadata: { purpose: { kind: 'credits', credits: 50 } },
    } as const;
    await expect(openPayment({ store: t.system.store, providers }, { fields, returnUrl: '/', cancelUrl: '/' }, systemContext())).rejects.toThrow(
      'I pagamenti di prova non sono attivi',
    );
    // A webhook of a payment opened before is still heard.
    expect((await send(event(id, 'payment.succeeded'))).statusCode).toBe(200);
    await settings({ sandboxEnabled: true });
  });
});

describe('the payment settings', () => {
  it('keep the secrets, show them masked in the answer and the history, and keep them when sent back masked', async () => {
    const stripeSecretKey = 'sk_test_' + 'a'.repeat(24);
    const record = await settings({
      stripePublishableKey: 'pk_test_123',
      stripeSecretKey,
      stripeWebhookSecret: 'whsec_' + 'b'.repeat(24),
      paypalClientId: 'client-1',
      paypalClientSecret: 'c'.repeat(30),
      paypalMode: 'live',
    });
    expect(record).toMatchObject({
      id: 'current',
      currency: 'EUR',
      stripePublishableKey: 'pk_test_123',
      stripeSecretKey: 'sk_…aaaa',
      stripeSecretKeySet: true,
      stripeWebhookSecret: 'whs…bbbb',
      paypalClientSecret: 'ccc…cccc',
      paypalMode: 'live',
    });
    expect(JSON.stringify(record)).not.toContain('aaaaaaaaaa');
    expect(record).not.toHaveProperty('sandboxWebhookSecret');

    const kept = await settings({ stripeSecretKey: 'sk_…aaaa', paypalMode: 'sandbox' });
    expect(kept).toMatchObject({ stripeSecretKey: 'sk_…aaaa', stripeSecretKeySet: true });
    expect((await readPaymentSettings(t.system.db)).stripeSecretKey).toBe(stripeSecretKey);

    const history = await admin.browser.get('/api/admin/history/payment-settings/current');
    expect(history.statusCode, history.body).toBe(200);
    expect(history.body).not.toContain('aaaaaaaaaa');
    expect(history.body).not.toContain('bbbbbbbbbb');
    expect(history.body).not.toContain(await secret());

    // The form sends the whole record back, masked secrets, flags and all, with only what was typed changed.
    const { stripeSecretKey: _masked, paypalClientSecret: _other, ...asShown } = kept;
    expect(await settings({ ...asShown, paypalWebhookId: 'WH-1' })).toMatchObject({ paypalWebhookId: 'WH-1', stripeSecretKeySet: true, paypalClientSecretSet: true });
    expect((await readPaymentSettings(t.system.db)).stripeSecretKey).toBe(stripeSecretKey);

    const cleared = await settings({ clearStripeSecretKey: true });
    expect(cleared).toMatchObject({ stripeSecretKey: null, stripeSecretKeySet: false });
  });

  it('refuses what is not a setting, in Italian, and is for admins only', async () => {
    const res = await admin.browser.request('PUT', '/api/admin/payment-settings/current', { currency: 'USD', paypalMode: 'test' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({ currency: 'Valuta: solo EUR.', paypalMode: 'Modalità PayPal: sandbox o live.' });
    const shopkeeper = await loggedIn(t, 'shopkeeper');
    expect((await shopkeeper.browser.get('/api/admin/payment-settings/current')).statusCode).toBe(403);
  });
});

describe('/api/admin/payments', () => {
  it('lists, filters, shows and exports the movements of money', async () => {
    const payer = await loggedIn(t, 'customer');
    const paid = await opened(payer, { description: 'Crediti AI; pacchetto "grande"', transactionType: 'credit_purchase', amountCents: 1250 });
    await payer.browser.post(`/api/payments/sandbox/${paid.id}/pay`);
    const pending = await opened(payer);
    const list = async (filter: Record<string, unknown>) => {
      const res = await admin.browser.get(`/api/admin/payments?filter=${encodeURIComponent(JSON.stringify(filter))}&sort=${encodeURIComponent('["createdAt","ASC"]')}`);
      expect(res.statusCode, res.body).toBe(200);
      return { rows: res.json<{ id: string; status: string; amount: number; username: string }[]>(), range: res.headers['content-range'] };
    };
    const mine = await list({ userId: payer.id });
    expect(mine.rows.map((r) => [r.id, r.status, r.amount, r.username])).toEqual([
      [paid.id, 'completed', 12.5, payer.username],
      [pending.id, 'pending', 29.9, payer.username],
    ]);
    expect(mine.range).toBe('payments 0-1/2');
    expect((await list({ userId: payer.id, status: 'completed' })).rows.map((r) => r.id)).toEqual([paid.id]);
    expect((await list({ userId: payer.id, transactionType: ['package_purchase'] })).rows.map((r) => r.id)).toEqual([pending.id]);
    expect((await list({ userId: payer.id, paymentMethod: 'paypal' })).rows).toEqual([]);
    // A day ahead: the filter's days are Rome's, a day ahead of UTC for an hour each night.
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect((await list({ userId: payer.id, createdAt_gte: '2000-01-01', createdAt_lte: tomorrow })).rows).toHaveLength(2);
    expect((await list({ userId: payer.id, createdAt_lte: '2000-01-01' })).rows).toEqual([]);
    // The search: the description's words, accents and case ignored; a provider's id pasted whole.
    expect((await list({ userId: payer.id, q: 'crediti ai' })).rows.map((r) => r.id)).toEqual([paid.id]);
    expect((await list({ userId: payer.id, q: 'PIANO PREMIUM' })).rows.map((r) => r.id)).toEqual([pending.id]);
    expect((await list({ userId: payer.id, q: ` ${sandboxTransactionId(paid.id)} ` })).rows.map((r) => r.id)).toEqual([paid.id]);
    expect((await list({ userId: payer.id, q: sandboxTransactionId(paid.id).slice(0, 20) })).rows).toEqual([]);
    const bad = await admin.browser.get(`/api/admin/payments?filter=${encodeURIComponent('{"status":"paid"}')}`);
    expect([bad.statusCode, bad.json().message]).toEqual([400, 'Stato non valido.']);

    const one = await admin.browser.get(`/api/admin/payments/${paid.id}`);
    expect(one.json()).toMatchObject({
      id: paid.id,
      status: 'completed',
      amount: 12.5,
      currency: 'EUR',
      paymentProvider: 'sandbox',
      providerTransactionId: sandboxTransactionId(paid.id),
      metadata: { purpose: { kind: 'test' } },
    });
    const history = await admin.browser.get(`/api/admin/history/payment/${paid.id}`);
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json<{ type: string }[]>().map((e) => e.type)).toEqual(['PaymentCreated', 'PaymentProcessing', 'PaymentCompleted']);

    const csv = await admin.browser.get(
      `/api/admin/payments/export?filter=${encodeURIComponent(JSON.stringify({ userId: payer.id }))}&sort=${encodeURIComponent('["createdAt","ASC"]')}`,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('ID;Data;Utente;Tipo;Importo;Valuta;Metodo;Fornitore;ID del fornitore;Stato;Descrizione;Motivo;Completato il;Rimborsato il');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`${paid.id};`);
    expect(lines[1]).toContain(';credit_purchase;12,50;EUR;credit_card;sandbox;');
    expect(lines[1]).toContain(';"Crediti AI; pacchetto ""grande""";');
    expect(lines[2]).toContain(';29,90;');

    const customer = await loggedIn(t, 'customer');
    expect((await customer.browser.get('/api/admin/payments')).statusCode).toBe(403);
    expect((await customer.browser.get('/api/admin/payments/export')).statusCode).toBe(403);
  });
});
