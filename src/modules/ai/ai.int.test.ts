import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/support/app.js';
import { startChatPeer, type ChatPeer } from '../../../tests/support/chat-peer.js';
import { loggedIn, useLoggedIn, type Person } from '../../../tests/support/marketplace.js';
import { systemContext } from '../../platform/domain/context.js';
import { changeCredits } from '../credits/commands.js';
import { creditsExpireAt } from '../credits/ledger.js';
import { aiCallSweepJob } from './sweep-process.js';
import { hangAfter } from '../../../tests/support/time-limits.js';

const t = useTestApp();
const admin = useLoggedIn(t, 'admin');
let peer: ChatPeer;

const settings = (changes: Record<string, unknown>) => admin.browser.request('PUT', '/api/admin/openai-settings/current', changes);

beforeAll(async () => {
  peer = await startChatPeer();
  // A self-hosted compatible server: no key, one second to answer.
  const res = await settings({ isEnabled: true, baseUrl: peer.baseUrl, model: 'modello-di-prova', maxTokens: 300, temperature: 0.2, timeoutSeconds: 1 });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(() => peer.close());
beforeEach(() => {
  peer.answer((request) => ({
    content: request.messages.some((m) => m.content.includes('"category"'))
      ? '{"category":"Alimentari","tags":["pasta","Artigianale","pasta"]}'
      : 'Pasta fresca fatta a mano ogni mattina.',
  }));
});

/** A shopkeeper with `credits` credits (an admin's adjustment, 12 months). */
async function shopkeeperWith(credits: number): Promise<Person> {
  const person = await loggedIn(t, 'shopkeeper');
  if (credits > 0) {
    const source = { kind: 'adjustment' as const, reason: 'Crediti di prova' };
    const { position } = await changeCredits(
      t.system.store,
      person.id,
      { type: 'AddCredits', lotId: randomUUID(), credits, expiresAt: creditsExpireAt(new Date()), source },
      systemContext(),
    );
    expect(await t.system.projections.waitFor(position!, hangAfter(5000))).toBe(true);
  }
  return person;
}

const describeProduct = (who: Person, key: string = randomUUID(), body: Record<string, unknown> = { name: 'Tagliatelle all’uovo', category: 'Pasta', notes: 'fatte a mano' }) =>
  who.browser.request('POST', '/api/ai/product-description', body, { 'idempotency-key': key });

const credits = async (who: Person) =>
  (await who.browser.get('/api/credits')).json<{
    balance: number;
    totalUsed: number;
    movements: { kind: string; credits: number; action: string | null; description: string }[];
  }>();

describe('an AI function', () => {
  it('answers through the model, charges exactly its cost and lists the movement with what it was for', async () => {
    const shopkeeper = await shopkeeperWith(10);
    const asked = peer.requests.length;
    const res = await describeProduct(shopkeeper);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ text: 'Pasta fresca fatta a mano ogni mattina.', creditsCharged: 1, balance: 9 });
    // The settings reached the model: its name, limits, and an Italian system prompt with the input.
    const request = peer.requests[asked]!;
    expect(request).toMatchObject({ model: 'modello-di-prova', max_tokens: 300, temperature: 0.2 });
    expect(request.messages[0]!.content).toContain('in italiano');
    expect(request.messages[1]!.content).toContain('Tagliatelle all’uovo');
    const after = await credits(shopkeeper);
    expect(after).toMatchObject({ balance: 9, totalUsed: 1 });
    // The owner reads the hold as the use (its charge moves nothing and is left out of their list).
    expect(after.movements).toContainEqual(
      expect.objectContaining({ kind: 'hold', credits: -1, action: 'product-description', description: 'AI: descrizione del prodotto «Tagliatelle all’uovo»' }),
    );
  });

  it('gives the category and tags read from the model’s JSON', async () => {
    const shopkeeper = await shopkeeperWith(5);
    const res = await shopkeeper.browser.request(
      'POST',
      '/api/ai/product-category',
      { name: 'Tagliatelle', categories: ['Alimentari', 'Casa'] },
      { 'idempotency-key': randomUUID() },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ text: 'Alimentari: pasta, artigianale', category: 'Alimentari', tags: ['pasta', 'artigianale'], creditsCharged: 1, balance: 4 });
  });

  it('suggests a price from the comparison the client sends', async () => {
    const shopkeeper = await shopkeeperWith(5);
    peer.answer({ content: '```json\n{"price": 3.2, "reason": "Poco sotto la mediana di 3,40 €."}\n```' });
    const asked = peer.requests.length;
    const res = await shopkeeper.browser.request(
      'POST',
      '/api/ai/price-suggestion',
      { productName: 'Passata di pomodoro', currentPrice: 3.9, comparison: { lowest: 2.8, median: 3.4, highest: 4.1, shops: 7 } },
      { 'idempotency-key': randomUUID() },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ text: 'Poco sotto la mediana di 3,40 €.', suggestedPrice: 3.2, creditsCharged: 1, balance: 4 });
    expect(peer.requests[asked]!.messages[1]!.content).toContain('Prezzo più basso: 2,80 €; mediano: 3,40 €; più alto: 4,10 €');
  });
});

