import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/support/app.js';
import { readModelsCaughtUp } from '../../../tests/support/caught-up.js';
import { activeWork } from '../../../tests/support/collaboration.js';
import { loggedIn, useLoggedIn, type Person } from '../../../tests/support/marketplace.js';
import { systemContext } from '../../platform/domain/context.js';
import { DomainError } from '../../platform/domain/errors.js';
import { ledgerOf } from '../credits/commands.js';
import { balanceAt } from '../credits/ledger.js';
import { appeal, upkeepCases, type Deps } from './commands.js';
import { caseDetail } from './queries.js';

const t = useTestApp();
const admin = useLoggedIn(t, 'admin');
const secondAdmin = useLoggedIn(t, 'admin');
const day = 24 * 3_600_000;
const caughtUp = async () => expect(await readModelsCaughtUp(t.system)).toBe(true);
const deps = (): Deps => ({
  ...t.system,
  secret: t.system.secret,
  payments: {
    providers: async () => {
      throw new Error('no provider in this test');
    },
  },
});

const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4cf0000000049454e44ae426082', 'hex');
function upload(who: Person, caseId: string, body = png, filename = 'vetrina.png', type = 'image/png') {
  const boundary = `----vicino${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    body,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return who.browser.request('POST', `/api/complaints/${caseId}/evidence`, payload, { 'content-type': `multipart/form-data; boundary=${boundary}` });
}

const complaint = (overrides: Record<string, unknown> = {}) => ({
  complaintType: 'quality_issue',
  title: 'Prodotti caricati con prezzi sbagliati',
  description: 'Metà dei prezzi del catalogo inseriti durante la sessione sono errati.',
  severity: 'high',
  urgency: 'high',
  witnessContacts: [{ name: 'Anna Verdi', contact: '333 1234567' }],
  ...overrides,
});

describe('a complaint on a collaboration session', () => {
  it('goes from the shopkeeper to an admin, the collaborator answers, compensation is paid once, the appeal goes to another admin; the case page tells it all in order', async () => {
    const { shop, c, session } = await activeWork(t, admin);
    const filed = await shop.owner.browser.post('/api/complaints', { sessionId: session.id, ...complaint() });
    expect(filed.statusCode, filed.body).toBe(201);
    const id = filed.json().id;
    expect(filed.json()).toMatchObject({
      kind: 'complaint',
      status: 'submitted',
      myRole: 'complainant',
      sessionId: session.id,
      storeId: shop.store.id,
      complainant: { id: shop.owner.id, type: 'shopkeeper' },
      respondent: { id: c.id, type: 'collaborator' },
      compensation: { status: 'none' },
    });
    // Four hours for a "high" case's first response.
    expect(Date.parse(filed.json().firstResponseDueAt) - Date.parse(filed.json().submittedAt)).toBe(4 * 3_600_000);
    // Once per session and party.
    expect((await shop.owner.browser.post('/api/complaints', { sessionId: session.id, ...complaint() })).statusCode).toBe(409);

    const photo = await upload(shop.owner, id);
    expect(photo.statusCode, photo.body).toBe(201);
    const [file] = photo.json().evidence;
    expect(file).toMatchObject({ name: 'vetrina.png', contentType: 'image/png', sizeBytes: png.length });
    const served = await shop.owner.browser.get(file.url);
    expect([served.statusCode, served.headers['content-type'], served.headers['cache-control']]).toEqual([200, 'image/png', 'private, no-store']);
    expect(served.rawPayload.equals(png)).toBe(true);
    // The collaborator is told at once, reads the case and its file, and may write in it; answering the admin waits for a question.
    expect((await c.browser.get(`/api/complaints/${id}`)).json()).toMatchObject({ id, myRole: 'respondent' });
    expect((await c.browser.get(file.url)).statusCode).toBe(200);
    expect((await c.browser.get('/api/complaints')).json().map((k: { id: string }) => k.id)).toEqual([id]);
    await expect
      .poll(async () => (await c.browser.get('/api/notifications')).json())
      .toEqual(expect.arrayContaining([expect.objectContaining({ title: 'Reclamo su una sessione', link: `/complaints/${id}` })]));
    expect((await c.browser.post(`/api/complaints/${id}/respond`, { text: 'Non mi è stato chiesto' })).statusCode).toBe(404);

    // An admin takes it, asks the collaborator; the collaborator answers with a file of their own.
    const taken = await admin.browser.post(`/api/admin/complaints/${id}/take`);
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json()).toMatchObject({ status: 'under_review', assignedAdminId: admin.id, firstResponseLate: false });
    expect((await secondAdmin.browser.post(`/api/admin/complaints/${id}/ask`, { question: 'Puoi spiegare?' })).json().message).toMatch(/in carico a un altro amministratore/);
    const asked = await admin.browser.post(`/api/admin/complaints/${id}/ask`, { question: 'Perché i prezzi sono sbagliati?' });
    expect(asked.json()).toMatchObject({ status: 'investigating' });
    expect(Date.parse(asked.json().respondentAnswerBy) - Date.parse(asked.json().respondentAskedAt)).toBe(3 * day);
    expect((await admin.browser.post(`/api/admin/complaints/${id}/messages`, { text: 'Verificare il listino del fornitore.', internal: true })).statusCode).toBe(200);
    const seen = await c.browser.get(`/api/complaints/${id}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({ myRole: 'respondent', assignedAdminName: 'Amministrazione Vicino' });
    expect(seen.json().timeline.map((e: { title: string }) => e.title)).not.toContain('Nota interna');
    expect((await c.browser.get(file.url)).statusCode).toBe(200);
    const answered = await c.browser.post(`/api/complaints/${id}/respond`, { text: 'Ho usato il listino che mi è stato dato.' });
    expect(answered.statusCode, answered.body).toBe(200);
    expect((await upload(c, id, Buffer.from('%PDF-1.4\n%prova\n'), 'listino.pdf', 'application/pdf')).statusCode).toBe(201);
    // The shopkeeper may not answer in the collaborator's place.
    expect((await shop.owner.browser.post(`/api/complaints/${id}/respond`, { text: 'io' })).statusCode).toBe(404);

    // Resolved with 20 credits; approving twice pays once.
    const resolved = await admin.browser.post(`/api/admin/complaints/${id}/resolve`, {
      adminResponse: 'Il listino era sbagliato, ma i controlli andavano fatti.',
      resolutionAction: 'Indennizzo in crediti al negozio.',
      compensation: { method: 'credits', credits: 20 },
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json()).toMatchObject({ status: 'resolved', compensation: { method: 'credits', credits: 20, status: 'pending' } });
    const before = balanceAt(await ledgerOf(t.system.store, shop.owner.id), new Date());
    const approvals = await Promise.all([1, 2, 3].map(() => admin.browser.post(`/api/admin/complaints/${id}/approve-compensation`)));
    expect(approvals.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect((await admin.browser.post(`/api/admin/complaints/${id}/approve-compensation`)).json().compensation).toMatchObject({ status: 'paid' });
    expect(balanceAt(await ledgerOf(t.system.store, shop.owner.id), new Date()) - before).toBe(20);
    const stream = await t.system.store.readStream(`complaint-${id}`);
    expect(stream.filter((e) => e.type === 'CaseCompensationPaid')).toHaveLength(1);
    expect(stream.filter((e) => e.type === 'CaseCompensationApproved')).toHaveLength(1);

    // The respondent may not appeal; the complainant appeals once; the first admin may not review it.
    expect((await c.browser.post(`/api/complaints/${id}/appeal`, { reason: 'No' })).statusCode).toBe(403);
    const appealed = await shop.owner.browser.post(`/api/complaints/${id}/appeal`, { reason: 'Voglio anche il rimborso del pacchetto.' });
    expect(appealed.statusCode, appealed.body).toBe(200);
    expect(appealed.json()).toMatchObject({ status: 'appealed', round: 2, canAppeal: false, assignedAdminId: null });
    expect((await shop.owner.browser.post(`/api/complaints/${id}/appeal`, { reason: 'Ancora' })).statusCode).toBe(409);
    const sameAdmin = await admin.browser.post(`/api/admin/complaints/${id}/take`);
    expect([sameAdmin.statusCode, sameAdmin.json().message]).toEqual([403, 'Il ricorso va esaminato da un amministratore diverso da chi ha preso la prima decisione.']);
    expect((await secondAdmin.browser.post(`/api/admin/complaints/${id}/take`)).json()).toMatchObject({ status: 'under_review', assignedAdminId: secondAdmin.id });
    const closed = await secondAdmin.browser.post(`/api/admin/complaints/${id}/reject`, { reason: 'L’indennizzo già pagato è adeguato.' });
    expect(closed.json()).toMatchObject({ status: 'rejected', round: 2, appealBy: null, canAppeal: false, compensation: { status: 'paid', credits: 20 } });

    // The case page tells the whole story in order, to the parties without the internal note.
    const page = (await shop.owner.browser.get(`/api/complaints/${id}`)).json();
    expect(page.timeline.map((e: { type: string }) => e.type)).toEqual([
      'CaseFiled',
      'CaseEvidenceAdded',
      'CaseTaken',
      'CaseRespondentAsked',
      'CaseRespondentAnswered',
      'CaseEvidenceAdded',
      'CaseResolved',
      'CaseCompensationApproved',
      'CaseCompensationPaid',
      'CaseAppealed',
      'CaseTaken',
      'CaseRejected',
    ]);
    expect(page.timeline[4]).toMatchObject({ title: 'Risposta dell’altra parte', detail: 'Ho usato il listino che mi è stato dato.', actor: { id: c.id } });
    expect(page.evidence).toHaveLength(2);
    const adminPage = (await admin.browser.get(`/api/admin/complaints/${id}`)).json();
    expect(adminPage.timeline).toHaveLength(13);
    expect(adminPage.timeline.find((e: { internal: boolean }) => e.internal)).toMatchObject({ title: 'Nota interna', actor: { id: admin.id } });

    // Each party heard of the moves that concern them.
    const titles = async (who: Person) => (await who.browser.get('/api/notifications')).json<{ title: string; link: string }[]>();
    expect((await titles(c)).map((n) => n.title)).toEqual(
      expect.arrayContaining(['Reclamo su una sessione', 'Ti chiediamo di rispondere', 'Caso risolto', 'Ricorso presentato', 'Caso respinto']),
    );
    expect((await titles(shop.owner)).map((n) => n.title)).toEqual(
      expect.arrayContaining(['Caso in esame', 'L’altra parte ha risposto', 'Caso risolto', 'Indennizzo pagato', 'Ricorso in esame', 'Caso respinto']),
    );
    expect((await titles(shop.owner)).find((n) => n.title === 'Indennizzo pagato')?.link).toBe(`/complaints/${id}`);

    // The admin's history shows the case as it stood after any step.
    const asOf = await admin.browser.get(`/api/admin/history/complaint/${id}/as-of/2`);
    expect(asOf.statusCode, asOf.body).toBe(200);
    expect(asOf.json().state).toMatchObject({ status: 'under_review', round: 1 });
  });

  it('an "immediate" security breach revokes the session at once: the collaborator’s very next request for the shop is refused', async () => {
    const { shop, c, session } = await activeWork(t, admin);
    const productId = shop.productIds[0]!;
    expect((await c.browser.request('PATCH', `/api/products/${productId}`, { price: 4.1 })).statusCode).toBe(200);
    const filed = await shop.owner.browser.post('/api/complaints', {
      sessionId: session.id,
      ...complaint({ complaintType: 'security_breach', urgency: 'immediate', title: 'Codice usato da un’altra persona' }),
    });
    expect(filed.statusCode, filed.body).toBe(201);
    expect(Date.parse(filed.json().firstResponseDueAt) - Date.parse(filed.json().submittedAt)).toBe(3_600_000);
    expect((await shop.owner.browser.get(`/api/collaboration-sessions/${session.id}`)).json()).toMatchObject({ status: 'revoked' });
    const refused = await c.browser.request('PATCH', `/api/products/${productId}`, { price: 4.2 });
    expect(refused.statusCode).toBe(403);
  });

  it('a party sees only their cases, an admin all, nobody else any; a file of one case is never served through another', async () => {
    const one = await activeWork(t, admin);
    const two = await activeWork(t, admin);
    const a = (await one.shop.owner.browser.post('/api/complaints', { sessionId: one.session.id, ...complaint() })).json();
    const b = (await two.c.browser.post('/api/complaints', { sessionId: two.session.id, ...complaint({ complaintType: 'payment_dispute', title: 'Pagamento' }) })).json();
    expect(b).toMatchObject({ complainant: { id: two.c.id, type: 'collaborator' }, respondent: { id: two.shop.owner.id } });
    const fileA = (await upload(one.shop.owner, a.id)).json().evidence[0];
    // Strangers: another shopkeeper, another case's party, a customer, a collaborator of another session.
    const customer = await loggedIn(t, 'customer');
    for (const who of [two.shop.owner, two.c, customer]) {
      expect((await who.browser.get(`/api/complaints/${a.id}`)).statusCode).toBe(404);
      expect((await who.browser.get(fileA.url)).statusCode).toBe(404);
      expect((await upload(who, a.id)).statusCode).toBe(404);
      expect((await who.browser.post(`/api/complaints/${a.id}/messages`, { text: 'ciao' })).statusCode).toBe(404);
    }
    // The file of case A asked through case B, even by B's complainant: not found.
    expect((await two.c.browser.get(`/api/complaints/${b.id}/evidence/${fileA.id}`)).statusCode).toBe(404);
    // A stranger cannot complain about someone else's session.
    expect((await two.shop.owner.browser.post('/api/complaints', { sessionId: one.session.id, ...complaint() })).statusCode).toBe(404);
    expect((await customer.browser.post('/api/complaints', { sessionId: one.session.id, ...complaint() })).statusCode).toBe(403);
    // Each party lists their own.
    expect((await one.shop.owner.browser.get('/api/complaints')).json().map((x: { id: string }) => x.id)).toEqual([a.id]);
    expect((await two.c.browser.get('/api/complaints')).json().map((x: { id: string }) => x.id)).toEqual([b.id]);
    expect((await customer.browser.get('/api/complaints')).json()).toEqual([]);
    // Admins list all, what is due first on top; non-admins are refused the admin's calls.
    const list = await admin.browser.get('/api/admin/complaints?sort=["dueAt","ASC"]&range=[0,99]');
    expect(list.statusCode, list.body).toBe(200);
    const ids = list.json().map((x: { id: string }) => x.id);
    expect(ids).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(ids.indexOf(a.id)).toBeLessThan(ids.indexOf(b.id));
    expect((await one.shop.owner.browser.get('/api/admin/complaints')).statusCode).toBe(403);
    expect((await one.shop.owner.browser.post(`/api/admin/complaints/${a.id}/take`)).statusCode).toBe(403);
    const summary = (await admin.browser.get('/api/admin/complaints-summary')).json();
    expect(summary.open.high).toBeGreaterThanOrEqual(2);
  });

  it('deadlines: the first response late once its SLA passes, the other party noted late after 3 days (once), an appeal after 7 days refused', async () => {
    const { shop, c, session } = await activeWork(t, admin);
    const id = (await c.browser.post('/api/complaints', { sessionId: session.id, ...complaint({ urgency: 'immediate', complaintType: 'time_violation', title: 'Orari' }) })).json()
      .id;
    await caughtUp();
    const reader = { id: admin.id, role: 'admin' };
    expect((await caseDetail(t.system.db, reader, id, new Date())).late).toBe(false);
    expect(await caseDetail(t.system.db, reader, id, new Date(Date.now() + 2 * 3_600_000))).toMatchObject({ late: true, firstResponseLate: true });
    await admin.browser.post(`/api/admin/complaints/${id}/take`);
    await admin.browser.post(`/api/admin/complaints/${id}/ask`, { question: 'Il negozio era aperto?' });
    await caughtUp();
    const later = new Date(Date.now() + 3 * day + 60_000);
    expect(await upkeepCases(deps(), later, systemContext(later))).toMatchObject({ late: 1 });
    await caughtUp();
    expect(await upkeepCases(deps(), later, systemContext(later))).toMatchObject({ late: 0 });
    const page = (await c.browser.get(`/api/complaints/${id}`)).json();
    expect(page.timeline.at(-1)).toMatchObject({ type: 'CaseRespondentLate', title: 'Nessuna risposta nei termini' });
    // The shopkeeper answers late: still taken; the decision; an appeal 8 days later is refused.
    expect((await shop.owner.browser.post(`/api/complaints/${id}/respond`, { text: 'Sì, era aperto.' })).statusCode).toBe(200);
    expect((await admin.browser.post(`/api/admin/complaints/${id}/reject`, { reason: 'Orari rispettati.' })).statusCode).toBe(200);
    const tooLate = new Date(Date.now() + 8 * day);
    await expect(appeal(deps(), id, c.id, 'Non sono d’accordo', systemContext(tooLate))).rejects.toThrow(new DomainError('Il termine di 7 giorni per il ricorso è scaduto.'));
    expect((await c.browser.post(`/api/complaints/${id}/appeal`, { reason: 'Non sono d’accordo' })).statusCode).toBe(200);
  });

  it('refuses bad input with Italian messages', async () => {
    const { shop, session } = await activeWork(t, admin);
    const bad = await shop.owner.browser.post('/api/complaints', { sessionId: session.id, complaintType: 'rumore', title: '', description: 'x', urgency: 'subito' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatch(/Tipo di reclamo/);
    const id = (await shop.owner.browser.post('/api/complaints', { sessionId: session.id, ...complaint() })).json().id;
    const text = await upload(shop.owner, id, Buffer.from('just text'), 'a.txt', 'text/plain');
    expect([text.statusCode, text.json().message]).toEqual([415, 'Formato non supportato: carica un’immagine JPEG, PNG o WebP, oppure un PDF.']);
    await admin.browser.post(`/api/admin/complaints/${id}/take`);
    const noAmount = await admin.browser.post(`/api/admin/complaints/${id}/resolve`, {
      adminResponse: 'ok',
      resolutionAction: 'ok',
      compensation: { method: 'refund', amount: 0 },
    });
    expect(noAmount.statusCode).toBe(400);
    const tooMuch = await admin.browser.post(`/api/admin/complaints/${id}/resolve`, {
      adminResponse: 'ok',
      resolutionAction: 'ok',
      compensation: { method: 'refund', amount: 5000 },
    });
    expect([tooMuch.statusCode, tooMuch.json().message]).toEqual([422, 'Il rimborso supera l’importo pagato.']);
  });

  it('refuses a refund in fractions of a cent on a session paid online (issue [16]): 422 in Italian, and the read model keeps running', async () => {
    const { shop, session } = await activeWork(t, admin);
    const id = (await shop.owner.browser.post('/api/complaints', { sessionId: session.id, ...complaint() })).json().id;
    expect((await admin.browser.post(`/api/admin/complaints/${id}/take`)).statusCode).toBe(200);
    const resolved = await admin.browser.post(`/api/admin/complaints/${id}/resolve`, {
      adminResponse: 'x',
      resolutionAction: 'x',
      compensation: { method: 'refund', amount: 0.001 },
    });
    expect([resolved.statusCode, resolved.json().message]).toEqual([422, 'Importo dell’indennizzo: un importo da € 0,00 a € 10.000,00, al centesimo.']);
    await caughtUp();
    expect((await admin.browser.get(`/api/admin/complaints/${id}`)).json()).toMatchObject({ status: 'under_review', compensation: { status: 'none' } });
    // The next case is stored and read as ever.
    const next = await activeWork(t, admin);
    const filed = await next.shop.owner.browser.post('/api/complaints', { sessionId: next.session.id, ...complaint() });
    expect(filed.statusCode, filed.body).toBe(201);
    expect((await next.shop.owner.browser.get(`/api/complaints/${filed.json().id}`)).statusCode).toBe(200);
  });
});