describe('an AI call that fails', () => {
  it('costs nothing when the model answers an error, and says so', async () => {
    const shopkeeper = await shopkeeperWith(3);
    peer.answer({ status: 500 });
    const res = await describeProduct(shopkeeper);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ message: 'Il servizio AI non ha risposto correttamente: i crediti non sono stati addebitati. Riprova più tardi.' });
    const after = await credits(shopkeeper);
    expect(after).toMatchObject({ balance: 3, totalUsed: 0 });
    expect(after.movements).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'hold', credits: -1 }),
        expect.objectContaining({ kind: 'release', credits: 1, description: 'Crediti restituiti: il servizio AI non ha risposto correttamente' }),
      ]),
    );
  });

  it('gives the credits back when the model does not answer in time (504)', async () => {
    const shopkeeper = await shopkeeperWith(3);
    peer.answer({ hang: true });
    const res = await describeProduct(shopkeeper);
    expect(res.statusCode).toBe(504);
    expect(res.json().message).toBe('Il servizio AI non ha risposto entro 1 secondo: i crediti non sono stati addebitati. Riprova più tardi.');
    const after = await credits(shopkeeper);
    expect(after).toMatchObject({ balance: 3, totalUsed: 0 });
    expect(after.movements).toContainEqual(expect.objectContaining({ kind: 'release', credits: 1, description: 'Crediti restituiti: il servizio AI non ha risposto in tempo' }));
  });

  it('gives the credits back when the category is not the JSON asked for', async () => {
    const shopkeeper = await shopkeeperWith(3);
    for (const content of ['Direi alimentari, con le etichette pasta e uovo.', '{"category": "", "tags": "pasta"}', '[]']) {
      peer.answer({ content });
      const res = await shopkeeper.browser.request('POST', '/api/ai/product-category', { name: 'Tagliatelle' }, { 'idempotency-key': randomUUID() });
      expect(res.statusCode, content).toBe(502);
      expect(res.json().message).toBe('Il servizio AI ha dato una risposta non valida: i crediti non sono stati addebitati. Riprova.');
    }
    expect(await credits(shopkeeper)).toMatchObject({ balance: 3, totalUsed: 0 });
  });

  it('refuses without enough credits (422), without asking the model', async () => {
    const shopkeeper = await shopkeeperWith(0);
    const asked = peer.requests.length;
    const res = await describeProduct(shopkeeper);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Crediti esauriti: ne servono 1. Acquistane altri nella pagina Crediti.');
    expect(peer.requests.length).toBe(asked);
  });

  it('holds nothing when the AI is not configured (503)', async () => {
    const shopkeeper = await shopkeeperWith(2);
    await settings({ isEnabled: false });
    try {
      const res = await describeProduct(shopkeeper);
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe('Le funzioni AI non sono attive: l’amministratore deve attivarle nelle impostazioni di OpenAI. Nessun credito è stato usato.');
      const functions = (await shopkeeper.browser.get('/api/ai/functions')).json();
      expect(functions).toMatchObject({ available: false, balance: 2 });
      expect((await credits(shopkeeper)).movements.filter((m) => m.kind !== 'adjustment')).toEqual([]);
    } finally {
      await settings({ isEnabled: true });
    }
  });
});

describe('the same Idempotency-Key', () => {
  it('sent five times, at once and then again, asks the model once and charges once', async () => {
    const shopkeeper = await shopkeeperWith(10);
    const asked = peer.requests.length;
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 5 }, () => describeProduct(shopkeeper, key)));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    for (const again of [await describeProduct(shopkeeper, key), await describeProduct(shopkeeper, key)]) {
      expect(again.json()).toEqual({ text: 'Pasta fresca fatta a mano ogni mattina.', creditsCharged: 1, balance: 9 });
    }
    expect(peer.requests.length - asked).toBe(1);
    const after = await credits(shopkeeper);
    expect(after).toMatchObject({ balance: 9, totalUsed: 1 });
    expect(after.movements.filter((m) => m.kind === 'hold')).toHaveLength(1);
    expect(after.movements.filter((m) => m.kind === 'release')).toHaveLength(0);
  });

  it('answers a failure the same way again, without asking again, and is refused for another request', async () => {
    const shopkeeper = await shopkeeperWith(4);
    const key = randomUUID();
    peer.answer({ status: 500 });
    expect((await describeProduct(shopkeeper, key)).statusCode).toBe(502);
    peer.answer({ content: 'Ora risponderei.' });
    const asked = peer.requests.length;
    expect((await describeProduct(shopkeeper, key)).statusCode).toBe(502);
    expect(peer.requests.length).toBe(asked);
    const other = await describeProduct(shopkeeper, key, { name: 'Un altro prodotto' });
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe(`La chiave Idempotency-Key «${key}» è già stata usata per una richiesta diversa: usane una nuova.`);
    expect(await credits(shopkeeper)).toMatchObject({ balance: 4, totalUsed: 0 });
  });

  it('of an answered call is refused for another input or another function, without asking the model nor charging (issue [16])', async () => {
    const shopkeeper = await shopkeeperWith(5);
    const key = `ai-${randomUUID()}`;
    expect((await describeProduct(shopkeeper, key)).json()).toMatchObject({ creditsCharged: 1, balance: 4 });
    const asked = peer.requests.length;
    const refusal = `La chiave Idempotency-Key «${key}» è già stata usata per una richiesta diversa: usane una nuova.`;
    const other = await describeProduct(shopkeeper, key, { name: 'Un altro prodotto' });
    expect([other.statusCode, other.json().message]).toEqual([409, refusal]);
    const category = await shopkeeper.browser.request('POST', '/api/ai/product-category', { name: 'Tagliatelle', categories: ['Alimentari', 'Casa'] }, { 'idempotency-key': key });
    expect([category.statusCode, category.json().message]).toEqual([409, refusal]);
    expect(peer.requests.length).toBe(asked);
    expect(await credits(shopkeeper)).toMatchObject({ balance: 4, totalUsed: 1 });
  });

  it('of another user is another call', async () => {
    const [one, two] = [await shopkeeperWith(2), await shopkeeperWith(2)];
    const key = randomUUID();
    const asked = peer.requests.length;
    expect((await describeProduct(one, key)).json()).toMatchObject({ creditsCharged: 1, balance: 1 });
    expect((await describeProduct(two, key)).json()).toMatchObject({ creditsCharged: 1, balance: 1 });
    expect(peer.requests.length - asked).toBe(2);
  });
});

describe('the admin’s costs', () => {
  it('lists one row per function at 1 credit; a changed cost applies to the next call', async () => {
    const list = await admin.browser.get('/api/admin/ai-function-costs?sort=["functionName","ASC"]&range=[0,24]');
    expect(list.statusCode, list.body).toBe(200);
    const rows = list.json<{ id: string; functionName: string; creditsCost: number; description: string }[]>();
    expect(rows.map((r) => [r.functionName, r.creditsCost])).toEqual([
      ['price-suggestion', 1],
      ['product-category', 1],
      ['product-description', 1],
      ['review-reply', 1],
      ['shop-description', 1],
    ]);
    expect(list.headers['content-range']).toBe('ai-function-costs 0-4/5');
    const reply = rows.find((r) => r.functionName === 'review-reply')!;
    const changed = await admin.browser.request('PUT', `/api/admin/ai-function-costs/${reply.id}`, { ...reply, creditsCost: 3 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ functionName: 'review-reply', creditsCost: 3 });

    const shopkeeper = await shopkeeperWith(5);
    expect((await shopkeeper.browser.get('/api/ai/functions')).json().functions).toContainEqual(expect.objectContaining({ functionName: 'review-reply', creditsCost: 3 }));
    const res = await shopkeeper.browser.request(
      'POST',
      '/api/ai/review-reply',
      { kind: 'complaint', text: 'Il pane era raffermo.', rating: 2 },
      { 'idempotency-key': randomUUID() },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ creditsCharged: 3, balance: 2 });
    expect((await credits(shopkeeper)).movements).toContainEqual(expect.objectContaining({ kind: 'hold', action: 'review-reply', description: 'AI: risposta a un reclamo' }));
    await admin.browser.request('PUT', `/api/admin/ai-function-costs/${reply.id}`, { creditsCost: 1 });
  });

  it('refuses a duplicate name, a bad cost and a long name in Italian; only admins edit', async () => {
    const duplicate = await admin.browser.post('/api/admin/ai-function-costs', { functionName: 'product-description', creditsCost: 2, description: 'Doppione' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe('La funzione «product-description» ha già il suo costo.');
    const bad = await admin.browser.post('/api/admin/ai-function-costs', { functionName: 'x'.repeat(51), creditsCost: -1, description: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ functionName: 'Nome della funzione: al massimo 50 caratteri.', creditsCost: 'Costo in crediti: un numero intero da 0 a 1000.' });
    const shopkeeper = await shopkeeperWith(0);
    expect((await shopkeeper.browser.get('/api/admin/ai-function-costs')).statusCode).toBe(403);
  });
});

describe('a request the AI function cannot take', () => {
  it('answers 400 in Italian: no key, a missing or too long field, a bad rating', async () => {
    const shopkeeper = await shopkeeperWith(1);
    const noKey = await shopkeeper.browser.post('/api/ai/product-description', { name: 'Pane' });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().message).toBe('Manca l’intestazione Idempotency-Key: serve a non pagare due volte la stessa richiesta.');
    const empty = await describeProduct(shopkeeper, randomUUID(), { name: '  ', notes: 'x'.repeat(2001) });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ name: 'Nome del prodotto: campo obbligatorio.', notes: 'Note: al massimo 2000 caratteri.' });
    const rating = await shopkeeper.browser.request('POST', '/api/ai/review-reply', { kind: 'lode', text: 'Bravi', rating: 6 }, { 'idempotency-key': randomUUID() });
    expect(rating.json().errors).toEqual({ kind: 'Tipo: review (recensione) o complaint (reclamo).', rating: 'Valutazione: un numero intero da 1 a 5.' });
    const price = await shopkeeper.browser.request('POST', '/api/ai/price-suggestion', { productName: 'Pane', currentPrice: 2 }, { 'idempotency-key': randomUUID() });
    expect(price.json().errors).toEqual({ comparison: 'Confronto prezzi: servono lowest, median, highest e shops.' });
    expect((await credits(shopkeeper)).balance).toBe(1);
    const customer = await loggedIn(t, 'customer');
    expect((await customer.browser.request('POST', '/api/ai/product-description', { name: 'Pane' }, { 'idempotency-key': randomUUID() })).statusCode).toBe(403);
  });
});

describe('a call a crash left open', () => {
  it('has its credits given back by the sweep once past its deadline, and answers that it was interrupted', async () => {
    const shopkeeper = await shopkeeperWith(3);
    const key = randomUUID();
    // The model hangs and the process "dies": the request is never answered, its hold stays.
    peer.answer({ hang: true });
    await settings({ timeoutSeconds: 600 });
    const pending = describeProduct(shopkeeper, key);
    await expect.poll(async () => (await credits(shopkeeper)).balance, { timeout: hangAfter(10_000) }).toBe(2);
    // The sweep finds open calls in their read model: the call is there once it shows.
    const open = async () => (await t.system.pool.query<{ status: string }>('SELECT status FROM ai_calls WHERE user_id = $1', [shopkeeper.id])).rows;
    await expect.poll(open, { timeout: hangAfter(10_000) }).toEqual([{ status: 'started' }]);
    // Before its deadline the sweep leaves it alone.
    await aiCallSweepJob.run(t.system, new Date());
    expect((await credits(shopkeeper)).balance).toBe(2);
    // Past it (600 s and the grace), the credits go back.
    await aiCallSweepJob.run(t.system, new Date(Date.now() + 11 * 60_000));
    await expect
      .poll(async () => (await credits(shopkeeper)).movements, { timeout: hangAfter(10_000) })
      .toContainEqual(expect.objectContaining({ kind: 'release', credits: 1, description: 'Crediti restituiti: la richiesta al servizio AI si è interrotta' }));
    expect((await credits(shopkeeper)).balance).toBe(3);
    // The hung request ends (the peer closes it) and is not charged after all.
    await settings({ timeoutSeconds: 1 });
    peer.answer({ content: 'Troppo tardi.' });
    await peer.close();
    const late = await pending;
    expect(late.statusCode).toBe(502);
    expect(late.json().message).toBe('La richiesta al servizio AI si è interrotta: i crediti non sono stati addebitati. Riprova.');
    expect(await credits(shopkeeper)).toMatchObject({ balance: 3, totalUsed: 0 });
    peer = await startChatPeer();
    await settings({ baseUrl: peer.baseUrl });
  });
});
